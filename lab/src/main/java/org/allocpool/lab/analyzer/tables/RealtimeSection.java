package org.allocpool.lab.analyzer.tables;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.allocpool.lab.analyzer.AnalyzerCellFields;
import org.allocpool.lab.analyzer.AnalyzerMatrix;
import org.allocpool.lab.analyzer.AnalyzerMetricsView;
import org.allocpool.lab.records.LabRecord;

/**
 * The real-time records measured alike, which one set of tables shows: all searches or all at one
 * fixed interval, all at the article's heaps or all at one heap given with {@code --heap}. A
 * results folder may hold several (e.g. a run with the article's heaps and one with {@code --heap 10g}).
 * Immutable; safe to share.
 *
 * @param intervalNs    the fixed interval, or {@code null} for searches of the smallest loss-free one
 * @param heap          the heap every cell had, or {@code null} for the article's heap per strategy
 * @param results       the cells
 * @param configuration the JVM variant and packet shape of its cells (never two in one section)
 */
record RealtimeSection(Long intervalNs, String heap, AnalyzerResults results, Configuration configuration) {

    /** {@code  (heap 10g, compact)}: what headings add after a title, empty for the article's heaps and the default. */
    String title() {
        List<String> parts = new ArrayList<>();
        if (heap != null) {
            parts.add("heap " + heap);
        }
        if (!configuration.label().equals("default")) {
            parts.add(configuration.label());
        }
        return parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")";
    }

    /**
     * The sections of {@code records} (batch ones are left out): searches first, then by interval; article
     * heaps first. C++ records, which have no heap, join every section measured as they were.
     */
    static List<RealtimeSection> of(List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> records) {
        Map<Key, List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>>> grouped = new LinkedHashMap<>();
        List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> cpp = new ArrayList<>();
        for (LabRecord<AnalyzerCellFields, AnalyzerMetricsView> record : records) {
            AnalyzerCellFields cell = record.cell();
            if (cell == null || !cell.isRealtime()) {
                continue;
            }
            if (cell.isCpp()) {
                cpp.add(record);
                continue;
            }
            grouped.computeIfAbsent(new Key(interval(cell), givenHeap(cell), Configuration.of(cell, false)),
                    k -> new ArrayList<>()).add(record);
        }
        for (LabRecord<AnalyzerCellFields, AnalyzerMetricsView> record : cpp) {
            Long interval = interval(record.cell());
            Configuration shape = Configuration.of(record.cell(), false);
            List<Key> alike = grouped.keySet().stream().filter(k -> Objects.equals(k.intervalNs(), interval)
                    && k.configuration().sharesShape(shape)).toList();
            if (alike.isEmpty()) {
                grouped.computeIfAbsent(new Key(interval, null, shape), k -> new ArrayList<>()).add(record);
            }
            alike.forEach(k -> grouped.get(k).add(record));
        }
        List<RealtimeSection> sections = new ArrayList<>();
        grouped.forEach((key, group) -> sections.add(new RealtimeSection(key.intervalNs(), key.heap(),
                new AnalyzerResults(group), key.configuration())));
        sections.sort(Comparator.comparing((RealtimeSection s) -> s.intervalNs() == null ? -1L : s.intervalNs())
                .thenComparing(s -> s.configuration().variant() == null ? "" : s.configuration().variant())
                .thenComparingInt(s -> s.configuration().packetSize())
                .thenComparingInt(s -> s.configuration().keepOneIn())
                .thenComparing(s -> s.heap() == null ? "" : s.heap()));
        return List.copyOf(sections);
    }

    /** The fixed interval of a real-time cell, or {@code null} for a search. */
    private static Long interval(AnalyzerCellFields cell) {
        String measure = cell.measure();
        return measure.contains("@") ? Long.valueOf(measure.substring(measure.indexOf('@') + 1)) : null;
    }

    /** The cell's heap when it differs from the article's for its strategy (so was given), else {@code null}. */
    private static String givenHeap(AnalyzerCellFields cell) {
        String heap = cell.heap();
        String strategy = cell.strategy();
        if (heap == null || heap.isBlank() || !AnalyzerMatrix.STRATEGIES.contains(strategy)) {
            return null;
        }
        return Objects.equals(AnalyzerMatrix.sameHeap(heap), AnalyzerMatrix.sameHeap(AnalyzerMatrix.defaultHeap(strategy)))
                ? null : heap;
    }

    /** What records of one section share. */
    private record Key(Long intervalNs, String heap, Configuration configuration) {
    }
}

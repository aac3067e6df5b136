package org.allocpool.lab.analyzer.tables;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.allocpool.lab.analyzer.AnalyzerCellFields;
import org.allocpool.lab.analyzer.AnalyzerMatrix;
import org.allocpool.lab.analyzer.AnalyzerMetricsView;
import org.allocpool.lab.analyzer.PacketShape;
import org.allocpool.lab.records.LabRecord;

/**
 * Analyzer records split by {@link Configuration}, so that no table, ratio or verdict mixes two: by
 * JVM variant, by packet shape, and by heap where one cell was run with several heaps (a run with
 * {@code --heap 2g,10g}); a run of one configuration is one group, as it always was. C++ records,
 * which have no variant and no heap, join every group of their packet shape. Groups come baseline
 * first (the default variant, the article's packets, the smallest heap), then as met. Immutable
 * after construction; safe to share.
 */
final class Configurations {

    private final Map<Configuration, List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>>> groups;

    Configurations(List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> records) {
        boolean byHeap = heapsAreColumns(records);
        Map<Configuration, List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>>> java = new LinkedHashMap<>();
        List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> cpp = new ArrayList<>();
        for (LabRecord<AnalyzerCellFields, AnalyzerMetricsView> record : records) {
            if (record.cell() == null) {
                continue;
            }
            if (record.cell().isCpp()) {
                cpp.add(record);
            } else {
                java.computeIfAbsent(Configuration.of(record.cell(), byHeap), k -> new ArrayList<>()).add(record);
            }
        }
        for (LabRecord<AnalyzerCellFields, AnalyzerMetricsView> record : cpp) {
            Configuration shape = Configuration.of(record.cell(), false);
            List<Configuration> alike = java.keySet().stream().filter(c -> c.sharesShape(shape)).toList();
            if (alike.isEmpty()) {
                java.computeIfAbsent(shape, k -> new ArrayList<>()).add(record);
            }
            alike.forEach(c -> java.get(c).add(record));
        }
        List<String> variants = new ArrayList<>();
        java.keySet().forEach(c -> {
            if (c.variant() != null && !variants.contains(c.variant())) {
                variants.add(c.variant());
            }
        });
        List<Configuration> order = new ArrayList<>(java.keySet());
        order.sort(Comparator.comparingInt((Configuration c) -> c.variant() == null ? -1 : variants.indexOf(c.variant()))
                .thenComparingInt(c -> c.packetSize() == PacketShape.ARTICLE_PACKET_SIZE ? -1 : c.packetSize())
                .thenComparingInt(c -> c.keepOneIn() == PacketShape.ARTICLE_KEEP_ONE_IN ? -1 : c.keepOneIn())
                .thenComparingLong(c -> c.heap() == null ? -1 : kib(c.heap())));
        Map<Configuration, List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>>> sorted = new LinkedHashMap<>();
        order.forEach(c -> sorted.put(c, List.copyOf(java.get(c))));
        this.groups = sorted;
    }

    /** The configurations, baseline first. */
    List<Configuration> all() {
        return List.copyOf(groups.keySet());
    }

    /** The records of {@code configuration} (its C++ records too). */
    List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> records(Configuration configuration) {
        return groups.getOrDefault(configuration, List.of());
    }

    /** The configuration the others are set beside: the first. */
    Configuration baseline() {
        return groups.keySet().iterator().next();
    }

    /** Whether there is more than one configuration, so that tables and verdicts name theirs. */
    boolean areSeveral() {
        return groups.size() > 1;
    }

    /**
     * Whether some Java cell (one variant, collector, strategy, case, measure and packet shape) was run with
     * more than one heap: then heaps are columns of the run, and each heap a configuration of its own.
     */
    static boolean heapsAreColumns(List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> records) {
        Map<String, Set<String>> heaps = new HashMap<>();
        for (LabRecord<AnalyzerCellFields, AnalyzerMetricsView> record : records) {
            AnalyzerCellFields cell = record.cell();
            if (cell == null || cell.isCpp() || cell.heap() == null) {
                continue;
            }
            String cellWithoutHeap = String.join("|", Objects.requireNonNullElse(cell.variant(), ""),
                    Objects.requireNonNullElse(cell.gc(), ""), Objects.requireNonNullElse(cell.strategy(), ""),
                    Objects.requireNonNullElse(cell.caseName(), ""), cell.measure(),
                    Integer.toString(cell.bytesPerPacket()), Integer.toString(cell.keptOneIn()));
            heaps.computeIfAbsent(cellWithoutHeap, k -> new HashSet<>()).add(AnalyzerMatrix.sameHeap(cell.heap()));
        }
        return heaps.values().stream().anyMatch(s -> s.size() > 1);
    }

    private static long kib(String heap) {
        String normal = AnalyzerMatrix.sameHeap(heap);
        try {
            return normal.endsWith("m") ? Long.parseLong(normal.substring(0, normal.length() - 1)) * 1024
                    : normal.endsWith("k") ? Long.parseLong(normal.substring(0, normal.length() - 1)) : Long.MAX_VALUE;
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }
}

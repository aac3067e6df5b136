package org.allocpool.lab.jmh.tables;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.allocpool.lab.analyzer.Collector;
import org.allocpool.lab.jmh.JmhCellFields;
import org.allocpool.lab.jmh.JmhMetricsView;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.records.LatestRecords;

/**
 * The jmh records of one environment as the tables read them: one {@link JmhCellResult} per cell (the latest
 * record of each pass), the configurations (columns) and the benchmarks (rows) in the cells' order, and
 * the benchmarks grouped as alternatives to each other: the methods of one class with the same parameter
 * values and mode, as JMH users write the ways of doing one thing. Immutable.
 */
public final class JmhCells {

    private final List<JmhCellResult> all = new ArrayList<>();
    private final Set<String> configurations = new LinkedHashSet<>();
    private final Map<String, JmhCellFields> rows = new LinkedHashMap<>();

    /** The cells of {@code records} (one environment's, in the order written). */
    public JmhCells(List<LabRecord<JmhCellFields, JmhMetricsView>> records) {
        LatestRecords<JmhCellFields, JmhMetricsView> latest = new LatestRecords<>(records);
        for (String key : latest.keys()) {
            List<LabRecord<JmhCellFields, JmhMetricsView>> forks = latest.forks(key);
            all.add(new JmhCellResult(forks.getFirst().cell(), forks));
        }
        // records come in the passes' random orders: the tables' order is the cells' own
        all.sort(Comparator.comparing((JmhCellResult r) -> r.cell(), CELL_ORDER));
        for (JmhCellResult result : all) {
            configurations.add(result.cell().configuration());
            rows.putIfAbsent(result.cell().benchmarkKey(), result.cell());
        }
    }

    /**
     * Configurations in the lab's order of collectors (Serial, Parallel, G1, ZGC, Shenandoah), then heap, then
     * variant (the default first); benchmarks by name; parameter values as numbers where they are numbers.
     */
    private static final Comparator<JmhCellFields> CELL_ORDER = Comparator
            .comparingInt((JmhCellFields c) -> collectorIndex(c.gc()))
            .thenComparing(c -> String.valueOf(c.gc()))
            .thenComparing(JmhCellFields::heap, Comparator.nullsFirst(JmhCells::compareValues))
            .thenComparing(JmhCellFields::variant, Comparator.nullsFirst(Comparator.naturalOrder()))
            .thenComparing(c -> String.valueOf(c.benchmark()))
            .thenComparing(JmhCells::compareParams)
            .thenComparing(JmhCellFields::mode, Comparator.nullsFirst(Comparator.naturalOrder()));

    private static int collectorIndex(String gc) {
        for (Collector collector : Collector.values()) {
            if (collector.label().equals(gc)) {
                return collector.ordinal();
            }
        }
        return Collector.values().length;
    }

    private static int compareParams(JmhCellFields a, JmhCellFields b) {
        List<String> names = new ArrayList<>(a.params().keySet());
        b.params().keySet().stream().filter(n -> !names.contains(n)).forEach(names::add);
        Collections.sort(names);
        for (String name : names) {
            int c = Comparator.nullsFirst(JmhCells::compareValues).compare(a.params().get(name), b.params().get(name));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** Two values as numbers when both are ({@code 64} before {@code 1024}), else as text. */
    private static int compareValues(String a, String b) {
        try {
            return Double.compare(Double.parseDouble(a.replaceAll("[kKmMgG]$", "")), Double.parseDouble(
                    b.replaceAll("[kKmMgG]$", "")));
        } catch (NumberFormatException notNumbers) {
            return a.compareTo(b);
        }
    }

    /** Every cell, in the cells' order. */
    public List<JmhCellResult> all() {
        return List.copyOf(all);
    }

    /** The configurations' names in the cells' order: the first is the reference the others are set beside. */
    public List<String> configurations() {
        return List.copyOf(configurations);
    }

    /** One cell per benchmark row (its first configuration's), in the cells' order. */
    public List<JmhCellFields> rows() {
        return List.copyOf(rows.values());
    }

    /** The cell of {@code row}'s benchmark under {@code configuration}, or {@code null} when it was not run. */
    public JmhCellResult at(String configuration, JmhCellFields row) {
        for (JmhCellResult result : all) {
            if (result.cell().configuration().equals(configuration)
                    && result.cell().benchmarkKey().equals(row.benchmarkKey())) {
                return result;
            }
        }
        return null;
    }

    /** The rows grouped as alternatives (one class, the same parameters and mode), groups of one left out. */
    public List<List<JmhCellFields>> alternatives() {
        Map<String, List<JmhCellFields>> groups = new LinkedHashMap<>();
        for (JmhCellFields row : rows.values()) {
            groups.computeIfAbsent(row.alternativesKey(), k -> new ArrayList<>()).add(row);
        }
        return groups.values().stream().filter(g -> g.size() > 1).map(List::copyOf).toList();
    }
}

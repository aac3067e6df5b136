package org.allocpool.lab.jmh.tables;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.allocpool.lab.jmh.JmhCellFields;
import org.allocpool.lab.jmh.JmhMetricsView;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.records.LatestRecords;

/**
 * The jmh records of one environment as the tables read them: one {@link JmhCellResult} per cell (the latest
 * record of each pass), the configurations (columns) and the benchmarks (rows) in the order first met, and
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
            JmhCellFields cell = forks.getFirst().cell();
            all.add(new JmhCellResult(cell, forks));
            configurations.add(cell.configuration());
            rows.putIfAbsent(cell.benchmarkKey(), cell);
        }
    }

    /** Every cell, in the order first met. */
    public List<JmhCellResult> all() {
        return List.copyOf(all);
    }

    /** The configurations' names, in the order first met: the first is the reference the others are set beside. */
    public List<String> configurations() {
        return List.copyOf(configurations);
    }

    /** One cell per benchmark row (its first configuration's), in the order first met. */
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

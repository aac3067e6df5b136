package org.allocpool.lab.records;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The records that count, one per cell and fork: when a cell's fork was recorded more than once (a
 * resumed or merged run), the latest ok record wins, else the latest failed one. Grouped by cell,
 * in the order the cells were first met. Immutable after construction; safe to share.
 *
 * @param <F> the cell fields
 * @param <M> the metrics
 */
public final class LatestRecords<F extends CellFields, M> {

    private final Map<String, Map<Integer, LabRecord<F, M>>> byCell = new LinkedHashMap<>();

    /** Keeps the records that count among {@code records} (in the order written). */
    public LatestRecords(List<LabRecord<F, M>> records) {
        for (LabRecord<F, M> record : records) {
            Map<Integer, LabRecord<F, M>> forks = byCell.computeIfAbsent(record.key(), k -> new LinkedHashMap<>());
            LabRecord<F, M> before = forks.get(record.forkNumber());
            if (before == null || record.isOk() || !before.isOk()) {
                forks.put(record.forkNumber(), record);
            }
        }
    }

    /** The cells' keys, in the order first met. */
    public List<String> keys() {
        return List.copyOf(byCell.keySet());
    }

    /** The records of the cell {@code key}, one per fork, in fork order; empty when it was not run. */
    public List<LabRecord<F, M>> forks(String key) {
        Map<Integer, LabRecord<F, M>> forks = byCell.get(key);
        if (forks == null) {
            return List.of();
        }
        List<LabRecord<F, M>> ordered = new ArrayList<>();
        forks.keySet().stream().sorted().forEach(fork -> ordered.add(forks.get(fork)));
        return List.copyOf(ordered);
    }

    /** Every record that counts, cell by cell, fork by fork. */
    public List<LabRecord<F, M>> all() {
        List<LabRecord<F, M>> all = new ArrayList<>();
        byCell.keySet().forEach(key -> all.addAll(forks(key)));
        return List.copyOf(all);
    }
}

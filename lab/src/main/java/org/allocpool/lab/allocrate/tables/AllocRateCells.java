package org.allocpool.lab.allocrate.tables;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.allocpool.lab.allocrate.AllocRateCellFields;
import org.allocpool.lab.allocrate.AllocRateGc;
import org.allocpool.lab.allocrate.AllocRateMetricsView;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.records.LatestRecords;

/**
 * The alloc-rate records of one environment, by cell (the latest record of each cell and fork), with
 * the lookups the tables make: collectors (Epsilon last), thread counts, variants (loop and escape
 * analysis) and one cell. Immutable once built.
 */
final class AllocRateCells {

    /** A loop with escape analysis on or off, as the rows name it. */
    record Variant(String loop, boolean escapeAnalysis) {

        static final Variant ALLOC = new Variant("alloc", true);
        static final Variant ALLOC_NO_EA = new Variant("alloc", false);
        static final Variant REUSE = new Variant("reuse", true);
        static final Variant REUSE_NO_EA = new Variant("reuse", false);
        static final List<Variant> ALL = List.of(ALLOC, ALLOC_NO_EA, REUSE, REUSE_NO_EA);

        String label() {
            return loop + (escapeAnalysis ? "" : ", escape analysis off");
        }
    }

    private final Map<String, AllocRateResult> byKey = new LinkedHashMap<>();

    AllocRateCells(List<LabRecord<AllocRateCellFields, AllocRateMetricsView>> records) {
        LatestRecords<AllocRateCellFields, AllocRateMetricsView> latest = new LatestRecords<>(records);
        for (String key : latest.keys()) {
            List<LabRecord<AllocRateCellFields, AllocRateMetricsView>> forks = latest.forks(key);
            byKey.put(key, new AllocRateResult(forks.getFirst().cell(), forks));
        }
    }

    /** Every cell, in the order first recorded. */
    List<AllocRateResult> all() {
        return List.copyOf(byKey.values());
    }

    /** The collectors with a cell, in the order first recorded, Epsilon last. */
    List<String> collectors() {
        List<String> gcs = new ArrayList<>();
        for (AllocRateResult r : byKey.values()) {
            String gc = r.cell().gc();
            if (gc != null && !gcs.contains(gc)) {
                gcs.add(gc);
            }
        }
        if (gcs.remove(AllocRateGc.EPSILON_LABEL)) {
            gcs.add(AllocRateGc.EPSILON_LABEL);
        }
        return List.copyOf(gcs);
    }

    /** The collectors that collect (every one but Epsilon). */
    List<String> collecting() {
        return collectors().stream().filter(gc -> !gc.equals(AllocRateGc.EPSILON_LABEL)).toList();
    }

    /** Every thread count with a cell, ascending. */
    List<Integer> threads() {
        TreeSet<Integer> counts = new TreeSet<>();
        byKey.values().forEach(r -> counts.add(r.cell().threadCount()));
        return List.copyOf(counts);
    }

    /** The variants {@code gc} has a cell of, in {@link Variant#ALL}'s order. */
    List<Variant> variants(String gc) {
        return Variant.ALL.stream().filter(v -> threads().stream().anyMatch(t -> get(gc, v, t) != null)).toList();
    }

    /** The cell, or {@code null}. */
    AllocRateResult get(String gc, Variant variant, int threads) {
        return byKey.get(AllocRateCellFields.of(gc, variant.loop(), variant.escapeAnalysis(), threads).key());
    }

    /**
     * The reusing loop's cell at {@code threads} to set beside {@code gc}'s: its own, else the first
     * collector's that has one (a loop that allocates nothing gives no collector work); {@code null} when none.
     */
    AllocRateResult reuseFor(String gc, int threads) {
        AllocRateResult own = get(gc, Variant.REUSE, threads);
        if (own != null && own.isOk()) {
            return own;
        }
        for (String other : collectors()) {
            AllocRateResult r = get(other, Variant.REUSE, threads);
            if (r != null && r.isOk()) {
                return r;
            }
        }
        return null;
    }
}

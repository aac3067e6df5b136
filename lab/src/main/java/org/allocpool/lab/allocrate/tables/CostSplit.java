package org.allocpool.lab.allocrate.tables;

import org.allocpool.lab.allocrate.AllocRateGc;
import org.allocpool.lab.figure.Figure;

/**
 * Who pays for an event of the allocating loop under one collector at one thread count: its time per
 * event per thread split into the work itself (the reusing loop's time), the allocation's own cost
 * (Epsilon's allocating loop, which never collects, minus the work) and the collector's (the collector's
 * allocating loop minus Epsilon's: collections, and the barriers it puts on every reference store), in
 * the manner of DaCapo Chopin's lower-bound overhead. From the medians over the forks; each share says
 * whether the two figures it subtracts are apart (their spreads do not overlap) or too close to call.
 * Immutable.
 *
 * @param gc              the collector
 * @param threads         the thread count
 * @param totalNs         ns per event per thread of the collector's allocating loop
 * @param workNs          ns per event per thread of the reusing loop
 * @param allocationNs    Epsilon's allocating loop minus the work
 * @param collectionNs    the collector's allocating loop minus Epsilon's
 * @param allocationApart whether Epsilon's and the reusing loop's spreads are apart
 * @param collectionApart whether the collector's and Epsilon's spreads are apart
 * @param steady          whether all three figures were steady
 * @param reuseGc         the collector the reusing loop ran under
 */
record CostSplit(String gc, int threads, double totalNs, double workNs, double allocationNs, double collectionNs,
                 boolean allocationApart, boolean collectionApart, boolean steady, String reuseGc) {

    /** The split of {@code gc} at {@code threads}, or {@code null} when a figure it needs is missing. */
    static CostSplit of(AllocRateCells cells, String gc, int threads) {
        AllocRateResult alloc = cells.get(gc, AllocRateCells.Variant.ALLOC, threads);
        AllocRateResult epsilon = cells.get(AllocRateGc.EPSILON_LABEL, AllocRateCells.Variant.ALLOC, threads);
        AllocRateResult reuse = cells.reuseFor(gc, threads);
        if (alloc == null || epsilon == null || reuse == null || gc.equals(AllocRateGc.EPSILON_LABEL)) {
            return null;
        }
        Figure a = alloc.eventsPerSecondPerThread();
        Figure e = epsilon.eventsPerSecondPerThread();
        Figure r = reuse.eventsPerSecondPerThread();
        if (a == null || e == null || r == null) {
            return null;
        }
        double total = 1e9 / a.median();
        double eps = 1e9 / e.median();
        double work = 1e9 / r.median();
        return new CostSplit(gc, threads, total, work, eps - work, total - eps, !e.overlaps(r), !a.overlaps(e),
                a.steady() && e.steady() && r.steady(), reuse.cell().gc());
    }

    /** The allocation's share of the total, 0..1 (negative when Epsilon was faster than the work: noise). */
    double allocationShare() {
        return allocationNs / totalNs;
    }

    /** The collector's share of the total. */
    double collectionShare() {
        return collectionNs / totalNs;
    }

    /** Whether the allocation costs at least as much as the collection: the Chronicle article's claim. */
    boolean allocationPaysMore() {
        return allocationNs >= collectionNs;
    }
}

package org.allocpool.lab.allocrate.tables;

import org.allocpool.lab.allocrate.AllocRateGc;
import org.allocpool.lab.figure.Comparison;
import org.allocpool.lab.figure.Figure;

/**
 * Who pays for an event of the allocating loop under one collector at one thread count: its cost per
 * event split into the work itself (the reusing loop's), the allocation's own cost (Epsilon's allocating
 * loop, which never collects, minus the work) and the collector's (the collector's allocating loop minus
 * Epsilon's: collections, and the barriers it puts on every reference store), in the manner of DaCapo
 * Chopin's lower-bound overhead. The cost is either the whole JVM's CPU time per event ({@code cpu}: it
 * counts a concurrent collector's threads and not the time a thread waits for a core) or the wall
 * time per event per thread (1e9 over each thread's events/s). From the medians over the forks; each
 * share says whether the two figures it subtracts are apart (as every verdict tells two figures apart:
 * {@link Comparison}). Immutable.
 *
 * @param gc              the collector
 * @param threads         the thread count
 * @param cpu             whether the cost is CPU time (else wall time per thread)
 * @param totalNs         the collector's allocating loop, ns per event
 * @param workNs          the reusing loop
 * @param allocationNs    Epsilon's allocating loop minus the work
 * @param collectionNs    the collector's allocating loop minus Epsilon's
 * @param allocationApart whether Epsilon's and the reusing loop's figures are told apart
 * @param collectionApart whether the collector's and Epsilon's figures are told apart
 * @param steady          whether all three figures were steady
 * @param reuseGc         the collector the reusing loop ran under
 * @param answer          who pays more ({@link #answer(Figure, Figure, Figure, boolean)})
 */
record CostSplit(String gc, int threads, boolean cpu, double totalNs, double workNs, double allocationNs,
                 double collectionNs, boolean allocationApart, boolean collectionApart, boolean steady, String reuseGc,
                 Answer answer) {

    /** What the split says of the Chronicle article's claim (the allocation, not the collection, takes the time). */
    enum Answer { ALLOCATION, COLLECTION, TOO_CLOSE }

    /** The split of {@code gc} at {@code threads}, or {@code null} when a figure it needs is missing. */
    static CostSplit of(AllocRateCells cells, String gc, int threads, boolean cpu) {
        AllocRateResult alloc = cells.get(gc, AllocRateCells.Variant.ALLOC, threads);
        AllocRateResult epsilon = cells.get(AllocRateGc.EPSILON_LABEL, AllocRateCells.Variant.ALLOC, threads);
        AllocRateResult reuse = cells.reuseFor(gc, threads);
        if (alloc == null || epsilon == null || reuse == null || gc.equals(AllocRateGc.EPSILON_LABEL)) {
            return null;
        }
        Figure a = cost(alloc, cpu);
        Figure e = cost(epsilon, cpu);
        Figure r = cost(reuse, cpu);
        if (a == null || e == null || r == null) {
            return null;
        }
        double total = ns(a, cpu);
        double eps = ns(e, cpu);
        double work = ns(r, cpu);
        // a rate's figure and a time's figure: steadiness of the rates, whichever cost is split
        boolean steady = alloc.isSteady() && epsilon.isSteady() && reuse.isSteady();
        return new CostSplit(gc, threads, cpu, total, work, eps - work, total - eps, apart(e, r), apart(a, e), steady,
                reuse.cell().gc(), answer(a, e, r, cpu));
    }

    /** Whether the one statistic of every verdict ({@link Comparison}) tells {@code x} and {@code y} apart. */
    private static boolean apart(Figure x, Figure y) {
        return Comparison.of("x", x, "y", y, true).apart();
    }

    /**
     * Who pays more, with the spreads: the collection (collector - Epsilon) exceeds the allocation (Epsilon -
     * work) when collector + work exceeds twice Epsilon even at the spreads' ends least in its favour
     * ({@code low(collector) + low(work) > 2 high(Epsilon)}); the allocation, when {@code 2 low(Epsilon) >
     * high(collector) + high(work)}; else too close to call. Spreads of rates turn into times' the other way round.
     */
    static Answer answer(Figure collector, Figure epsilon, Figure work, boolean cpu) {
        double cLow = low(collector, cpu);
        double cHigh = high(collector, cpu);
        double eLow = low(epsilon, cpu);
        double eHigh = high(epsilon, cpu);
        double wLow = low(work, cpu);
        double wHigh = high(work, cpu);
        if (cLow + wLow > 2 * eHigh) {
            return Answer.COLLECTION;
        }
        if (2 * eLow > cHigh + wHigh) {
            return Answer.ALLOCATION;
        }
        return Answer.TOO_CLOSE;
    }

    private static double low(Figure f, boolean cpu) {
        return cpu ? f.low() : 1e9 / f.high();
    }

    private static double high(Figure f, boolean cpu) {
        return cpu ? f.high() : 1e9 / f.low();
    }

    private static Figure cost(AllocRateResult r, boolean cpu) {
        return cpu ? r.cpuNsPerEvent() : r.eventsPerSecondPerThread();
    }

    private static double ns(Figure f, boolean cpu) {
        return cpu ? f.median() : 1e9 / f.median();
    }

    /** The allocation's share of the total (negative when Epsilon was cheaper than the work: noise). */
    double allocationShare() {
        return allocationNs / totalNs;
    }

    /** The collector's share of the total. */
    double collectionShare() {
        return collectionNs / totalNs;
    }
}

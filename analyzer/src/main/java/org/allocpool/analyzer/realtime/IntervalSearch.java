package org.allocpool.analyzer.realtime;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import org.allocpool.analyzer.capture.CaptureSource;

/**
 * Finds the smallest source interval at which a processor loses nothing, the article's real-time
 * measure. The batch ns/packet is a lower bound (no processor keeps up with packets faster than it
 * can process them in a batch), so the search starts there, widens the interval (doubling, capped
 * at the widest interval) until a probe is loss-free, then bisects between the widest losing and
 * the narrowest loss-free interval down to the resolution. Where even the widest interval loses,
 * the answer is the loss measured there.
 *
 * <p>The probe is a function (interval → figures) so that each probe may run in a fresh JVM.
 * Single-threaded; the search holds no state between {@link #find} calls.
 */
public final class IntervalSearch {

    /** The article's widest interval: beyond it a run is reported as "lost: X%". */
    public static final long MAX_INTERVAL_NS = 1_000;
    /**
     * The article reports intervals to 10 ns; under 200 ns the search goes to a twentieth of the
     * interval instead (at least 1 ns, see {@link #stepAt}).
     */
    public static final long RESOLUTION_NS = 10;
    /** A bound on the probes, whatever the noise does: widening and bisecting need far fewer. */
    static final int MAX_PROBES = 16;

    private final long maxIntervalNs;
    private final long resolutionNs;
    private final long ringDelayNs;

    /** A search whose probes' rings hold {@code ringDelayMs} of packets (see {@link #keptUp}). */
    public IntervalSearch(int ringDelayMs) {
        this(MAX_INTERVAL_NS, RESOLUTION_NS, ringDelayMs * 1_000_000L);
    }

    IntervalSearch(long maxIntervalNs, long resolutionNs, long ringDelayNs) {
        this.maxIntervalNs = maxIntervalNs;
        this.resolutionNs = resolutionNs;
        this.ringDelayNs = ringDelayNs;
    }

    /**
     * Whether a probe kept up: nothing lost, and no packet processed later than the ring's depth after
     * it was due. The second can fail without the first only when the source itself fell behind its
     * schedule (it then writes the overdue ticks late, so the ring never fills): at intervals of a
     * few tens of ns a source thread on 2 shared cores cannot always keep time, and a capture ring of
     * that depth fed by a real NIC would have overflowed. Such a probe does not count as loss-free.
     */
    boolean keptUp(RealtimeFigures figures) {
        return figures.isLossFree() && figures.latencyNs().max() <= ringDelayNs;
    }

    /**
     * Searches from {@code batchNsPerPacket}, running {@code probe} at each interval tried.
     *
     * @param probe returns the metrics of one real-time run at the interval it is given
     * @return the answer with every probe; {@code chosen} figures are those the answer rests on
     */
    public Result find(double batchNsPerPacket, LongFunction<RealtimeMetrics> probe) {
        long start = clamp(roundUp(batchNsPerPacket));
        List<RealtimeMetrics> runs = new ArrayList<>();
        long losing = 0;            // widest interval seen losing packets (0: none yet)
        RealtimeMetrics lossFree = null; // narrowest interval seen loss-free
        long interval = start;
        while (runs.size() < MAX_PROBES) {
            RealtimeMetrics run = probe.apply(interval);
            runs.add(run);
            if (keptUp(run.realtime())) {
                lossFree = run;
                break;
            }
            losing = interval;
            if (interval >= maxIntervalNs) {
                return new Result(answer(null, run.realtime().lossPercent(), start, runs), run);
            }
            interval = clamp(roundUp(interval * 2));
        }
        if (lossFree == null) { // out of probes while widening: report the widest measured
            RealtimeMetrics last = runs.getLast();
            return new Result(answer(null, last.realtime().lossPercent(), start, runs), last);
        }
        while (lossFree.realtime().intervalNs() - losing > stepAt(lossFree.realtime().intervalNs())
                && runs.size() < MAX_PROBES && losing > 0) {
            long middle = roundUp((losing + lossFree.realtime().intervalNs()) / 2);
            if (middle >= lossFree.realtime().intervalNs()) {
                break;
            }
            RealtimeMetrics run = probe.apply(middle);
            runs.add(run);
            if (keptUp(run.realtime())) {
                lossFree = run;
            } else {
                losing = middle;
            }
        }
        return new Result(answer(lossFree.realtime().intervalNs(), null, start, runs), lossFree);
    }

    private IntervalAnswer answer(Long min, Double lossAtMax, long start, List<RealtimeMetrics> runs) {
        return new IntervalAnswer(min, lossAtMax, maxIntervalNs, resolutionNs, start,
                runs.stream().map(r -> IntervalAnswer.Probe.of(r.realtime())).toList());
    }

    /**
     * How finely intervals near {@code ns} are told apart: the resolution (the article's 10 ns), or
     * where that is finer the largest of 5, 2 and 1 ns within a twentieth of the interval (1 ns under
     * 40 ns, 2 ns under 100, 5 ns under 200). A fast processor's answer is a few tens of ns, where
     * steps of 10 ns made a ratio of two answers move by a third at once (30 against 40 ns); these keep
     * every answer's step within 5% of it, as the verdict's margin is.
     */
    long stepAt(double ns) {
        long twentieth = (long) (ns / 20);
        if (twentieth >= resolutionNs) {
            return resolutionNs;
        }
        return Math.min(resolutionNs, twentieth >= 5 ? 5 : twentieth >= 2 ? 2 : 1);
    }

    private long roundUp(double ns) {
        long step = stepAt(ns);
        return (long) Math.ceil(ns / step) * step;
    }

    /** Within the source's narrowest interval ({@link CaptureSource#MIN_INTERVAL_NS}) and the widest. */
    private long clamp(long ns) {
        return Math.min(Math.max(ns, CaptureSource.MIN_INTERVAL_NS), maxIntervalNs);
    }

    /**
     * The outcome of a search.
     *
     * @param answer the answer with every probe
     * @param chosen the figures of the probe the answer rests on (the narrowest loss-free one, or the widest)
     */
    public record Result(IntervalAnswer answer, RealtimeMetrics chosen) {
    }
}

package org.allocpool.analyzer.realtime;

import java.io.PrintStream;
import java.util.Locale;
import org.allocpool.analyzer.BatchRun;
import org.allocpool.analyzer.BatchWarmUp;
import org.allocpool.analyzer.workload.Workload;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.latency.HistogramLogFile;
import org.allocpool.metrics.progress.ProgressMarker;
import org.allocpool.metrics.result.ResultRecord;

/**
 * {@code --find-interval}: the smallest loss-free interval of one strategy and case. The workload is
 * brought to its steady state once, in batch at full speed ({@link BatchRun#warmUp}: prefill, then
 * rounds until steady), whose ns/packet is where the search starts; then every probe runs on that
 * same workload, one after another, each with a source of its own, its warm-up and its measured
 * duration. Probing a workload already at its steady state is the point: a probe that had to climb
 * to it (fill its store, let the collector adapt) would lose packets that a long run would not.
 *
 * <p>Runs on the calling thread; blocks for the whole search. Frees every off-heap byte it allocated.
 */
public final class IntervalFinder {

    private IntervalFinder() {
    }

    /** Searches and returns one record: the answer, every probe, and the figures of the probe the answer rests on. */
    public static ResultRecord run(RealtimeSettings settings, PrintStream human) {
        return run(settings, human, null);
    }

    /**
     * {@link #run(RealtimeSettings, PrintStream)}, each probe's latency histogram also appended to
     * {@code log} (tagged {@code probe-<k>-<interval>ns}) when that is not {@code null}.
     */
    public static ResultRecord run(RealtimeSettings settings, PrintStream human, HistogramLogFile log) {
        try (Workload workload = Workload.of(settings.workload())) {
            BatchWarmUp warm = BatchRun.warmUp(workload, settings.workload(), human);
            human.printf(Locale.ROOT, "find-interval: batch %.1f ns/packet (%s); probing from there%n",
                    warm.nsPerPacket(), warm.steadyState().reason());
            int[] probes = {0};
            IntervalSearch search = new IntervalSearch(settings.maxDelayMs());
            IntervalSearch.Result result = search.find(warm.nsPerPacket(), interval -> {
                int k = ++probes[0];
                ProgressMarker.say(human, "probe " + k + " at " + interval + " ns");
                human.printf(Locale.ROOT, "find-interval: probe at %d ns%n", interval);
                RealtimeMetrics metrics = RealtimeRun.probe(workload, settings.withInterval(interval), human, log,
                        "probe-" + k + "-" + interval + "ns");
                human.printf(Locale.ROOT, "find-interval: %d ns lost %s%%%s%n", interval,
                        RealtimeLines.percent(metrics.realtime().lossPercent()), search.keptUp(metrics.realtime())
                                || !metrics.realtime().isLossFree() ? "" : ", but a packet waited "
                                + metrics.realtime().latencyNs().max() / 1_000_000 + " ms, longer than the ring's "
                                + settings.maxDelayMs() + " ms: the source fell behind its schedule; not kept up");
                return metrics;
            });
            human.println("find-interval: " + settings.workload().strategy().cliName() + " case "
                    + settings.workload().workloadCase().name() + ": " + result.answer().tableText()
                    + (result.answer().minIntervalNs() != null ? " ns" : " at " + result.answer().maxIntervalNs() + " ns"));
            RealtimeMetrics chosen = RealtimeRun.finish(result.chosen(), workload, warm).withSearch(result.answer());
            return ResultRecord.ok(BatchRun.EXPERIMENT, RealtimeRun.cell(settings, true), Environment.current(), chosen);
        }
    }
}

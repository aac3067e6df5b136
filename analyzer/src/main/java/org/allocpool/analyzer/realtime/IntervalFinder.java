package org.allocpool.analyzer.realtime;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.allocpool.analyzer.AnalyzerSettings;
import org.allocpool.analyzer.BatchRun;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.metrics.result.ResultRecord;

/**
 * {@code --find-interval}: the smallest loss-free interval of one strategy and case, each probe
 * (and the batch run the search starts from) in a fresh JVM started like this one.
 *
 * <p>Runs on the calling thread; blocks for the whole search.
 */
public final class IntervalFinder {

    /** The short batch run whose ns/packet the search starts from. */
    private static final List<String> BATCH_ROUNDS = List.of("--packets", "1000000", "--rounds", "3", "--warmup", "2");

    private IntervalFinder() {
    }

    /** Searches and returns one record: the answer, every probe, and the figures of the probe the answer rests on. */
    public static ResultRecord run(RealtimeSettings settings, PrintStream human) {
        List<String> workloadArgs = workloadArgs(settings.workload());
        long probeTimeoutMs = 3 * (settings.warmup().toMillis() + settings.duration().toMillis()) + 120_000;

        List<String> batchArgs = new ArrayList<>(workloadArgs);
        batchArgs.addAll(BATCH_ROUNDS);
        batchArgs.add("--json");
        human.println("find-interval: a short batch run for the starting point...");
        JsonNode batch = ProbeJvm.run(batchArgs, probeTimeoutMs);
        double batchNs = batch.path("metrics").path("nsPerPacket").path("median").asDouble();
        human.printf(Locale.ROOT, "find-interval: batch %.1f ns/packet; probing from there%n", batchNs);

        IntervalSearch.Result result = new IntervalSearch().find(batchNs, interval -> {
            human.printf(Locale.ROOT, "find-interval: probe at %d ns%n", interval);
            RealtimeMetrics metrics = probe(settings, workloadArgs, interval, probeTimeoutMs);
            human.printf(Locale.ROOT, "find-interval: %d ns lost %s%%%n", interval,
                    RealtimeLines.percent(metrics.realtime().lossPercent()));
            return metrics;
        });
        human.println("find-interval: " + settings.workload().strategy().cliName() + " case "
                + settings.workload().workloadCase().name() + ": " + result.answer().tableText()
                + (result.answer().minIntervalNs() != null ? " ns" : " at " + result.answer().maxIntervalNs() + " ns"));
        return ResultRecord.ok(BatchRun.EXPERIMENT, RealtimeRun.cell(settings, true), Environment.current(),
                result.chosen().withSearch(result.answer()));
    }

    private static RealtimeMetrics probe(RealtimeSettings settings, List<String> workloadArgs, long intervalNs,
                                         long timeoutMs) {
        List<String> args = new ArrayList<>(workloadArgs);
        args.addAll(List.of("--mode", "realtime", "--interval-ns", Long.toString(intervalNs),
                "--duration", settings.duration().toMillis() + "ms",
                "--warmup-s", Double.toString(settings.warmup().toMillis() / 1000.0),
                "--max-delay-ms", Integer.toString(settings.maxDelayMs())));
        if (settings.pin()) {
            args.add("--pin");
        }
        args.add("--json");
        JsonNode record = ProbeJvm.run(args, timeoutMs);
        try {
            return RecordJson.mapper().treeToValue(record.path("metrics"), RealtimeMetrics.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a probe's record has no real-time metrics: " + e.getOriginalMessage(), e);
        }
    }

    private static List<String> workloadArgs(AnalyzerSettings w) {
        return new ArrayList<>(List.of("analyzer", "--strategy", w.strategy().cliName(),
                "--case", w.workloadCase().name(), "--queue", Integer.toString(w.queue()),
                "--stored", Integer.toString(w.stored()), "--pool", Integer.toString(w.pool()),
                "--mix-pool", Integer.toString(w.mixPool())));
    }
}

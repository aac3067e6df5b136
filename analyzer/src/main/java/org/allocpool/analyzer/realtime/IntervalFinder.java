package org.allocpool.analyzer.realtime;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.allocpool.analyzer.AnalyzerArguments;
import org.allocpool.analyzer.BatchRun;
import org.allocpool.analyzer.RoundPlan;
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

    /** The short batch run whose ns/packet the search starts from: prefilled, 2 warm-up and 3 timed rounds of 1 M. */
    private static final RoundPlan BATCH_START = RoundPlan.ofPackets(1_000_000, 3, 2);

    private IntervalFinder() {
    }

    /** Searches and returns one record: the answer, every probe, and the figures of the probe the answer rests on. */
    public static ResultRecord run(RealtimeSettings settings, PrintStream human) {
        Duration probeTimeout = Duration.ofMillis(3 * (settings.warmup().toMillis() + settings.duration().toMillis())
                + 180_000);

        List<String> batchArgs = new ArrayList<>(List.of("analyzer"));
        batchArgs.addAll(AnalyzerArguments.workload(settings.workload()));
        batchArgs.addAll(AnalyzerArguments.plan(BATCH_START));
        batchArgs.add("--json");
        human.println("find-interval: a short batch run for the starting point...");
        JsonNode batch = ProbeJvm.run(batchArgs, probeTimeout, human);
        double batchNs = batch.path("metrics").path("nsPerPacket").path("median").asDouble();
        human.printf(Locale.ROOT, "find-interval: batch %.1f ns/packet; probing from there%n", batchNs);

        IntervalSearch.Result result = new IntervalSearch().find(batchNs, interval -> {
            human.printf(Locale.ROOT, "find-interval: probe at %d ns%n", interval);
            RealtimeMetrics metrics = probe(settings.withInterval(interval), probeTimeout, human);
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

    private static RealtimeMetrics probe(RealtimeSettings settings, Duration timeout, PrintStream human) {
        List<String> args = new ArrayList<>(List.of("analyzer"));
        args.addAll(AnalyzerArguments.workload(settings.workload()));
        args.addAll(AnalyzerArguments.plan(settings.workload().plan()));
        args.addAll(AnalyzerArguments.realtime(settings, false));
        args.add("--json");
        JsonNode record = ProbeJvm.run(args, timeout, human);
        try {
            return RecordJson.mapper().treeToValue(record.path("metrics"), RealtimeMetrics.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a probe's record has no real-time metrics: " + e.getOriginalMessage(), e);
        }
    }
}

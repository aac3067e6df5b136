package org.allocpool.analyzer;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.allocpool.analyzer.workload.Workload;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.gc.CollectorName;
import org.allocpool.metrics.gc.GcPauseRecorder;
import org.allocpool.metrics.gc.GcStatistics;
import org.allocpool.metrics.heap.HeapCensus;
import org.allocpool.metrics.result.ResultRecord;
import org.allocpool.metrics.stats.RoundStatistics;

/**
 * The analyser in batch mode, as the article ran it: rounds of packets as fast as they go, the
 * first ones untimed warm-up. Pools and slabs are made before the clock starts; then, unless the
 * plan says otherwise, the workload is brought to the state a long run reaches (its store and
 * queue filled, {@link Workload#prefill()}) and a full collection takes in that live set, so that
 * the rounds time the steady state rather than the climb to it. GC pauses and allocated bytes are
 * recorded over the rounds that count only; live objects are counted after them, with the packets
 * still held; then the workload is drained and closed.
 *
 * <p>Runs on the calling thread; call from one thread at a time (one run per JVM gives fair,
 * monomorphic figures). Frees every off-heap byte it allocated before returning or throwing.
 */
public final class BatchRun {

    /** The experiment's name in result records. */
    public static final String EXPERIMENT = "analyzer";

    private BatchRun() {
    }

    /**
     * Runs {@code settings} and returns its result record, printing a line per round and a summary
     * to {@code human}.
     *
     * @throws IllegalStateException if a pool or slab runs dry ("Failure to allocate packet: ...")
     * @throws OutOfMemoryError      if the heap or native memory is too small for the settings
     */
    public static ResultRecord run(AnalyzerSettings settings, PrintStream human) {
        Map<String, Object> cell = cell(settings);
        try (Workload workload = Workload.of(settings)) {
            double prefillMs = prefill(workload, settings, human);
            TimedRounds.Result rounds;
            GcStatistics gc;
            try (GcPauseRecorder recorder = new GcPauseRecorder()) {
                recorder.start();
                rounds = new TimedRounds(workload, settings.plan(), human).run();
                gc = recorder.stop(rounds.windowStart());
            }
            HeapCensus census = HeapCensus.take();
            String stateDigest = workload.stateDigest();
            workload.drain();
            RoundStatistics stats = RoundStatistics.of(rounds.window());
            double overall = rounds.overallNsPerPacket();
            AnalyzerMetrics metrics = new AnalyzerMetrics(stats, overall, 1e9 / overall,
                    rounds.allocatedBytes() / (double) rounds.windowPackets(), gc,
                    census.liveObjects(), census.heapUsedMb(), workload.counts(), stateDigest, rounds.steadyState(),
                    boxed(rounds.warmup()), boxed(rounds.discarded()), prefillMs);
            human.println(summaryLine(cell, metrics));
            return ResultRecord.ok(EXPERIMENT, cell, Environment.current(), metrics);
        }
    }

    /**
     * Fills the workload's store and queue as a long run would have them, then asks for a full
     * collection so that the collector has that live set in its old generation before the clock
     * starts (a no-op under {@code -XX:+DisableExplicitGC}; the warm-up rounds then do it).
     *
     * @return the time it took, ms; 0 when the plan does not prefill
     */
    public static double prefill(Workload workload, AnalyzerSettings settings, PrintStream human) {
        if (!settings.plan().prefill()) {
            return 0;
        }
        long start = System.nanoTime();
        workload.prefill();
        System.gc();
        double ms = (System.nanoTime() - start) / 1e6;
        human.println(String.format(Locale.ROOT, "prefill: %,d store slots and %,d queued packets, then a full GC,"
                + " in %.0f ms", settings.stored(), settings.queue() - 1, ms));
        return ms;
    }

    /**
     * Brings {@code workload} to its steady state at full speed: the prefill, the plan's warm-up
     * rounds, then rounds until the last ones are steady (up to the plan's maximum). What a real-time
     * run does before its source starts, so that the store is full, the JIT has compiled the loop and
     * the collector has adapted to the live set and its rate of change (G1's refinement of dirty cards
     * takes 15 to 20 collections to learn) before any packet can be lost.
     */
    public static BatchWarmUp warmUp(Workload workload, AnalyzerSettings settings, PrintStream human) {
        prefill(workload, settings, human);
        TimedRounds.Result rounds = new TimedRounds(workload, settings.plan(), human).run();
        List<Double> all = new ArrayList<>(boxed(rounds.warmup()));
        all.addAll(boxed(rounds.discarded()));
        all.addAll(boxed(rounds.window()));
        return new BatchWarmUp(all, rounds.overallNsPerPacket(), rounds.steadyState());
    }

    /**
     * The cell a run of {@code settings} is recorded under: strategy, case, mode, gc, heap, queue,
     * stored, pool, mixPool, then the plan: packets (or roundMs), rounds, warmup, maxRounds, prefill,
     * warmupCollections, then the packets' shape: packetSize, keepOneIn (in that order). For failed records too.
     */
    public static Map<String, Object> cell(AnalyzerSettings settings) {
        Map<String, Object> cell = new LinkedHashMap<>();
        cell.put("strategy", settings.strategy().cliName());
        cell.put("case", settings.workloadCase().name());
        cell.put("mode", "batch");
        cell.put("gc", CollectorName.current());
        cell.put("heap", MaxHeap.current());
        cell.put("queue", settings.queue());
        cell.put("stored", settings.stored());
        cell.put("pool", settings.pool());
        cell.put("mixPool", settings.mixPool());
        RoundPlan plan = settings.plan();
        if (plan.isTimed()) {
            cell.put("roundMs", plan.roundTime().toMillis());
        } else {
            cell.put("packets", plan.packets());
        }
        cell.put("rounds", plan.rounds());
        cell.put("warmup", plan.warmup());
        cell.put("maxRounds", plan.maxRounds());
        cell.put("prefill", plan.prefill());
        cell.put("warmupCollections", plan.warmupCollections());
        cell.put("packetSize", settings.shape().packetSize());
        cell.put("keepOneIn", settings.shape().keepOneIn());
        return cell;
    }

    private static List<Double> boxed(double[] values) {
        return Arrays.stream(values).boxed().toList();
    }

    private static String summaryLine(Map<String, Object> cell, AnalyzerMetrics m) {
        GcStatistics gc = m.gc();
        return String.format(Locale.ROOT,
                "%s case %s (%s, heap %s): %.1f ns/packet overall (median round %.1f, min %.1f, max %.1f), "
                        + "%.2f M packets/s, %.1f bytes/packet allocated; %d GCs, max pause %.1f ms, avg %.1f ms, %.1f%% of time; "
                        + "%.3f M live objects, %.1f MB heap used; %s",
                cell.get("strategy"), cell.get("case"), cell.get("gc"), cell.get("heap"),
                m.overallNsPerPacket(), m.nsPerPacket().median(), m.nsPerPacket().min(), m.nsPerPacket().max(),
                m.packetsPerSecond() / 1e6, m.allocBytesPerPacket(), gc.count(), gc.pauseMaxMs(), gc.pauseAvgMs(), gc.fraction() * 100,
                m.liveObjects() / 1e6, m.heapUsedMb(), m.steadyState().reason());
    }
}

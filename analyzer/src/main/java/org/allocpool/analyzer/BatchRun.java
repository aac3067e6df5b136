package org.allocpool.analyzer;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.allocpool.analyzer.workload.Workload;
import org.allocpool.metrics.alloc.AllocationCounter;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.gc.CollectorName;
import org.allocpool.metrics.gc.GcPauseRecorder;
import org.allocpool.metrics.gc.GcStatistics;
import org.allocpool.metrics.heap.HeapCensus;
import org.allocpool.metrics.result.ResultRecord;
import org.allocpool.metrics.stats.RoundStatistics;

/**
 * The analyser in batch mode, as the article ran it: rounds of packets as fast as they go, the
 * first ones untimed warm-up. Pools and slabs are made before the clock starts; GC pauses and
 * allocated bytes are recorded over the timed rounds only; live objects are counted after them,
 * with the packets still held; then the workload is drained and closed.
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
        long packets = settings.packetsPerRound();
        try (Workload workload = Workload.of(settings)) {
            for (int round = 1; round <= settings.warmup(); round++) {
                double ns = timeRound(workload, packets);
                human.println(roundLine("warm-up", round, settings.warmup(), ns));
            }
            double[] nsPerPacket = new double[settings.rounds()];
            GcStatistics gc;
            long allocated;
            try (GcPauseRecorder recorder = new GcPauseRecorder()) {
                recorder.start();
                long allocatedBefore = AllocationCounter.currentThreadAllocatedBytes();
                for (int round = 1; round <= settings.rounds(); round++) {
                    nsPerPacket[round - 1] = timeRound(workload, packets);
                    human.println(roundLine("round", round, settings.rounds(), nsPerPacket[round - 1]));
                }
                allocated = AllocationCounter.currentThreadAllocatedBytes() - allocatedBefore;
                gc = recorder.stop();
            }
            HeapCensus census = HeapCensus.take();
            workload.drain();
            RoundStatistics rounds = RoundStatistics.of(nsPerPacket);
            AnalyzerMetrics metrics = new AnalyzerMetrics(rounds, 1e9 / rounds.median(),
                    allocated / ((double) packets * settings.rounds()), gc,
                    census.liveObjects(), census.heapUsedMb(), workload.counts());
            human.println(summaryLine(cell, metrics));
            return ResultRecord.ok(EXPERIMENT, cell, Environment.current(), metrics);
        }
    }

    /**
     * The cell a run of {@code settings} is recorded under: strategy, case, mode, gc, heap, queue,
     * stored, pool, mixPool, packets, rounds, warmup (in that order). For failed records too.
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
        cell.put("packets", settings.packetsPerRound());
        cell.put("rounds", settings.rounds());
        cell.put("warmup", settings.warmup());
        return cell;
    }

    private static double timeRound(Workload workload, long packets) {
        long start = System.nanoTime();
        workload.run(packets);
        return (System.nanoTime() - start) / (double) packets;
    }

    private static String roundLine(String label, int round, int of, double nsPerPacket) {
        return String.format(Locale.ROOT, "%s %d/%d: %.1f ns/packet, %.2f M packets/s",
                label, round, of, nsPerPacket, 1e3 / nsPerPacket);
    }

    private static String summaryLine(Map<String, Object> cell, AnalyzerMetrics m) {
        GcStatistics gc = m.gc();
        return String.format(Locale.ROOT,
                "%s case %s (%s, heap %s): median %.1f ns/packet (min %.1f, max %.1f), %.2f M packets/s, "
                        + "%.1f bytes/packet allocated; %d GCs, max pause %.1f ms, avg %.1f ms, %.1f%% of time; "
                        + "%.3f M live objects, %.1f MB heap used",
                cell.get("strategy"), cell.get("case"), cell.get("gc"), cell.get("heap"),
                m.nsPerPacket().median(), m.nsPerPacket().min(), m.nsPerPacket().max(), m.packetsPerSecond() / 1e6,
                m.allocBytesPerPacket(), gc.count(), gc.pauseMaxMs(), gc.pauseAvgMs(), gc.fraction() * 100,
                m.liveObjects() / 1e6, m.heapUsedMb());
    }
}

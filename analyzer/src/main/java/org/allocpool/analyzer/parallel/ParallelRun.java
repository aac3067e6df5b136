package org.allocpool.analyzer.parallel;

import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.allocpool.analyzer.MaxHeap;
import org.allocpool.analyzer.RoundPlan;
import org.allocpool.analyzer.WorkloadCounts;
import org.allocpool.metrics.alloc.AllocationCounter;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.gc.CollectorName;
import org.allocpool.metrics.gc.GcPauseRecorder;
import org.allocpool.metrics.gc.GcStatistics;
import org.allocpool.metrics.progress.ProgressMarker;
import org.allocpool.metrics.result.ResultRecord;
import org.allocpool.metrics.stats.RoundStatistics;
import org.allocpool.metrics.stats.SteadyState;

/**
 * The multi-threaded analyser, batch or real time: the calling thread is the source, N processor
 * threads do the single-threaded analyser's per-packet work on their share of the packets and of the
 * case's queue and store. Batch: the workload prefilled (a full GC takes in the live set), warm-up
 * rounds, then timed rounds of equal time until the last ones are steady; GC and allocated bytes per
 * thread over the rounds that count. Real time: the same warm-up at full speed, then the source paced
 * on {@link System#nanoTime()} (CLOCK_MONOTONIC, the native source's clock), a tick every interval, each
 * processor's ring holding its share of {@code maxDelayMs} of ticks; a tick that finds its ring full
 * is lost, counted by the source and again by the processor from the gap in its sequence numbers.
 * The source is a Java thread here, not the single-threaded analyser's native one: it makes and writes
 * every packet, so a native ticker would only add a third spinning thread on a 2-core machine.
 *
 * <p>Runs on the calling thread, one run at a time; the processors have ended and off-heap memory is
 * freed when it returns or throws.
 */
public final class ParallelRun {

    /** The experiment's name in records. */
    public static final String EXPERIMENT = "analyzer-mt";

    private static final long SECOND_NS = 1_000_000_000L;

    private ParallelRun() {
    }

    /** Runs {@code settings}; its record. Says each round (or second) to {@code human}. */
    public static ResultRecord run(ParallelSettings settings, PrintStream human) {
        ParallelMetrics metrics = measure(settings, human);
        human.println(summary(settings, metrics));
        return ResultRecord.ok(EXPERIMENT, cell(settings), Environment.current(), metrics);
    }

    /** The run's figures, without the record around them. */
    public static ParallelMetrics measure(ParallelSettings settings, PrintStream human) {
        try (ParallelPipeline pipeline = ParallelPipeline.of(settings)) {
            double prefillMs = 0;
            if (settings.prefill()) {
                long start = System.nanoTime();
                pipeline.prefill();
                System.gc();
                prefillMs = (System.nanoTime() - start) / 1e6;
                human.println(String.format(Locale.ROOT, "prefill: %,d store slots and %,d queued packets over %d"
                        + " processors, then a full GC, in %.0f ms", settings.stored(), settings.queue() - settings.threads(),
                        settings.threads(), prefillMs));
            }
            pipeline.start();
            List<Double> warmup = new ArrayList<>();
            for (int i = 1; i <= settings.warmup(); i++) {
                ProgressMarker.say(human, "warm-up round " + i + " of " + settings.warmup());
                Round r = round(pipeline, settings);
                warmup.add(r.nsPerPacket());
                human.println(line("warm-up " + i + "/" + settings.warmup(), r));
            }
            return settings.isRealtime() ? paced(pipeline, settings, human, warmup, prefillMs)
                    : batch(pipeline, settings, human, warmup, prefillMs);
        }
    }

    private static ParallelMetrics batch(ParallelPipeline pipeline, ParallelSettings settings, PrintStream human,
                                         List<Double> warmup, double prefillMs) {
        List<Round> timed = new ArrayList<>();
        SteadyState check;
        GcStatistics gc;
        try (GcPauseRecorder recorder = new GcPauseRecorder().start()) {
            while (true) {
                int next = timed.size() + 1;
                ProgressMarker.say(human, "round " + next + " of " + (next <= settings.rounds() ? settings.rounds()
                        : "at most " + settings.maxRounds()));
                Round r = round(pipeline, settings);
                timed.add(r);
                human.println(line("round " + next, r));
                if (timed.size() < settings.rounds()) {
                    continue;
                }
                check = SteadyState.of(nsPerPacket(timed.subList(timed.size() - settings.rounds(), timed.size())));
                if (check.steady() || timed.size() >= settings.maxRounds()) {
                    break;
                }
                human.println("the last " + settings.rounds() + " rounds are not steady (" + check.reason() + "): one more");
            }
            gc = recorder.stop(timed.get(timed.size() - settings.rounds()).start());
        }
        List<Round> window = timed.subList(timed.size() - settings.rounds(), timed.size());
        long packets = 0;
        long nanos = 0;
        long source = 0;
        long processors = 0;
        long waits = 0;
        long sourceCpu = 0;
        long processorsCpu = 0;
        for (Round r : window) {
            sourceCpu += r.sourceCpuNs();
            processorsCpu += r.processorCpuNs();
            packets += r.packets();
            nanos += r.nanos();
            source += r.sourceBytes();
            processors += r.processorBytes();
            waits += r.waits();
        }
        pipeline.stop();
        String digest = pipeline.stateDigest();
        pipeline.drain();
        double pps = packets * 1e9 / nanos;
        List<Double> discarded = new ArrayList<>();
        for (Round r : timed.subList(0, timed.size() - settings.rounds())) {
            discarded.add(r.nsPerPacket());
        }
        return new ParallelMetrics(settings.threads(), pps, pps / settings.threads(), nanos / (double) packets,
                RoundStatistics.of(nsPerPacket(window)), check, warmup, discarded, source / (double) packets,
                processors / (double) packets, waits / (double) packets, sourceCpu / (double) packets,
                processorsCpu / (double) packets, gc, total(pipeline.counts()),
                pipeline.counts(), pipeline.allBack(), digest, prefillMs, null);
    }

    /** One round of {@code roundTime} at full speed, in chunks of {@link RoundPlan#CHUNK} packets. */
    private static Round round(ParallelPipeline pipeline, ParallelSettings settings) {
        Instant start = Instant.now();
        long sourceCpuBefore = ThreadCpu.current();
        long processorsCpuBefore = ThreadCpu.of(pipeline.threads());
        long sourceBefore = AllocationCounter.currentThreadAllocatedBytes();
        long processorsBefore = processorBytes(pipeline);
        long budget = settings.roundTime().toNanos();
        long begin = System.nanoTime();
        long packets = 0;
        long waits = 0;
        long elapsed;
        do {
            waits += pipeline.send(RoundPlan.CHUNK);
            packets += RoundPlan.CHUNK;
            elapsed = System.nanoTime() - begin;
        } while (elapsed < budget);
        long source = AllocationCounter.currentThreadAllocatedBytes() - sourceBefore;
        long processors = processorBytes(pipeline) - processorsBefore;
        long sourceCpu = ThreadCpu.current() - sourceCpuBefore;
        long processorsCpu = ThreadCpu.of(pipeline.threads()) - processorsCpuBefore;
        return new Round(packets, elapsed, source, processors, waits, start, sourceCpu, processorsCpu);
    }

    private static ParallelMetrics paced(ParallelPipeline pipeline, ParallelSettings settings, PrintStream human,
                                         List<Double> warmup, double prefillMs) {
        ParallelSettings.Realtime rt = settings.realtime();
        final long interval = rt.intervalNs();
        long ticks = 0;
        long dropped = 0;
        long ticksAtMeasure = 0;
        long droppedAtMeasure = 0;
        long sourceAtMeasure = 0;
        long processorsAtMeasure = 0;
        long sourceCpuAtMeasure = 0;
        long processorsCpuAtMeasure = 0;
        Instant measuredFrom = Instant.now();
        boolean measuring = false;
        GcStatistics gc;
        long sourceBytes;
        long processorBytes;
        long sourceCpu;
        long processorsCpu;
        long measuredTicks;
        long measuredDropped;
        ProgressMarker.say(human, "paced at " + interval + " ns");
        try (GcPauseRecorder recorder = new GcPauseRecorder().start()) {
            final long start = System.nanoTime();
            final long warmupEnd = start + rt.warmup().toNanos();
            final long end = warmupEnd + rt.duration().toNanos();
            long due = start;
            long nextLine = start + SECOND_NS;
            long linesTicks = 0;
            long linesDropped = 0;
            // hot path: no allocation but alloc's packet, and the line once a second
            // a tick belongs to the window its due time falls in (not the time the source got to it, which
            // after a stall of the source may be later): the measured window holds duration / interval ticks
            while (true) {
                long now = System.nanoTime();
                while (due <= now && due < end) {
                    if (!measuring && due >= warmupEnd) {
                        measuring = true;
                        measuredFrom = Instant.now();
                        ticksAtMeasure = ticks;
                        droppedAtMeasure = dropped;
                        sourceCpuAtMeasure = ThreadCpu.current();
                        processorsCpuAtMeasure = ThreadCpu.of(pipeline.threads());
                        sourceAtMeasure = AllocationCounter.currentThreadAllocatedBytes();
                        processorsAtMeasure = processorBytes(pipeline);
                    }
                    if (!pipeline.tick()) {
                        dropped++;
                    }
                    ticks++;
                    due += interval;
                }
                if (now >= nextLine) {
                    human.println(String.format(Locale.ROOT, "%s%.0f s: %,d sent, %,d lost", measuring ? "" : "(warm-up) ",
                            (now - start) / 1e9, ticks - linesTicks, dropped - linesDropped));
                    linesTicks = ticks;
                    linesDropped = dropped;
                    nextLine += SECOND_NS;
                }
                if (due >= end) {
                    break;
                }
                Thread.onSpinWait();
            }
            sourceBytes = AllocationCounter.currentThreadAllocatedBytes() - sourceAtMeasure;
            processorBytes = processorBytes(pipeline) - processorsAtMeasure;
            sourceCpu = ThreadCpu.current() - sourceCpuAtMeasure;
            processorsCpu = ThreadCpu.of(pipeline.threads()) - processorsCpuAtMeasure;
            measuredTicks = ticks - ticksAtMeasure;
            measuredDropped = dropped - droppedAtMeasure;
            gc = recorder.stop(measuredFrom);
        }
        pipeline.stop();
        String digest = pipeline.stateDigest();
        List<ProcessorCounts> counts = pipeline.counts();
        long lostInAll = counts.stream().mapToLong(ProcessorCounts::lost).sum();
        pipeline.drain();
        long received = measuredTicks - measuredDropped;
        double seconds = rt.duration().toNanos() / 1e9;
        double pps = received / seconds;
        ParallelMetrics.Realtime figures = new ParallelMetrics.Realtime(interval, measuredTicks, received, measuredDropped,
                measuredTicks == 0 ? 0 : measuredDropped * 100.0 / measuredTicks, settings.handoffRing(), lostInAll);
        if (lostInAll != dropped) {
            throw new IllegalStateException("the processors counted " + lostInAll + " lost ticks, the source dropped "
                    + dropped);
        }
        long perPacket = Math.max(1, received);
        return new ParallelMetrics(settings.threads(), pps, pps / settings.threads(), pps == 0 ? 0 : 1e9 / pps, null, null,
                warmup, List.of(), sourceBytes / (double) perPacket, processorBytes / (double) perPacket, 0,
                sourceCpu / (double) perPacket, processorsCpu / (double) perPacket, gc,
                total(pipeline.counts()), pipeline.counts(), pipeline.allBack(), digest, prefillMs, figures);
    }

    private static long processorBytes(ParallelPipeline pipeline) {
        long sum = 0;
        for (Thread t : pipeline.threads()) {
            long bytes = AllocationCounter.allocatedBytes(t);
            sum += Math.max(0, bytes);
        }
        return sum;
    }

    /** Every processor's counts added up. */
    static WorkloadCounts total(List<ProcessorCounts> counts) {
        long made = 0;
        long parsed = 0;
        long stored = 0;
        long evicted = 0;
        long freed = 0;
        for (ProcessorCounts c : counts) {
            made += c.workload().made();
            parsed += c.workload().parsed();
            stored += c.workload().tcpStored();
            evicted += c.workload().evicted();
            freed += c.workload().freed();
        }
        return new WorkloadCounts(made, parsed, stored, evicted, freed);
    }

    /**
     * The cell a run is recorded under: strategy, case, threads, mode, gc, heap, queue, stored, pool,
     * ring, roundMs, rounds, warmup, maxRounds, prefill, then in real time intervalNs, durationS, warmupS,
     * maxDelayMs.
     */
    public static Map<String, Object> cell(ParallelSettings s) {
        Map<String, Object> cell = new LinkedHashMap<>();
        cell.put("strategy", s.strategy().cliName());
        cell.put("case", s.workloadCase().name());
        cell.put("threads", s.threads());
        cell.put("mode", s.isRealtime() ? "realtime" : "batch");
        cell.put("gc", CollectorName.current());
        cell.put("heap", MaxHeap.current());
        cell.put("queue", s.queue());
        cell.put("stored", s.stored());
        cell.put("pool", s.pool());
        cell.put("ring", s.handoffRing());
        cell.put("roundMs", s.roundTime().toMillis());
        cell.put("rounds", s.rounds());
        cell.put("warmup", s.warmup());
        cell.put("maxRounds", s.maxRounds());
        cell.put("prefill", s.prefill());
        if (s.isRealtime()) {
            cell.put("intervalNs", s.realtime().intervalNs());
            cell.put("durationS", s.realtime().duration().toMillis() / 1000.0);
            cell.put("warmupS", s.realtime().warmup().toMillis() / 1000.0);
            cell.put("maxDelayMs", s.realtime().maxDelayMs());
        }
        return cell;
    }

    private record Round(long packets, long nanos, long sourceBytes, long processorBytes, long waits, Instant start,
                         long sourceCpuNs, long processorCpuNs) {

        double nsPerPacket() {
            return nanos / (double) packets;
        }
    }

    private static double[] nsPerPacket(List<Round> rounds) {
        return rounds.stream().mapToDouble(Round::nsPerPacket).toArray();
    }

    private static String line(String label, Round r) {
        return String.format(Locale.ROOT, "%s: %.1f ns/packet, %.2f M packets/s, source waited on %.0f%% of packets",
                label, r.nsPerPacket(), 1e3 / r.nsPerPacket(), r.waits() * 100.0 / r.packets());
    }

    private static String summary(ParallelSettings s, ParallelMetrics m) {
        GcStatistics gc = m.gc();
        String rt = m.realtime() == null ? "" : String.format(Locale.ROOT, "; at %d ns: %,d sent, %,d lost (%.4f%%)",
                m.realtime().intervalNs(), m.realtime().sent(), m.realtime().lost(), m.realtime().lossPercent());
        return String.format(Locale.ROOT, "%s case %s, %d processor%s (%s, heap %s): %.2f M packets/s in all, %.2f M per"
                        + " processor, %.1f ns/packet; CPU per packet: source %.1f ns, processors %.1f ns; allocated per"
                        + " packet: source %.1f bytes, processors %.1f bytes;"
                        + " %d GCs, max pause %.1f ms, %.1f%% of time; every packet back: %s%s",
                s.strategy().cliName(), s.workloadCase().name(), s.threads(), s.threads() == 1 ? "" : "s",
                CollectorName.current(), MaxHeap.current(), m.packetsPerSecond() / 1e6, m.packetsPerSecondPerThread() / 1e6,
                m.nsPerPacket(), m.sourceCpuNsPerPacket(), m.processorCpuNsPerPacket(), m.sourceAllocBytesPerPacket(),
                m.processorAllocBytesPerPacket(), gc.count(),
                gc.pauseMaxMs(), gc.fraction() * 100, m.allBack(), rt);
    }
}

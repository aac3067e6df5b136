package org.allocpool.analyzer.realtime;

import java.io.PrintStream;
import java.time.Instant;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.allocpool.analyzer.BatchRun;
import org.allocpool.analyzer.BatchWarmUp;
import org.allocpool.analyzer.capture.CaptureRing;
import org.allocpool.analyzer.capture.CaptureSource;
import org.allocpool.analyzer.capture.ClockSourceLibrary;
import org.allocpool.analyzer.capture.LossCounter;
import org.allocpool.analyzer.workload.Workload;
import org.allocpool.metrics.alloc.AllocationCounter;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.gc.GcPauseRecorder;
import org.allocpool.metrics.gc.GcStatistics;
import org.allocpool.metrics.heap.HeapCensus;
import org.allocpool.metrics.latency.HistogramLogFile;
import org.allocpool.metrics.progress.ProgressMarker;
import org.allocpool.metrics.result.ResultRecord;

/**
 * The analyser in real time, as the article ran it: a native source outside the JVM produces a
 * packet every interval into a capture ring holding {@code maxDelayMs} of them; this thread takes
 * each one, makes a packet with the strategy and processes it exactly as batch mode does. A
 * processor that stalls longer than the ring holds (a GC pause) loses packets; the loss is counted
 * exactly from sequence gaps. Every packet's latency, from its tick's scheduled time to the end of
 * the claim it was taken in (up to {@link #MAX_CLAIM} ticks taken at once, so the clock is read once
 * per claim), is counted ({@link LatencyCounts}, as the C++ analyser counts it), so a pause shows
 * even where nothing is lost.
 *
 * <p>Runs on the calling thread, one run at a time. The native source always stops and frees its
 * ring before this returns or throws (and on Ctrl-C, through the source's shutdown hook).
 */
public final class RealtimeRun {

    /** Latencies above this are recorded as this (a minute: far beyond any loss-free run). */
    private static final long MAX_LATENCY_NS = 60_000_000_000L;
    private static final long SECOND_NS = 1_000_000_000L;
    /**
     * Ticks taken from the ring at a time, at most, between two reads of the clock: a processor that
     * is behind pays the clock (about 24 ns on this project's VMs) once per claim. Latencies are read
     * at the end of a claim, so an earlier packet of a claim counts the later ones' processing too
     * (at most 31 of them). As {@code kMaxClaim} of the C++ analyser.
     */
    static final int MAX_CLAIM = 32;
    /** How far System.nanoTime() may be from the source's clock, read between two reads of it. */
    private static final long CLOCK_TOLERANCE_NS = 1_000_000L;

    private RealtimeRun() {
    }

    /** Runs {@code settings} and returns its result record, printing a line per second to {@code human}. */
    public static ResultRecord run(RealtimeSettings settings, PrintStream human) {
        return run(settings, human, null);
    }

    /**
     * {@link #run(RealtimeSettings, PrintStream)}, its latency histogram also appended to {@code log}
     * (tagged {@code interval-<N>ns}) when that is not {@code null}.
     */
    public static ResultRecord run(RealtimeSettings settings, PrintStream human, HistogramLogFile log) {
        Map<String, Object> cell = cell(settings, false);
        RealtimeMetrics metrics = measure(settings, human, log);
        human.println(RealtimeLines.summary(settings.workload().strategy().cliName(),
                settings.workload().workloadCase().name(), String.valueOf(cell.get("gc")), metrics.realtime()));
        return ResultRecord.ok(BatchRun.EXPERIMENT, cell, Environment.current(), metrics);
    }

    /**
     * The cell a real-time run is recorded under: the batch cell's workload fields with mode
     * {@code realtime} and its warm-up in batch (packets or roundMs, rounds, warmup, maxRounds, prefill), its packets'
     * shape (packetSize, keepOneIn), then
     * intervalNs (absent for a search), maxDelayMs, durationS, warmupS, pin.
     */
    public static Map<String, Object> cell(RealtimeSettings settings, boolean search) {
        Map<String, Object> batch = BatchRun.cell(settings.workload());
        Map<String, Object> cell = new LinkedHashMap<>();
        for (String key : new String[] {"strategy", "case", "gc", "heap", "queue", "stored", "pool", "mixPool",
                "packets", "roundMs", "rounds", "warmup", "maxRounds", "prefill", "warmupCollections", "packetSize",
                "keepOneIn"}) {
            if (!batch.containsKey(key)) {
                continue;
            }
            cell.put(key, batch.get(key));
            if (key.equals("case")) {
                cell.put("mode", "realtime");
            }
        }
        if (search) {
            cell.put("findInterval", true);
        } else {
            cell.put("intervalNs", settings.intervalNs());
        }
        cell.put("maxDelayMs", settings.maxDelayMs());
        cell.put("durationS", settings.duration().toMillis() / 1000.0);
        cell.put("warmupS", settings.warmup().toMillis() / 1000.0);
        cell.put("pin", settings.pin());
        return cell;
    }

    /**
     * One run: the workload brought to its steady state in batch ({@link BatchRun#warmUp}, before the
     * source starts), then one {@link #probe} at the settings' interval, then the live objects counted.
     */
    static RealtimeMetrics measure(RealtimeSettings settings, PrintStream human, HistogramLogFile log) {
        try (Workload workload = Workload.of(settings.workload())) {
            BatchWarmUp warm = BatchRun.warmUp(workload, settings.workload(), human);
            ProgressMarker.say(human, "measuring at " + settings.intervalNs() + " ns");
            RealtimeMetrics probe = probe(workload, settings, human, log, "interval-" + settings.intervalNs() + "ns");
            return finish(probe, workload, warm);
        }
    }

    /**
     * One probe on a workload already at its steady state: the source started at the settings'
     * interval, its warm-up (losses forgiven), the measured duration, the source stopped. Live
     * objects are not counted (that takes a full collection, which would disturb the next probe):
     * {@link #finish} does it once. Its latency histogram is appended to {@code log}, tagged {@code tag},
     * when that is not {@code null}.
     */
    static RealtimeMetrics probe(Workload workload, RealtimeSettings settings, PrintStream human,
                                 HistogramLogFile log, String tag) {
        Pinning pinning = Pinning.plan(settings.pin());
        try (GcPauseRecorder recorder = new GcPauseRecorder().start();
             CaptureSource source = CaptureSource.start(settings.intervalNs(), settings.maxDelayMs(),
                     pinning.sourceCpu())) {
            boolean pinned = pinning.pinProcessor();
            Measurement m = new Measurement(settings, source, workload, human, pinned);
            m.loop();
            source.stop();
            m.drainAfterStop();
            GcStatistics gc = recorder.stop(m.measuredFrom);
            Histogram latency = m.latency();
            RealtimeFigures figures = m.figures(latency);
            if (log != null) {
                log.append(tag, latency, m.measuredFrom.toEpochMilli(), System.currentTimeMillis());
            }
            return new RealtimeMetrics(figures, m.allocatedBytes / (double) Math.max(1, figures.received()), gc,
                    0, 0, workload.counts(), null, List.of());
        }
    }

    /** {@code metrics} of the last probe with the live objects counted now, the workload drained, and the warm-up's rounds. */
    static RealtimeMetrics finish(RealtimeMetrics metrics, Workload workload, BatchWarmUp warm) {
        HeapCensus census = HeapCensus.take();
        workload.drain();
        return new RealtimeMetrics(metrics.realtime(), metrics.allocBytesPerPacket(), metrics.gc(),
                census.liveObjects(), census.heapUsedMb(), workload.counts(), metrics.search(), warm.rounds());
    }

    /** The state of one measured run; lives on the running thread only. */
    private static final class Measurement {
        private final RealtimeSettings settings;
        private final CaptureSource source;
        private final CaptureRing ring;
        private final Workload workload;
        private final PrintStream human;
        private final boolean pinned;
        private final LossCounter loss = new LossCounter();
        private final LatencyCounts latencies = new LatencyCounts();
        private final long[] scheduled = new long[MAX_CLAIM];

        private Instant measuredFrom = Instant.now();
        private long allocatedBytes;
        private long sentAtWarmup;
        private long lostAtWarmup;
        private long receivedAtWarmup;
        private long allocatedAtWarmup;
        private long linesLost;
        private long linesReceived;

        Measurement(RealtimeSettings settings, CaptureSource source, Workload workload, PrintStream human,
                    boolean pinned) {
            if (!ClockSourceLibrary.javaClockIsMonotonic(CLOCK_TOLERANCE_NS)) {
                throw new IllegalStateException("System.nanoTime() does not read CLOCK_MONOTONIC in this JVM, the"
                        + " clock of the native source: latencies would be meaningless");
            }
            this.settings = settings;
            this.source = source;
            this.ring = source.ring();
            this.workload = workload;
            this.human = human;
            this.pinned = pinned;
        }

        void loop() {
            final long start = ClockSourceLibrary.nowNanos();
            final long warmupEnd = start + settings.warmup().toNanos();
            spin(start, warmupEnd, warmupEnd + settings.duration().toNanos(), settings.warmup().isZero());
        }

        /**
         * The loop itself, a method of its own so that its compilation (on stack replacement) does not
         * spend C2's budget of inlined IR ({@code NodeCountInliningCutoff}) on the clock's FFM downcall
         * above, which runs once.
         */
        // hot path: no allocation but what the strategy allocates per packet, and the line once a second
        private void spin(long start, long warmupEnd, long end, boolean measureFromStart) {
            final CaptureRing ring = this.ring;
            final Workload workload = this.workload;
            final LossCounter loss = this.loss;
            final LatencyCounts latencies = this.latencies;
            final long[] scheduled = this.scheduled; // the claimed ticks' scheduled times
            long nextLine = start + SECOND_NS;
            long lastLine = start;
            boolean measuring = measureFromStart;
            if (measuring) {
                startMeasuring();
            }
            int processed = 0; // packets processed in the last pass, their scheduled times in scheduled[]
            while (true) {
                // The clock comes first in this loop's code, so that C2 inlines it and the latency count
                // before the workload's steps use up its inlining budget (NodeCountInliningCutoff; the
                // count left out of line was a call per packet). In execution order it still comes right
                // after the last pass's packets were processed. CLOCK_MONOTONIC, as the source's (checked
                // when the run starts), through the JVM's intrinsic: an inlined FFM downcall is a far
                // larger piece of IR for the same clock_gettime.
                long now = System.nanoTime();
                if (measuring && processed > 0) {
                    // each packet of the claim counts until the last one is done: an upper bound for
                    // the earlier ones, by at most the claim's processing time
                    latencies.recordUntil(now, scheduled, processed, MAX_LATENCY_NS);
                }
                if (now >= nextLine) {
                    printLine(now, start, lastLine, !measuring);
                    lastLine = now;
                    nextLine += SECOND_NS;
                    if (!measuring && now >= warmupEnd) {
                        measuring = true;
                        startMeasuring();
                    }
                    if (now >= end) {
                        break;
                    }
                }
                // One clock read per claim, not per packet: the clock costs about 24 ns here, more than
                // a flat packet's processing. The claimed packets then run through the workload's batch
                // loop, compiled on its own in the batch warm-up: inlined here with the ring and the
                // latency count, its steps reached C2's NodeCountInliningCutoff and stayed calls (about
                // 28 ns a flat packet once behind, against 11 in batch). C++'s loop does the same.
                processed = ring.claim(MAX_CLAIM);
                if (processed > 0) {
                    loss.onSequences(ring.next(processed, scheduled), processed);
                    workload.run(processed);
                } else {
                    Thread.onSpinWait();
                }
            }
        }

        private void startMeasuring() {
            measuredFrom = Instant.now();
            // the measured stream: every tick from the next one expected on (some may already wait in the ring)
            sentAtWarmup = loss.expected();
            lostAtWarmup = loss.lost();
            receivedAtWarmup = loss.received();
            allocatedAtWarmup = AllocationCounter.currentThreadAllocatedBytes();
            latencies.reset();
        }

        private void printLine(long now, long start, long lastLine, boolean warmingUp) {
            long lost = loss.lost() - linesLost;
            long received = loss.received() - linesReceived;
            linesLost = loss.lost();
            linesReceived = loss.received();
            Runtime rt = Runtime.getRuntime();
            human.println(RealtimeLines.second((now - start) / 1e9, (now - lastLine) / 1_000_000, received, lost,
                    received + lost, (rt.totalMemory() - rt.freeMemory()) / (1024.0 * 1024.0), warmingUp));
        }

        /** After the source stopped: what is left in the ring was received, drops after it were lost. */
        void drainAfterStop() {
            allocatedBytes = AllocationCounter.currentThreadAllocatedBytes() - allocatedAtWarmup;
            for (long sequence = ring.poll(); sequence >= 0; sequence = ring.poll()) {
                loss.onSequence(sequence); // queued in time: received, though not processed
            }
            loss.onEndOfStream(source.ticks());
        }

        /** The measured packets' latencies, as a new histogram (once the loop is over). */
        Histogram latency() {
            Histogram latency = new Histogram(MAX_LATENCY_NS, 3);
            latencies.copyInto(latency);
            return latency;
        }

        RealtimeFigures figures(Histogram latency) {
            long sent = source.ticks() - sentAtWarmup;
            long lost = loss.lost() - lostAtWarmup;
            long received = loss.received() - receivedAtWarmup;
            return new RealtimeFigures(settings.intervalNs(), sent, received, lost,
                    sent == 0 ? 0 : lost * 100.0 / sent, LatencyFigures.of(latency), pinned);
        }
    }
}

package org.allocpool.benchmarks;

import java.util.concurrent.TimeUnit;
import org.allocpool.analyzer.capture.CaptureRing;
import org.allocpool.analyzer.capture.CaptureSource;
import org.allocpool.analyzer.capture.LossCounter;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The consumer side of the capture ring: {@link CaptureRing#poll()} on a ring that the real C
 * clock source fills as fast as it can ({@link CaptureSource#MIN_INTERVAL_NS}, a ring of 1 ms of
 * ticks, 100,000 entries). The ring cannot be filled from Java: its constructor and its layout are
 * package-private and {@link CaptureSource} is its only maker, so the producer is the native
 * thread, busy on a core of its own. An op is one poll, a tick or an empty ring (-1): the
 * {@code ticks} and {@code empty} counters say how many of each, per iteration. {@code claimAtOnce}
 * is the real-time loop's way: an op is one claim of up to {@value #MAX_CLAIM} ticks, taken and
 * counted at once ({@link CaptureRing#next(int, long[])}, {@link LossCounter#onSequences}). Run with
 * {@code -prof gc}: polling should allocate nothing (the native thread is outside the heap).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
// The clock source is a native library: on the class path, native access is ALL-UNNAMED's.
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@State(Scope.Thread)
public class CaptureRingBenchmark {

    private static final int MAX_DELAY_MS = 1;
    /** As the real-time loop's claims (RealtimeRun.MAX_CLAIM). */
    private static final int MAX_CLAIM = 32;

    private CaptureSource source;
    private CaptureRing ring;
    private final long[] scheduled = new long[MAX_CLAIM];
    private final LossCounter loss = new LossCounter();

    /** What the polls found: JMH prints the totals of each iteration. */
    @AuxCounters(AuxCounters.Type.EVENTS)
    @State(Scope.Thread)
    public static class Polls {
        public long ticks;
        public long empty;

        @Setup(Level.Iteration)
        public void reset() {
            ticks = 0;
            empty = 0;
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        source = CaptureSource.start(CaptureSource.MIN_INTERVAL_NS, MAX_DELAY_MS, CaptureSource.NO_PIN);
        ring = source.ring();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        source.close();
    }

    @Benchmark
    public long poll(Polls polls) {
        long sequence = ring.poll();
        if (sequence < 0) {
            polls.empty++;
        } else {
            polls.ticks++;
        }
        return sequence;
    }

    @Benchmark
    public long claimAtOnce(Polls polls) {
        int claimed = ring.claim(MAX_CLAIM);
        if (claimed == 0) {
            polls.empty++;
            return -1;
        }
        polls.ticks += claimed;
        long last = ring.next(claimed, scheduled);
        loss.onSequences(last, claimed);
        return last;
    }
}

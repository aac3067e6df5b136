package org.allocpool.analyzer.parallel;

import java.time.Duration;
import java.util.Objects;
import org.allocpool.analyzer.WorkloadCase;

/**
 * One run of the multi-threaded analyser: one source thread feeding {@code threads} processor
 * threads. The case's queue and store are split among the processors (processor k keeps
 * {@code queue / threads} packets queued and {@code stored / threads} store slots, the first ones one
 * more when it does not divide), so that every N holds the same live set and does the same work as
 * the single-threaded analyser: N is the only thing that changes. The compact constructor validates,
 * naming the option and the bad value. Immutable.
 *
 * @param strategy     where packets come from
 * @param workloadCase the case queue and stored were taken from (recorded)
 * @param threads      processor threads, at least 1
 * @param queue        packets queued before parsing, in all
 * @param stored       store slots, in all
 * @param pool         packets (slab slots for flat) made up front, in all; per-thread pools get an equal share
 * @param ring         entries of each processor's handoff ring in batch
 * @param roundTime    one timed round
 * @param warmup       untimed rounds first
 * @param rounds       timed rounds whose figures count
 * @param maxRounds    timed rounds at most, while the last {@code rounds} are not steady
 * @param prefill      fill every store slot and queue before the rounds (a long run's state)
 * @param realtime     the real-time settings, or {@code null} for batch
 */
public record ParallelSettings(ParallelStrategy strategy, WorkloadCase workloadCase, int threads, int queue,
                               int stored, int pool, int ring, Duration roundTime, int warmup, int rounds,
                               int maxRounds, boolean prefill, Realtime realtime) {

    /** The default handoff ring per processor in batch. */
    public static final int DEFAULT_RING = 1024;

    /**
     * The source paced: a tick every {@code intervalNs}, processor k getting ticks k, k+N, ...; each
     * processor's ring holds its share of {@code maxDelayMs} of ticks (the capture ring of the
     * single-threaded analyser, split), a tick that finds it full is lost.
     *
     * @param intervalNs time between two ticks of the source, at least 10
     * @param duration   measured time, after the warm-up
     * @param warmup     paced time whose losses are forgiven
     * @param maxDelayMs time of packets the rings hold in all
     */
    public record Realtime(long intervalNs, Duration duration, Duration warmup, int maxDelayMs) {

        public Realtime {
            if (intervalNs < 10) {
                throw new IllegalArgumentException("--interval-ns must be at least 10, was " + intervalNs);
            }
            if (duration == null || duration.isZero() || duration.isNegative()) {
                throw new IllegalArgumentException("--duration must be positive, was " + duration);
            }
            if (warmup == null || warmup.isNegative()) {
                throw new IllegalArgumentException("--warmup-s must not be negative, was " + warmup);
            }
            if (maxDelayMs < 1) {
                throw new IllegalArgumentException("--max-delay-ms must be at least 1, was " + maxDelayMs);
            }
        }

        /** Entries of each of {@code threads} rings: its share of {@code maxDelayMs} of ticks, at least 1. */
        public int ringFor(int threads) {
            long perRing = Math.max(1, maxDelayMs * 1_000_000L / intervalNs / threads);
            if (perRing > 1 << 26) {
                throw new IllegalArgumentException("--max-delay-ms " + maxDelayMs + " at --interval-ns " + intervalNs
                        + " makes rings of " + perRing + " entries, over 2^26");
            }
            return (int) perRing;
        }
    }

    public ParallelSettings {
        if (strategy == null) {
            throw new IllegalArgumentException("--strategy is required; allowed: " + ParallelStrategy.allowed());
        }
        Objects.requireNonNull(workloadCase, "workloadCase");
        Objects.requireNonNull(roundTime, "roundTime");
        atLeast("--threads", threads, 1);
        atLeast("--queue", queue, threads);
        atLeast("--stored", stored, threads);
        atLeast("--ring", ring, 1);
        atLeast("--rounds", rounds, 1);
        atLeast("--warmup", warmup, 0);
        atLeast("--max-rounds", maxRounds, rounds);
        if (roundTime.isZero() || roundTime.isNegative()) {
            throw new IllegalArgumentException("--round-time must be positive, was " + roundTime);
        }
        if (strategy != ParallelStrategy.ALLOC) {
            // each pool must hold what its processor keeps, what is in flight to it and what is on its way back
            long need = strategy == ParallelStrategy.POOL_SHARED
                    ? queue + stored + (long) threads * (handoffRing(ring, realtime, threads) + 1)
                    : (long) threads * (queueOf(queue, threads, 0) + storedOf(stored, threads, 0)
                    + handoffRing(ring, realtime, threads) + 1);
            if (pool < need) {
                throw new IllegalArgumentException("--pool must be at least " + need + " for " + strategy + " with "
                        + threads + " threads (queue, store and rings), was " + pool);
            }
        }
    }

    /** Packets processor {@code k} of {@code threads} keeps queued: its share of {@code queue}. */
    public static int queueOf(int queue, int threads, int k) {
        return queue / threads + (k < queue % threads ? 1 : 0);
    }

    /** Store slots of processor {@code k}: its share of {@code stored}. */
    public static int storedOf(int stored, int threads, int k) {
        return stored / threads + (k < stored % threads ? 1 : 0);
    }

    /** Processor {@code k}'s queue. */
    public int queueOf(int k) {
        return queueOf(queue, threads, k);
    }

    /** Processor {@code k}'s store slots. */
    public int storedOf(int k) {
        return storedOf(stored, threads, k);
    }

    /** Packets (or slots) of each pool: {@code pool} for the shared one, {@code pool / threads} per thread. */
    public int poolPerProcessor() {
        return strategy == ParallelStrategy.POOL_SHARED ? pool : pool / threads;
    }

    /** Entries each processor's handoff ring holds. */
    public int handoffRing() {
        return handoffRing(ring, realtime, threads);
    }

    private static int handoffRing(int ring, Realtime realtime, int threads) {
        return realtime == null ? ring : realtime.ringFor(threads);
    }

    /** Whether it runs paced. */
    public boolean isRealtime() {
        return realtime != null;
    }

    private static void atLeast(String option, long value, long min) {
        if (value < min) {
            throw new IllegalArgumentException(option + " must be at least " + min + ", was " + value);
        }
    }
}

package org.allocpool.kv.contenders;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.allocpool.metrics.alloc.AllocationCounter;
import org.allocpool.metrics.progress.ProgressMarker;
import org.allocpool.metrics.stats.RoundStatistics;
import org.allocpool.metrics.stats.SteadyState;

/**
 * Runs one operation over and over: a warm-up, then timed rounds ({@link PhaseTiming}) until the
 * last {@code rounds} of them pass the steady-state check or {@code maxRounds} have run; counts the
 * operations and how many answered {@code true} (hits), warm-up included, and the bytes the thread
 * allocated while running the operations of the rounds that count (the counter is read around each
 * round's loop, so the phase's own bookkeeping and progress lines are not counted). The clock is
 * read once every {@link #CHECK_EVERY} operations. Says each round on a stream meant for people, with a
 * {@link ProgressMarker} before the warm-up and before each round. Single-threaded:
 * the calling thread runs it.
 */
final class TimedPhase {

    /** Operations between two reads of the clock: a read costs ~20 ns, an operation 50 ns and more. */
    static final int CHECK_EVERY = 1024;

    /** One operation on the key it is given; {@code true} for a hit. */
    @FunctionalInterface
    interface Operation {
        boolean apply(long key);
    }

    /**
     * What a phase did.
     *
     * @param rounds     its figure: the rounds that count and their check
     * @param operations every operation run, warm-up included
     * @param hits       of them, those that answered {@code true}
     */
    record Outcome(PhaseRounds rounds, long operations, long hits) {
    }

    private final PhaseTiming timing;
    private final PrintStream progress;
    private final LongSupplier clock;
    private long operations;
    private long hits;
    /** Operations and allocated bytes of the last {@link #loop}. */
    private long loopOperations;
    private long loopAllocated;

    TimedPhase(PhaseTiming timing, PrintStream progress) {
        this(timing, progress, System::nanoTime);
    }

    /** With {@code clock} in nanoseconds instead of {@link System#nanoTime()}: for tests. */
    TimedPhase(PhaseTiming timing, PrintStream progress, LongSupplier clock) {
        this.timing = timing;
        this.progress = progress;
        this.clock = clock;
    }

    /** Runs the phase called {@code name} (for progress lines) on keys from {@code keys}. */
    Outcome run(String name, Operation operation, RandomKeys keys) {
        operations = 0;
        hits = 0;
        ProgressMarker.say(progress, name + ": warm-up");
        loop(operation, keys, timing.warmup().toNanos());
        List<Double> rates = new ArrayList<>();
        List<long[]> counts = new ArrayList<>();
        SteadyState check;
        while (true) {
            int next = rates.size() + 1;
            ProgressMarker.say(progress, name + ": round " + next + " of "
                    + (next <= timing.rounds() ? timing.rounds() : "at most " + timing.maxRounds()));
            rates.add(loop(operation, keys, timing.round().toNanos()));
            counts.add(new long[] {loopOperations, loopAllocated});
            int n = rates.size();
            progress.println(String.format(Locale.ROOT, "%s: round %d/%d: %.3f M/s", name, n,
                    n <= timing.rounds() ? timing.rounds() : timing.maxRounds(), rates.getLast() / 1e6));
            if (n < timing.rounds()) {
                continue;
            }
            check = SteadyState.of(values(rates.subList(n - timing.rounds(), n)));
            if (check.steady() || n >= timing.maxRounds()) {
                break;
            }
            progress.println(name + ": rounds " + (n - timing.rounds() + 1) + "-" + n + " are not steady ("
                    + check.reason() + "): one more round, up to " + timing.maxRounds());
        }
        int first = rates.size() - timing.rounds();
        long countedOperations = 0;
        long countedAllocated = 0;
        for (long[] round : counts.subList(first, counts.size())) {
            countedOperations += round[0];
            countedAllocated += round[1];
        }
        PhaseRounds figure = new PhaseRounds(RoundStatistics.of(values(rates.subList(first, rates.size()))), check,
                rates.subList(0, first), countedAllocated / (double) Math.max(1, countedOperations));
        return new Outcome(figure, operations, hits);
    }

    /**
     * Runs {@code operation} for {@code durationNs} (nothing for 0) and returns its operations per
     * second; leaves its operations and the bytes allocated meanwhile in {@code loopOperations} and
     * {@code loopAllocated}.
     */
    private double loop(Operation operation, RandomKeys keys, long durationNs) {
        long allocatedBefore = AllocationCounter.currentThreadAllocatedBytes();
        long start = clock.getAsLong();
        long end = start + durationNs;
        long done = 0;
        long now = start;
        while (now < end) {
            for (int i = 0; i < CHECK_EVERY; i++) {
                if (operation.apply(keys.next())) {
                    hits++;
                }
            }
            done += CHECK_EVERY;
            now = clock.getAsLong();
        }
        loopAllocated = AllocationCounter.currentThreadAllocatedBytes() - allocatedBefore;
        loopOperations = done;
        operations += done;
        return done * 1e9 / Math.max(1, now - start);
    }

    private static double[] values(List<Double> rates) {
        return rates.stream().mapToDouble(Double::doubleValue).toArray();
    }
}

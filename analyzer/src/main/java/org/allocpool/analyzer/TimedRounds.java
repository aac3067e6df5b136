package org.allocpool.analyzer;

import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.allocpool.analyzer.workload.Workload;
import org.allocpool.metrics.alloc.AllocationCounter;
import org.allocpool.metrics.gc.GcCount;
import org.allocpool.metrics.progress.ProgressMarker;
import org.allocpool.metrics.stats.SteadyState;

/**
 * Runs the warm-up and timed rounds of a {@link RoundPlan} on a workload and keeps the last
 * {@code rounds} of them, extended one round at a time while those are not steady, up to
 * {@code maxRounds}. Says each round on a stream meant for people, with a {@link ProgressMarker}
 * before it starts.
 *
 * <p>Runs on the calling thread, whose allocated bytes it counts; one run at a time per instance.
 */
final class TimedRounds {

    private final Workload workload;
    private final RoundPlan plan;
    private final PrintStream human;
    private final LongSupplier clock;
    private final LongSupplier collections;

    TimedRounds(Workload workload, RoundPlan plan, PrintStream human) {
        this(workload, plan, human, System::nanoTime, GcCount::collections);
    }

    /**
     * With {@code clock} in nanoseconds instead of {@link System#nanoTime()}, and {@code collections}
     * instead of the JVM's count of collections: for tests.
     */
    TimedRounds(Workload workload, RoundPlan plan, PrintStream human, LongSupplier clock, LongSupplier collections) {
        this.workload = workload;
        this.plan = plan;
        this.human = human;
        this.clock = clock;
        this.collections = collections;
    }

    /**
     * What the rounds gave.
     *
     * @param warmup         ns/packet of each warm-up round
     * @param discarded      ns/packet of timed rounds run before the window, while it was not steady
     * @param window         ns/packet of the rounds whose figures count, the last {@code rounds}
     * @param windowPackets  packets in those rounds
     * @param windowNanos    the time those rounds took, ns
     * @param allocatedBytes heap bytes the running thread allocated in those rounds
     * @param windowStart    when the first of them started
     * @param steadyState    the check of the window
     */
    record Result(double[] warmup, double[] discarded, double[] window, long windowPackets, long windowNanos,
                  long allocatedBytes, Instant windowStart, SteadyState steadyState) {

        /**
         * The window's time over its packets: what one long round of those packets reads, the
         * article's measure, and the run's figure. Unlike the median round, it does not lean towards
         * the slow rounds when rounds are of equal time: a round that a long collection slows holds
         * fewer packets, and counts for no more of them than it handled.
         */
        double overallNsPerPacket() {
            return windowNanos / (double) windowPackets;
        }
    }

    /**
     * Runs the warm-up rounds only: the plan's, then more while the JVM has done fewer collections
     * than the plan waits for (at most {@code maxRounds} more), unless the plan's rounds collected
     * nothing at all. ns/packet of each.
     */
    private double[] warmUp() {
        long before = collections.getAsLong();
        List<Double> warmup = new ArrayList<>();
        for (int round = 1; round <= plan.warmup(); round++) {
            ProgressMarker.say(human, "warm-up round " + round + " of " + plan.warmup());
            warmup.add(round().nsPerPacket());
            human.println(line("warm-up " + round + "/" + plan.warmup(), warmup.getLast()));
        }
        for (int more = 1; more <= plan.maxRounds(); more++) {
            long done = collections.getAsLong() - before;
            // a workload whose warm-up rounds collected nothing makes no garbage: nothing for a collector to adapt to
            if (done >= plan.warmupCollections() || done == 0) {
                break;
            }
            ProgressMarker.say(human, "warm-up round " + (warmup.size() + 1) + " (" + done + " of "
                    + plan.warmupCollections() + " collections)");
            warmup.add(round().nsPerPacket());
            human.println(line("warm-up " + warmup.size() + " (" + done + " of " + plan.warmupCollections()
                    + " collections so far)", warmup.getLast()));
        }
        return warmup.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** Runs the warm-up rounds, then the timed ones. */
    Result run() {
        double[] warmup = warmUp();
        List<Round> timed = new ArrayList<>();
        SteadyState check = null;
        while (true) {
            int next = timed.size() + 1;
            ProgressMarker.say(human, "round " + next + " of " + (next <= plan.rounds() ? plan.rounds()
                    : "at most " + plan.maxRounds()));
            Round round = round();
            timed.add(round);
            human.println(line("round " + timed.size() + "/" + (timed.size() <= plan.rounds() ? plan.rounds()
                    : plan.maxRounds()), round.nsPerPacket()));
            if (timed.size() < plan.rounds()) {
                continue;
            }
            check = SteadyState.of(nsPerPacket(timed.subList(timed.size() - plan.rounds(), timed.size())));
            if (check.steady() || timed.size() >= plan.maxRounds()) {
                break;
            }
            human.println("rounds " + (timed.size() - plan.rounds() + 1) + "-" + timed.size() + " are not steady ("
                    + check.reason() + "): one more round, up to " + plan.maxRounds());
        }
        List<Round> window = timed.subList(timed.size() - plan.rounds(), timed.size());
        long packets = 0;
        long nanos = 0;
        long allocated = 0;
        for (Round round : window) {
            packets += round.packets();
            nanos += round.nanos();
            allocated += round.allocatedBytes();
        }
        return new Result(warmup, nsPerPacket(timed.subList(0, timed.size() - plan.rounds())), nsPerPacket(window),
                packets, nanos, allocated, window.getFirst().start(), check);
    }

    /** One round: its packets, the time they took, what they allocated and when it started. */
    private record Round(long packets, long nanos, long allocatedBytes, Instant start) {

        double nsPerPacket() {
            return nanos / (double) packets;
        }
    }

    private Round round() {
        Instant start = Instant.now();
        long allocatedBefore = AllocationCounter.currentThreadAllocatedBytes();
        long begin = clock.getAsLong();
        long packets;
        long elapsed;
        if (plan.isTimed()) {
            long budget = plan.roundTime().toNanos();
            packets = 0;
            do {
                workload.run(RoundPlan.CHUNK);
                packets += RoundPlan.CHUNK;
                elapsed = clock.getAsLong() - begin;
            } while (elapsed < budget);
        } else {
            packets = plan.packets();
            workload.run(packets);
            elapsed = clock.getAsLong() - begin;
        }
        long allocated = AllocationCounter.currentThreadAllocatedBytes() - allocatedBefore;
        return new Round(packets, elapsed, allocated, start);
    }

    private static double[] nsPerPacket(List<Round> rounds) {
        return rounds.stream().mapToDouble(Round::nsPerPacket).toArray();
    }

    private static String line(String label, double nsPerPacket) {
        return String.format(Locale.ROOT, "%s: %.1f ns/packet, %.2f M packets/s", label, nsPerPacket,
                1e3 / nsPerPacket);
    }
}

package org.allocpool.analyzer;

import java.time.Duration;

/**
 * How a batch run is timed. First, unless {@code prefill} is off, the workload is brought to the
 * state a long run reaches ({@link org.allocpool.analyzer.workload.Workload#prefill()}) and a full
 * collection takes in its live set. Then {@code warmup} untimed rounds, and more of them while the
 * JVM has done fewer than {@code warmupCollections} collections since the prefill (at most
 * {@code maxRounds} more): a collector adapts to a live set and its rate of change over collections,
 * not over time (G1's refinement of dirty cards took about 20 to learn the case B pool's, measured
 * with {@code -Xlog:gc+refine=debug}; until then the analyser's own thread refined cards for 40-60%
 * of its time). A workload whose {@code warmup} rounds collected nothing makes no garbage and waits no more.
 * Then {@code rounds} timed ones. When those are not steady ({@link org.allocpool.metrics.stats.SteadyState}), more rounds run,
 * one at a time, and the last {@code rounds} are checked again, until they are steady or
 * {@code maxRounds} timed rounds have run: the figures are always those of the last {@code rounds}.
 *
 * <p>A round is {@code packets} packets, or, when {@code roundTime} is set, as many whole chunks of
 * {@link #CHUNK} packets as fill that time: rounds of equal time suit a matrix whose cells differ
 * a hundredfold in speed, where rounds of equal packets would last from milliseconds (shorter than a
 * collection cycle, so that some rounds hold a pause and others not) to seconds.
 * The compact constructor validates, naming the command-line option and the bad value. Immutable.
 *
 * @param packets   packets per round, at least 1 (unused when {@code roundTime} is set)
 * @param roundTime the time a round lasts, or {@code null} for rounds of {@code packets}
 * @param warmup    untimed rounds, at least 0
 * @param rounds    timed rounds whose figures count, at least 1
 * @param maxRounds timed rounds at most, counting those replaced by later ones; at least {@code rounds}
 * @param prefill   whether to fill the store and queue and take in the live set before the rounds
 * @param warmupCollections collections to wait for in the warm-up, 0 for none
 */
public record RoundPlan(long packets, Duration roundTime, int warmup, int rounds, int maxRounds, boolean prefill,
                        int warmupCollections) {

    /** The collections a warm-up waits for by default: G1 adapted to the case B pool's live set after about 20. */
    public static final int DEFAULT_WARMUP_COLLECTIONS = 20;

    /** Packets between two looks at the clock in a round of {@code roundTime}. */
    public static final long CHUNK = 50_000;

    /** The article's round: 10 million packets. */
    public static final long ARTICLE_PACKETS = 10_000_000L;
    /** The article's timed rounds. */
    public static final int ARTICLE_ROUNDS = 10;
    /** The article's warm-up: its first 5 rounds. */
    public static final int ARTICLE_WARMUP = 5;

    public RoundPlan {
        atLeast("--packets", packets, 1);
        if (roundTime != null && (roundTime.isNegative() || roundTime.isZero())) {
            throw new IllegalArgumentException("--round-time must be positive, was " + roundTime.toMillis() + "ms");
        }
        atLeast("--warmup", warmup, 0);
        atLeast("--rounds", rounds, 1);
        if (maxRounds < rounds) {
            throw new IllegalArgumentException("--max-rounds must be at least --rounds (" + rounds + "), was "
                    + maxRounds);
        }
        atLeast("--warmup-collections", warmupCollections, 0);
    }

    /** A plan whose warm-up waits for no collection. */
    public RoundPlan(long packets, Duration roundTime, int warmup, int rounds, int maxRounds, boolean prefill) {
        this(packets, roundTime, warmup, rounds, maxRounds, prefill, 0);
    }

    /**
     * The article's plan (rounds of 10,000,000 packets, 5 warm-up, 10 timed), prefilled, the warm-up
     * waiting for {@value #DEFAULT_WARMUP_COLLECTIONS} collections, with up to 10 more rounds for a cell
     * that is not steady yet.
     */
    public static RoundPlan article() {
        return new RoundPlan(ARTICLE_PACKETS, null, ARTICLE_WARMUP, ARTICLE_ROUNDS, 2 * ARTICLE_ROUNDS, true,
                DEFAULT_WARMUP_COLLECTIONS);
    }

    /** Rounds of {@code packets}, no extra rounds, prefilled: for tests and small runs. */
    public static RoundPlan ofPackets(long packets, int rounds, int warmup) {
        return new RoundPlan(packets, null, warmup, rounds, rounds, true);
    }

    /** Whether rounds are measured by time rather than by packets. */
    public boolean isTimed() {
        return roundTime != null;
    }

    /** The same plan without the prefill. */
    public RoundPlan withoutPrefill() {
        return new RoundPlan(packets, roundTime, warmup, rounds, maxRounds, false, warmupCollections);
    }

    private static void atLeast(String option, long value, long min) {
        if (value < min) {
            throw new IllegalArgumentException(option + " must be at least " + min + ", was " + value);
        }
    }
}

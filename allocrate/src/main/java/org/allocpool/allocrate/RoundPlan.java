package org.allocpool.allocrate;

import java.time.Duration;

/**
 * How the rounds of a run are timed: {@code warmup} untimed rounds, then {@code rounds} timed ones;
 * while those are not steady ({@link org.allocpool.metrics.stats.SteadyState}) one more round runs and
 * the last {@code rounds} are checked again, up to {@code maxRounds} timed rounds. A round lasts
 * {@code roundTime}, or, when {@code roundEvents} is set, until every thread has handled its share of
 * that many events: the fixed amount of work an Epsilon heap, which never frees, is sized for. The
 * compact constructor validates, naming the command-line option and the bad value. Immutable.
 *
 * @param roundTime   the time a round lasts, or {@code null} for rounds of {@code roundEvents}
 * @param roundEvents events per round over all threads, or 0 for rounds of {@code roundTime}
 * @param warmup      untimed rounds, at least 0
 * @param rounds      timed rounds whose figures count, at least 1
 * @param maxRounds   timed rounds at most, at least {@code rounds}
 */
public record RoundPlan(Duration roundTime, long roundEvents, int warmup, int rounds, int maxRounds) {

    public RoundPlan {
        if ((roundTime == null) == (roundEvents == 0)) {
            throw new IllegalArgumentException("give either --round-time or --round-events, not "
                    + (roundTime == null ? "neither" : "both"));
        }
        if (roundTime != null && roundTime.toMillis() < 1) {
            throw new IllegalArgumentException("--round-time must be at least 1ms, was " + roundTime.toNanos() + "ns");
        }
        if (roundEvents < 0) {
            throw new IllegalArgumentException("--round-events must be positive, was " + roundEvents);
        }
        if (warmup < 0) {
            throw new IllegalArgumentException("--warmup must be at least 0, was " + warmup);
        }
        if (rounds < 1) {
            throw new IllegalArgumentException("--rounds must be at least 1, was " + rounds);
        }
        if (maxRounds < rounds) {
            throw new IllegalArgumentException("--max-rounds must be at least --rounds (" + rounds + "), was " + maxRounds);
        }
    }

    /** Whether rounds last a time (rather than a number of events). */
    public boolean isTimed() {
        return roundTime != null;
    }

    /** The events each of {@code threads} threads handles in a round of events: its share, at least 1. */
    public long eventsPerThread(int threads) {
        return Math.max(1, roundEvents / threads);
    }
}

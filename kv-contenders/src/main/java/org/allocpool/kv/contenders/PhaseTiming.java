package org.allocpool.kv.contenders;

import java.time.Duration;

/**
 * How each timed phase of a run measures: a warm-up, then timed rounds of equal time whose last
 * {@code rounds} are the figure, checked for a steady state and extended one round at a time while
 * they are not, up to {@code maxRounds}. Immutable.
 *
 * @param warmup    run before the rounds, for the JIT and the caches; may be zero
 * @param round     the time of one round
 * @param rounds    rounds that make the figure (the steady-state check needs at least four)
 * @param maxRounds rounds at the most, while the last {@code rounds} are not steady
 */
record PhaseTiming(Duration warmup, Duration round, int rounds, int maxRounds) {

    PhaseTiming {
        if (warmup.isNegative() || round.isZero() || round.isNegative()) {
            throw new IllegalArgumentException("a phase times rounds of a positive time after a non-negative warm-up, was "
                    + warmup + " + rounds of " + round);
        }
        if (rounds < 1 || maxRounds < rounds) {
            throw new IllegalArgumentException("a phase needs at least one round and no fewer at the most, was "
                    + rounds + " up to " + maxRounds);
        }
    }
}

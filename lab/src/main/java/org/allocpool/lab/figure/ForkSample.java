package org.allocpool.lab.figure;

import java.util.List;
import org.allocpool.metrics.stats.SteadyState;

/**
 * What one fork (one JVM) measured of a figure: the rounds that count and whether they were steady.
 * Immutable; safe to share.
 *
 * @param rounds the figure of each round that counts, in the order measured (at least one)
 * @param median the fork's own figure: the median of its rounds
 * @param steady whether its rounds passed the steady-state check
 * @param reason {@code steady}, or what the check found (a trend, a step, too few rounds)
 */
public record ForkSample(List<Double> rounds, double median, boolean steady, String reason) {

    public ForkSample {
        rounds = List.copyOf(rounds);
        if (rounds.isEmpty()) {
            throw new IllegalArgumentException("a fork sample needs at least one round");
        }
    }

    /**
     * A fork's rounds that count and their median, with the fork's own steady-state check, or, for a
     * record that carries none (written before the check), the same check made here on its rounds.
     */
    public static ForkSample checked(List<Double> rounds, double median, SteadyState check) {
        SteadyState c = check != null ? check : SteadyState.of(rounds.stream().mapToDouble(Double::doubleValue).toArray());
        return new ForkSample(rounds, median, c.steady(), c.reason());
    }

    /** A fork that measured one value once, with no rounds to check (steady by assumption, say why). */
    public static ForkSample single(double value, String reason) {
        return new ForkSample(List.of(value), value, true, reason);
    }
}

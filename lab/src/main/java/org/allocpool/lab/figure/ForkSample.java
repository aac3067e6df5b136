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
 * @param pass   the pass the fork ran in (its fork number: the lab runs fork N of every cell in pass N),
 *               so that two cells' forks of one pass can be set side by side; 0 when not known
 */
public record ForkSample(List<Double> rounds, double median, boolean steady, String reason, int pass) {

    public ForkSample {
        rounds = List.copyOf(rounds);
        if (rounds.isEmpty()) {
            throw new IllegalArgumentException("a fork sample needs at least one round");
        }
        if (pass < 0) {
            throw new IllegalArgumentException("a pass is counted from 1 (0: not known), not " + pass);
        }
    }

    /** A sample whose pass is not known. */
    public ForkSample(List<Double> rounds, double median, boolean steady, String reason) {
        this(rounds, median, steady, reason, 0);
    }

    /** The same sample, known to have run in pass {@code pass}. */
    public ForkSample inPass(int pass) {
        return new ForkSample(rounds, median, steady, reason, pass);
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

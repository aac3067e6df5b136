package org.allocpool.metrics.stats;

import java.util.Arrays;
import java.util.List;

/**
 * Median, minimum and maximum of a series of timed rounds, with every round kept.
 * Immutable; safe to share between threads.
 *
 * @param median the median round (mean of the two middle rounds for an even count)
 * @param min    the fastest round
 * @param max    the slowest round
 * @param rounds every round, in the order measured
 */
public record RoundStatistics(double median, double min, double max, List<Double> rounds) {

    public RoundStatistics {
        // a record written before rounds were kept carries none: read as no rounds, not as unreadable
        rounds = rounds == null ? List.of() : List.copyOf(rounds);
    }

    /** Summarises {@code values}; throws if there are none. */
    public static RoundStatistics of(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no rounds to summarise");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        return new RoundStatistics(median, sorted[0], sorted[n - 1], Arrays.stream(values).boxed().toList());
    }
}

package org.allocpool.lab.firstalloc.tables;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The median of one figure over the forks of a cell, with its 10th and 90th percentiles: a first
 * allocation happens once per JVM, so the forks are the samples and their spread is the figure's.
 * Percentiles interpolate between neighbours, as the lab's other figures do. Immutable; safe to share.
 *
 * @param median the median over the forks
 * @param p10    the 10th percentile
 * @param p90    the 90th percentile
 * @param forks  how many forks measured it (at least one)
 */
record Spread(double median, double p10, double p90, int forks) {

    /** The spread of {@code values} (at least one), or {@code null} when there are none. */
    static Spread of(List<Double> values) {
        if (values.isEmpty()) {
            return null;
        }
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(sorted);
        return new Spread(quantile(sorted, 0.5), quantile(sorted, 0.1), quantile(sorted, 0.9), sorted.length);
    }

    /** Whether the 10th-90th percentile ranges of this and {@code other} do not overlap. */
    boolean isApartFrom(Spread other) {
        return p90 < other.p10 || other.p90 < p10;
    }

    /** {@code 12.3 (10.1-15.0)}: the median and the 10th-90th percentile, in the unit the values are in. */
    String text() {
        return number(median) + " (" + number(p10) + "-" + number(p90) + ")";
    }

    /** Three significant digits, at most three decimals: {@code 165}, {@code 12.3}, {@code 0.052}. */
    static String number(double value) {
        double a = Math.abs(value);
        if (a >= 100) {
            return String.format(Locale.ROOT, "%,.0f", value);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", value);
        }
        if (a >= 1) {
            return String.format(Locale.ROOT, "%.2f", value);
        }
        return String.format(Locale.ROOT, "%.3f", value);
    }

    private static double quantile(double[] sorted, double q) {
        if (sorted.length == 1) {
            return sorted[0];
        }
        double position = q * (sorted.length - 1);
        int below = (int) Math.floor(position);
        int above = Math.min(below + 1, sorted.length - 1);
        return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
    }
}

package org.allocpool.metrics.stats;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Arrays;
import java.util.Locale;

/**
 * Whether a series of timed rounds shows a steady state, and the figures that say so: neither a
 * step between its first and second half beyond the noise, nor a trend across it.
 *
 * <p>The test, for {@code n} rounds with median {@code m} (every figure relative to {@code m}):
 * <ul>
 *   <li><b>step</b>: {@code shift}, the median of the last {@code n/2} rounds minus the median of
 *       the first {@code n/2}, against {@code noise}, the rounds' own scatter estimated from the
 *       steps between consecutive rounds (see the code). A step is found when {@code |shift|}
 *       exceeds both {@link #TOLERANCE} and {@link #NOISE_FACTOR} standard deviations of what
 *       the difference of two such medians is by chance.</li>
 *   <li><b>trend</b>: the Mann-Kendall test (exact, over the signs of every pair of rounds) finds a
 *       monotonic trend with {@code p <} {@link #TREND_P}, and Sen's slope (the median slope of every
 *       pair) carries the series by more than {@link #TOLERANCE} from its first round to its last
 *       ({@code drift}).</li>
 * </ul>
 * A series of fewer than {@link #MIN_ROUNDS} rounds is not checked and is not steady. The figures
 * are kept so that a reader can judge a verdict near its edge. In the spirit of Barrett et al.,
 * "Virtual machine warmup blows hot and cold" (OOPSLA 2017), scaled down to the handful of rounds a
 * lab cell runs. Immutable; safe to share.
 *
 * @param steady whether neither a step nor a trend was found
 * @param reason {@code steady}, or in words what was found ({@code still falling: -12% across the rounds})
 * @param rounds how many rounds were checked
 * @param shift  second half's median minus the first half's, relative to the median (negative: getting faster)
 * @param noise  the rounds' scatter (one standard deviation, for normal noise), relative to the median
 * @param drift  Sen's slope times {@code rounds - 1}, relative to the median: the trend's size
 * @param trendP the two-sided p-value of the Mann-Kendall test (1 for no trend at all)
 */
@JsonPropertyOrder({"steady", "reason", "rounds", "shift", "noise", "drift", "trendP"})
public record SteadyState(boolean steady, String reason, int rounds, double shift, double noise, double drift,
                          double trendP) {

    /** Fewest rounds the test checks. */
    public static final int MIN_ROUNDS = 4;
    /** A step or a drift smaller than this (5% of the median) never makes a series unsteady. */
    public static final double TOLERANCE = 0.05;
    /** A step must exceed this many standard deviations of the difference of the halves' medians (about 1% by chance). */
    public static final double NOISE_FACTOR = 3.0;
    /** The Mann-Kendall p-value below which a trend is taken as real. */
    public static final double TREND_P = 0.02;
    /** The median of |a - b| for two draws of a normal noise, in its standard deviations: 0.6745 × √2. */
    private static final double MEDIAN_STEP_PER_SD = 0.9539;

    /** Checks {@code rounds} (in the order measured; at least one, all positive). */
    public static SteadyState of(double[] rounds) {
        int n = rounds.length;
        if (n == 0) {
            throw new IllegalArgumentException("no rounds to check");
        }
        if (n < MIN_ROUNDS) {
            return new SteadyState(false, "too few rounds to check (" + n + " < " + MIN_ROUNDS + ")", n, 0, 0, 0, 1);
        }
        double m = median(rounds);
        int half = n / 2;
        double[] first = Arrays.copyOfRange(rounds, 0, half);
        double[] second = Arrays.copyOfRange(rounds, n - half, n);
        double firstMedian = median(first);
        double secondMedian = median(second);
        double shift = (secondMedian - firstMedian) / m;
        double slope = senSlope(rounds);
        double[] steps = new double[n - 1];
        double[] detrended = new double[n - 1];
        for (int i = 1; i < n; i++) {
            steps[i - 1] = Math.abs(rounds[i] - rounds[i - 1]);
            detrended[i - 1] = Math.abs(rounds[i] - rounds[i - 1] - slope);
        }
        // For normal noise the median step from one round to the next is 0.954 of its standard
        // deviation. A step in the series moves that median little (one step of the rounds crosses
        // it); a trend adds its slope to every step, which the detrended steps take out again. The
        // smaller of the two serves, so that neither a step nor a trend passes for noise.
        double noise = Math.min(median(steps), median(detrended)) / MEDIAN_STEP_PER_SD / m;
        // two medians of half rounds each differ by sqrt(pi / half) standard deviations at the most,
        // typically: a step is real when it is NOISE_FACTOR of those
        double stepLimit = Math.max(TOLERANCE, NOISE_FACTOR * Math.sqrt(Math.PI / half) * noise);
        double drift = slope * (n - 1) / m;
        double trendP = mannKendallP(rounds);

        boolean step = Math.abs(shift) > stepLimit;
        boolean trend = trendP < TREND_P && Math.abs(drift) > TOLERANCE;
        String reason;
        if (trend) {
            reason = (drift < 0 ? "still falling: " : "still rising: ") + percent(drift) + " across the rounds (p = "
                    + String.format(Locale.ROOT, "%.3f", trendP) + ")";
        } else if (step) {
            reason = "a step of " + percent(shift) + " between the halves, beyond the noise (" + String.format(Locale.ROOT, "%.0f%%", noise * 100) + ")";
        } else {
            reason = "steady";
        }
        return new SteadyState(!step && !trend, reason, n, shift, noise, drift, trendP);
    }

    /** The median of {@code values} (mean of the two middle ones for an even count). */
    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** Sen's slope: the median of {@code (x[j] - x[i]) / (j - i)} over every pair {@code i < j}. */
    static double senSlope(double[] x) {
        int n = x.length;
        double[] slopes = new double[n * (n - 1) / 2];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                slopes[k++] = (x[j] - x[i]) / (j - i);
            }
        }
        return median(slopes);
    }

    /**
     * The two-sided p-value of the Mann-Kendall statistic {@code S = Σ sign(x[j] - x[i])}, from its
     * exact distribution under no trend (every order of the rounds equally likely): {@code S} is
     * {@code n(n-1)/2} minus twice the number of inversions, whose counts over the {@code n!} orders
     * are the Mahonian numbers. Ties count as neither sign and are treated as if absent.
     */
    static double mannKendallP(double[] x) {
        int n = x.length;
        int s = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                s += Double.compare(x[j], x[i]) > 0 ? 1 : Double.compare(x[j], x[i]) < 0 ? -1 : 0;
            }
        }
        if (s == 0) {
            return 1;
        }
        int pairs = n * (n - 1) / 2;
        double[] inversions = mahonian(n);
        // |S| >= |s| means inversions <= (pairs - |s|) / 2 or >= (pairs + |s|) / 2; the two tails are equal
        int lowTail = (pairs - Math.abs(s)) / 2;
        double tail = 0;
        double total = 0;
        for (int k = 0; k < inversions.length; k++) {
            total += inversions[k];
            if (k <= lowTail) {
                tail += inversions[k];
            }
        }
        return Math.min(1, 2 * tail / total);
    }

    /** The number of orders of {@code n} items with {@code k} inversions, for every {@code k}, as doubles. */
    private static double[] mahonian(int n) {
        int max = n * (n - 1) / 2;
        double[] counts = new double[max + 1];
        counts[0] = 1;
        int reach = 0;
        for (int items = 2; items <= n; items++) {
            // adding an item can add 0 .. items-1 inversions
            double[] next = new double[max + 1];
            for (int k = 0; k <= reach; k++) {
                if (counts[k] == 0) {
                    continue;
                }
                for (int add = 0; add < items; add++) {
                    next[k + add] += counts[k];
                }
            }
            reach += items - 1;
            counts = next;
        }
        return counts;
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%+.0f%%", fraction * 100);
    }
}

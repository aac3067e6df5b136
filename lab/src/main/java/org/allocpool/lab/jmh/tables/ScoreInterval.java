package org.allocpool.lab.jmh.tables;

import java.util.List;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.figure.ForkSample;

/**
 * One benchmark's score across the lab's passes with its 95% interval: the geometric mean of the passes'
 * scores (each JMH's mean over its forks and iterations), the interval Student's t over their logarithms,
 * as {@link org.allocpool.lab.figure.RatioInterval} takes a ratio's: a pass is one sample of what a run of
 * JMH gives on this machine, so the interval says where the next run's score is expected, not only how
 * well JMH measured inside one run. Immutable.
 *
 * @param estimate the geometric mean of the passes' scores
 * @param low      the interval's lower end ({@code NaN} with one pass)
 * @param high     its upper end ({@code NaN} with one pass)
 * @param passes   how many passes measured
 */
public record ScoreInterval(double estimate, double low, double high, int passes) {

    /** Student's t, two-sided 95%, for 1 to 10 degrees of freedom; 1.96 beyond. */
    private static final double[] T_975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228};

    /** The interval of {@code figure}'s passes (their steady ones when any is). */
    public static ScoreInterval of(Figure figure) {
        List<ForkSample> steady = figure.samples().stream().filter(ForkSample::steady).toList();
        List<ForkSample> samples = steady.isEmpty() ? figure.samples() : steady;
        double[] logs = samples.stream().mapToDouble(s -> Math.log(s.median())).toArray();
        int n = logs.length;
        double mean = 0;
        for (double v : logs) {
            mean += v / n;
        }
        if (n < 2 || !Double.isFinite(mean)) {
            return new ScoreInterval(Math.exp(mean), Double.NaN, Double.NaN, n);
        }
        double sum = 0;
        for (double v : logs) {
            sum += (v - mean) * (v - mean);
        }
        double half = t975(n - 1) * Math.sqrt(sum / (n - 1) / n);
        return new ScoreInterval(Math.exp(mean), Math.exp(mean - half), Math.exp(mean + half), n);
    }

    /** Whether there is an interval: two passes or more. */
    public boolean hasInterval() {
        return passes >= 2 && Double.isFinite(low);
    }

    /** Half the interval's width relative to the estimate: {@code 0.03} for about ±3%. */
    public double relativeHalfWidth() {
        return hasInterval() ? (high - low) / 2 / estimate : Double.NaN;
    }

    private static double t975(int df) {
        return df <= T_975.length ? T_975[df - 1] : 1.96;
    }
}

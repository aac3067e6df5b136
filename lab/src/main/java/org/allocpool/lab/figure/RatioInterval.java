package org.allocpool.lab.figure;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The ratio of two figures, {@code a} over {@code b}, with a 95% confidence interval: the one
 * statistic every lab's verdict and {@code lab compare} use (Kalibera and Jones, "Rigorous
 * Benchmarking in Reasonable Time", 2013).
 *
 * <p><b>Paired</b> (two cells of one run): the ratio is taken pass by pass, from the two cells' forks
 * of the same pass, so that what the host did during a pass weighs on both sides of its ratio; the
 * estimate is the geometric mean of the passes' ratios. <b>Unpaired</b> (one cell in two runs, or
 * cells without common passes): the ratio of the two sides' geometric means.
 *
 * <p>The interval is that of a hierarchical bootstrap, passes (or forks) drawn with replacement, then
 * within each fork its rounds, so that both the JVM-to-JVM and the round-to-round variation widen it;
 * the logarithm of the ratio is taken as normal about the estimate, its variance the sum of the two
 * levels': the passes' share as endless draws of the passes would find it (exactly: their spread over
 * their count), the rounds' share from 2,000 draws of every fork's rounds. A bootstrap over few
 * passes is too narrow (its spread is that of the sample, about {@code sqrt((n-1)/n)} of the
 * population's, and few samples need Student's quantile, not the normal one): the passes' share is
 * widened by {@code (t(n-1, 0.975) / 1.96)^2 * n / (n-1)}, which makes it Student's t interval when
 * the logarithms of the ratios are normal; the rounds' share rests on every round and is not. Simulated runs cover the
 * true ratio at least 93% of the time with three and five passes ({@code RatioIntervalTest}). With
 * fewer than two passes on a side there is no interval: nothing says how much one JVM differs from
 * the next.
 *
 * <p>The draws are seeded from the figures, so the same records always give the same interval (the
 * tables, the report and {@code lab compare} agree). Immutable; safe to share.
 *
 * @param estimate the ratio a/b: the geometric mean of the passes' ratios (paired), or of the sides' geometric means
 * @param low      the lower end of the 95% interval
 * @param high     the upper end
 * @param passes   how many passes (paired) or the fewer of the two sides' forks (unpaired) it rests on
 * @param paired   whether it was taken pass by pass
 */
public record RatioInterval(double estimate, double low, double high, int passes, boolean paired) {

    /** How many bootstrap draws an interval takes. */
    static final int DRAWS = 2000;

    /** Student's t, two-sided 95%, for 1 to 30 degrees of freedom. */
    private static final double[] T_975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
            2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060,
            2.056, 2.052, 2.048, 2.045, 2.042};
    private static final double Z_975 = 1.959964;

    /**
     * The ratio {@code a}/{@code b} with its interval, paired by pass where at least two passes have a
     * fork of both (and {@code paired} is asked for), else unpaired; {@code null} when there are too
     * few forks for an interval, or a figure is not positive (a count of zero bytes has no ratio).
     */
    public static RatioInterval of(Figure a, Figure b, boolean paired) {
        if (!positive(a) || !positive(b)) {
            return null;
        }
        if (fingerprint(a) > fingerprint(b)) {
            // one order for the draws, so that b over a is exactly a over b upside down
            RatioInterval bOverA = of(b, a, paired);
            return bOverA == null ? null : bOverA.inverse();
        }
        List<ForkSample> aSteady = steadyForks(a);
        List<ForkSample> bSteady = steadyForks(b);
        if (paired) {
            List<ForkSample[]> pairs = pairs(aSteady, bSteady);
            if (pairs.size() >= 2) {
                return pairedInterval(pairs, seed(a, b));
            }
        }
        if (aSteady.size() >= 2 && bSteady.size() >= 2) {
            return unpairedInterval(aSteady, bSteady, seed(a, b));
        }
        return null;
    }

    /** The forks a ratio rests on: the steady ones, or all of a figure none of whose forks is (it is not judged anyway). */
    private static List<ForkSample> steadyForks(Figure figure) {
        List<ForkSample> steady = figure.samples().stream().filter(ForkSample::steady).toList();
        return steady.isEmpty() ? figure.samples() : steady;
    }

    /** b over a: the same interval upside down. */
    public RatioInterval inverse() {
        return new RatioInterval(1 / estimate, 1 / high, 1 / low, passes, paired);
    }

    /** Whether the whole interval lies beyond {@code margin} on one side of 1 (above 1 + margin or below 1 / (1 + margin)). */
    public boolean clears(double margin) {
        return low > 1 + margin || high < 1 / (1 + margin);
    }

    /** Whether {@code ratio} lies inside the interval. */
    public boolean covers(double ratio) {
        return low <= ratio && ratio <= high;
    }

    private static List<ForkSample[]> pairs(List<ForkSample> a, List<ForkSample> b) {
        Map<Integer, ForkSample> byPass = new HashMap<>();
        for (ForkSample s : b) {
            if (s.pass() > 0) {
                byPass.put(s.pass(), s);
            }
        }
        List<ForkSample[]> pairs = new ArrayList<>();
        for (ForkSample s : a) {
            ForkSample other = s.pass() > 0 ? byPass.get(s.pass()) : null;
            if (other != null) {
                pairs.add(new ForkSample[] {s, other});
            }
        }
        return pairs;
    }

    private static RatioInterval pairedInterval(List<ForkSample[]> pairs, long seed) {
        int n = pairs.size();
        double[] logRatio = new double[n];
        for (int i = 0; i < n; i++) {
            logRatio[i] = Math.log(pairs.get(i)[0].median()) - Math.log(pairs.get(i)[1].median());
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] roundsOnly = new double[DRAWS];
        for (int d = 0; d < DRAWS; d++) {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += Math.log(redrawn(pairs.get(i)[0], random)) - Math.log(redrawn(pairs.get(i)[1], random));
            }
            roundsOnly[d] = sum / n;
        }
        return widened(mean(logRatio), drawnMeanVariance(logRatio), variance(roundsOnly), n, true);
    }

    private static RatioInterval unpairedInterval(List<ForkSample> a, List<ForkSample> b, long seed) {
        double center = meanLog(a) - meanLog(b);
        SplittableRandom random = new SplittableRandom(seed);
        double[] roundsOnly = new double[DRAWS];
        for (int d = 0; d < DRAWS; d++) {
            roundsOnly[d] = redrawnMeanLog(a, random) - redrawnMeanLog(b, random);
        }
        double forks = drawnMeanVariance(logs(a)) + drawnMeanVariance(logs(b));
        return widened(center, forks, variance(roundsOnly), Math.min(a.size(), b.size()), false);
    }

    /**
     * The interval about {@code center} (a mean of logarithms), normal in the logarithm: the passes' share
     * of the variance ({@code passes}, what drawing the passes again gives) widened for {@code n} passes
     * (Student's t), the rounds' share ({@code rounds}, what drawing every fork's rounds again gives), which
     * rests on every round of every fork, as it is.
     */
    private static RatioInterval widened(double center, double passes, double rounds, int n, boolean paired) {
        double widen = t975(n - 1) / Z_975 * Math.sqrt(n / (double) (n - 1));
        double half = Z_975 * Math.sqrt(widen * widen * passes + rounds);
        return new RatioInterval(Math.exp(center), Math.exp(center - half), Math.exp(center + half), n, paired);
    }

    /**
     * The variance of the mean of {@code values} drawn again with replacement, as a bootstrap of endless
     * draws would find it: the values' spread over their count, {@code sum((x - mean)^2) / n^2}.
     */
    static double drawnMeanVariance(double[] values) {
        double mean = mean(values);
        double sum = 0;
        for (double v : values) {
            sum += (v - mean) * (v - mean);
        }
        return sum / ((double) values.length * values.length);
    }

    private static double[] logs(List<ForkSample> forks) {
        return forks.stream().mapToDouble(f -> Math.log(f.median())).toArray();
    }

    /**
     * One fork's figure with its rounds drawn again: the fork's figure scaled by the mean of its rounds
     * drawn with replacement over their mean (a fork's figure need not be its rounds' mean: the
     * analyser's is their time over their packets).
     */
    private static double redrawn(ForkSample fork, SplittableRandom random) {
        List<Double> rounds = fork.rounds();
        int count = rounds.size();
        if (count < 2) {
            return fork.median();
        }
        double sum = 0;
        double drawn = 0;
        for (int i = 0; i < count; i++) {
            sum += rounds.get(i);
            drawn += rounds.get(random.nextInt(count));
        }
        return sum > 0 && drawn > 0 ? fork.median() * drawn / sum : fork.median();
    }

    /** The mean logarithm of {@code forks} with each fork's rounds drawn again. */
    private static double redrawnMeanLog(List<ForkSample> forks, SplittableRandom random) {
        double sum = 0;
        for (ForkSample fork : forks) {
            sum += Math.log(redrawn(fork, random));
        }
        return sum / forks.size();
    }

    private static double meanLog(List<ForkSample> forks) {
        return forks.stream().mapToDouble(f -> Math.log(f.median())).average().orElseThrow();
    }

    private static double mean(double[] values) {
        return Arrays.stream(values).average().orElseThrow();
    }

    private static double variance(double[] values) {
        double mean = mean(values);
        double sum = 0;
        for (double v : values) {
            sum += (v - mean) * (v - mean);
        }
        return sum / (values.length - 1);
    }

    /** Student's t quantile at 97.5% for {@code df} degrees of freedom (at least 1). */
    static double t975(int df) {
        if (df <= T_975.length) {
            return T_975[df - 1];
        }
        return Z_975 + (T_975[T_975.length - 1] - Z_975) * T_975.length / df;
    }

    private static boolean positive(Figure figure) {
        for (ForkSample s : figure.samples()) {
            if (!(s.median() > 0) || Double.isInfinite(s.median())) {
                return false;
            }
            for (double round : s.rounds()) {
                if (round < 0 || !Double.isFinite(round)) {
                    return false;
                }
            }
        }
        return !figure.samples().isEmpty();
    }

    private static long seed(Figure a, Figure b) {
        return fingerprint(a) * 31 + fingerprint(b);
    }

    /** A number that stands for {@code figure}'s forks: the draws' seed, and which of two figures goes first. */
    private static long fingerprint(Figure figure) {
        long print = 0x9E3779B97F4A7C15L;
        for (ForkSample s : figure.samples()) {
            print = print * 31 + Double.hashCode(s.median()) + s.pass();
            for (double round : s.rounds()) {
                print = print * 31 + Double.hashCode(round);
            }
        }
        return print;
    }
}

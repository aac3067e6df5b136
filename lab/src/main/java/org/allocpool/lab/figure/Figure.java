package org.allocpool.lab.figure;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One cell's figure over its forks, with its two spreads and its steadiness: the lab's measurement
 * discipline in one place, for every experiment.
 * <ul>
 *   <li>{@code median}: the median of the forks' figures (each fork's median round, or what the
 *       experiment takes for a fork's figure: for the analyzer its rounds' time over their packets;
 *       each fork is one JVM, one sample of the JIT's and the memory layout's decisions).</li>
 *   <li>{@code roundsLow}-{@code roundsHigh}: the middle half of every round of every fork (25th to
 *       75th percentile): how much one round wanders.</li>
 *   <li>{@code forksLow}-{@code forksHigh}: the lowest and highest fork's figure: how much one JVM
 *       differs from the next.</li>
 *   <li>{@code low}-{@code high}: both taken together, the spread a comparison uses: two figures
 *       whose spreads overlap are too close to call.</li>
 *   <li>{@code steady}: more than half of the forks were (so every fork of one or two); otherwise
 *       {@code reason} says which fork was not and why. A comparison's interval rests on the steady
 *       forks only.</li>
 *   <li>{@code samples}: the forks themselves, with their rounds and passes, from which a comparison
 *       computes its ratio pass by pass with an interval ({@link RatioInterval}).</li>
 * </ul>
 * Immutable; safe to share.
 */
public record Figure(double median, double roundsLow, double roundsHigh, double forksLow, double forksHigh,
                     int forks, boolean steady, String reason, List<ForkSample> samples) {

    public Figure {
        samples = List.copyOf(samples);
    }

    /** The figure of {@code forks} (at least one). */
    public static Figure of(List<ForkSample> forks) {
        if (forks.isEmpty()) {
            throw new IllegalArgumentException("a figure needs at least one fork");
        }
        double[] medians = forks.stream().mapToDouble(ForkSample::median).toArray();
        List<Double> rounds = new ArrayList<>();
        forks.forEach(f -> rounds.addAll(f.rounds()));
        double[] all = rounds.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(all);
        Arrays.sort(medians);
        // steady when more than half of the forks are: one JVM whose rounds had a trend does not sink a
        // figure of many forks (more passes must not make a figure less judgeable), and with one or two
        // forks every fork must be steady, as before
        String reason = "steady";
        int unsteady = 0;
        for (int i = 0; i < forks.size(); i++) {
            if (!forks.get(i).steady()) {
                if (unsteady == 0) {
                    reason = (forks.size() > 1 ? "fork " + (i + 1) + ": " : "") + forks.get(i).reason();
                }
                unsteady++;
            }
        }
        boolean steady = unsteady * 2 < forks.size();
        if (steady && unsteady > 0) {
            reason = "steady in " + (forks.size() - unsteady) + " of " + forks.size() + " forks (" + reason + ")";
        }
        return new Figure(quantile(medians, 0.5), quantile(all, 0.25), quantile(all, 0.75), medians[0],
                medians[medians.length - 1], forks.size(), steady, reason, forks);
    }

    /** The lower end of the spread a comparison uses: the rounds' middle half and every fork's median. */
    public double low() {
        return Math.min(roundsLow, forksLow);
    }

    /** The upper end of that spread. */
    public double high() {
        return Math.max(roundsHigh, forksHigh);
    }

    /** Half the range of the forks' medians, relative to the median: {@code 0.02} for ±2%. */
    public double forkSpread() {
        return median == 0 ? 0 : (forksHigh - forksLow) / 2 / Math.abs(median);
    }

    /** Whether the spreads of this and {@code other} overlap. */
    public boolean overlaps(Figure other) {
        return low() <= other.high() && other.low() <= high();
    }

    /** The {@code q} quantile of sorted {@code values}, interpolating between neighbours (the median of an even count is the middle two's mean). */
    static double quantile(double[] sorted, double q) {
        if (sorted.length == 1) {
            return sorted[0];
        }
        double position = q * (sorted.length - 1);
        int below = (int) Math.floor(position);
        int above = Math.min(below + 1, sorted.length - 1);
        return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
    }
}

package org.allocpool.lab.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Maps values of one axis to pixels, linearly or logarithmically, over a domain widened to round
 * ticks, and says where its ticks are. A log scale takes positive values only; the charts leave out
 * points that are not. Immutable; thread-safe.
 */
final class Scale {

    /** A tick: where ({@code value}) and what it reads. */
    record Tick(double value, String label) {
    }

    /** The ticks a scale of ratios tries, most wanted first: 1×, round multiples, then finer steps, each with its inverse. */
    private static final double[] RATIO_TICKS = {1, 10, 2, 5, 1.5, 1.25, 1.1, 1.05, 3, 20, 50, 100, 1.02, 1.01};
    /** The fewest pixels between two ticks of a scale of ratios. */
    private static final double RATIO_TICK_GAP = 16;

    private final boolean log;
    private final boolean ratios;
    private final double low;
    private final double high;
    private final double from;
    private final double to;

    private Scale(boolean log, double low, double high, double from, double to) {
        this(log, false, low, high, from, to);
    }

    private Scale(boolean log, boolean ratios, double low, double high, double from, double to) {
        this.log = log;
        this.ratios = ratios;
        this.low = low;
        this.high = high;
        this.from = from;
        this.to = to;
    }

    /**
     * A scale over {@code min..max} (widened to round ticks; a linear one always holds 0 when {@code fromZero})
     * drawn from pixel {@code from} to pixel {@code to}.
     */
    static Scale of(boolean log, double min, double max, boolean fromZero, double from, double to) {
        if (log) {
            double lo = min > 0 && Double.isFinite(min) ? min : 1;
            double hi = max > 0 && Double.isFinite(max) ? Math.max(max, lo) : lo;
            double low = Math.pow(10, Math.floor(Math.log10(lo)));
            double high = Math.pow(10, Math.ceil(Math.log10(hi)));
            if (high <= low) {
                high = low * 10;
            }
            return new Scale(true, low, high, from, to);
        }
        double lo = Double.isFinite(min) ? min : 0;
        double hi = Double.isFinite(max) ? max : 1;
        if (fromZero) {
            lo = Math.min(lo, 0);
            hi = Math.max(hi, 0);
        }
        if (hi <= lo) {
            hi = lo + (lo == 0 ? 1 : Math.abs(lo));
        }
        double step = step(hi - lo);
        return new Scale(false, Math.floor(lo / step) * step, Math.ceil(hi / step) * step, from, to);
    }

    /** A linear scale over exactly {@code min..max}, not widened: for an axis with ticks of its own. */
    static Scale exact(double min, double max, double from, double to) {
        return new Scale(false, min, max > min ? max : min + 1, from, to);
    }

    /**
     * A logarithmic scale of ratios over exactly {@code min..max} (both positive), not widened to powers of ten:
     * its ticks are 1 and round ratios and their inverses ({@code 2}, {@code 0.5}, {@code 1.1}, {@code 0.91}) as
     * many as fit.
     */
    static Scale ratios(double min, double max, double from, double to) {
        if (!(min > 0) || !(max > min)) {
            throw new IllegalArgumentException("a scale of ratios needs 0 < min < max: " + min + ", " + max);
        }
        return new Scale(true, true, min, max, from, to);
    }

    /** Whether it is logarithmic. */
    boolean isLog() {
        return log;
    }

    /** The lowest value it shows. */
    double low() {
        return low;
    }

    /** The pixel of {@code value} (clamped to the axis). */
    double at(double value) {
        double v = Math.max(low, Math.min(high, value));
        double t = log ? (Math.log10(v) - Math.log10(low)) / (Math.log10(high) - Math.log10(low))
                : (v - low) / (high - low);
        return from + t * (to - from);
    }

    /** Its ticks: round values, about five of a linear scale; powers of ten of a log one (with 2 and 5 when few). */
    List<Tick> ticks() {
        List<Tick> ticks = new ArrayList<>();
        if (ratios) {
            return ratioTicks();
        }
        if (log) {
            int decades = (int) Math.round(Math.log10(high / low));
            for (double p = low; p <= high * 1.0001; p *= 10) {
                ticks.add(new Tick(p, Svg.label(p)));
                if (decades <= 2 && p * 10 <= high * 1.0001) {
                    ticks.add(new Tick(p * 2, Svg.label(p * 2)));
                    ticks.add(new Tick(p * 5, Svg.label(p * 5)));
                }
            }
            return List.copyOf(ticks);
        }
        double step = step(high - low);
        for (int i = 0; low + i * step <= high + step / 1e6; i++) {
            double v = low + i * step;
            ticks.add(new Tick(Math.abs(v) < step / 1e6 ? 0 : v, Svg.label(Math.abs(v) < step / 1e6 ? 0 : v)));
        }
        return List.copyOf(ticks);
    }

    private List<Tick> ratioTicks() {
        List<Double> kept = new ArrayList<>();
        for (double tick : RATIO_TICKS) {
            for (double value : new double[] {tick, 1 / tick}) {
                if (value >= low && value <= high && kept.stream().allMatch(k -> Math.abs(at(k) - at(value)) >= RATIO_TICK_GAP)) {
                    kept.add(value);
                }
            }
        }
        return kept.stream().sorted().map(v -> new Tick(v, Svg.label(v))).toList();
    }

    /** A round step (1, 2 or 5 times a power of ten) that cuts {@code range} into about five. */
    private static double step(double range) {
        double rough = range / 5;
        double power = Math.pow(10, Math.floor(Math.log10(rough)));
        double m = rough / power;
        return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * power;
    }
}

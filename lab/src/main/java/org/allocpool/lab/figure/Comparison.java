package org.allocpool.lab.figure;

import java.util.Locale;

/**
 * Two figures side by side, as a verdict says it: which is better, by what factor, and whether this
 * machine can tell them apart. A figure that is not steady never wins: the comparison says it cannot
 * be judged. Immutable; safe to share.
 *
 * <p>Where both figures have forks of at least two passes, the factor and the decision come from
 * {@link RatioInterval}: the ratio taken pass by pass (or run against run, unpaired) with its 95%
 * interval, and a winner only when the whole interval lies beyond {@link #MARGIN} of parity. Where
 * they do not (one fork each: nothing says how much one JVM differs from the next), the factor is
 * the ratio of the medians and the two figures' spreads decide: apart when they do not overlap.
 *
 * @param better      the better of the two (lower when lower is better)
 * @param worse       the other
 * @param betterName  what the better one is called
 * @param worseName   what the other is called
 * @param factor      worse over better, at least 1 (for lower-is-better figures: how many times slower)
 * @param apart       whether this machine tells them apart: the interval clears the margin, or,
 *                    without one, the spreads do not overlap
 * @param judged      whether both are steady, so that the comparison means something
 * @param interval    the factor's 95% interval (worse over better), or {@code null} without enough passes
 */
public record Comparison(Figure better, Figure worse, String betterName, String worseName, double factor,
                         boolean apart, boolean judged, RatioInterval interval) {

    /** How far beyond parity a ratio's whole interval must lie for a winner to be named: 5%. */
    public static final double MARGIN = 0.05;

    /** Compares two cells of one run, {@code a} (called {@code aName}) with {@code b}, pass by pass. */
    public static Comparison of(String aName, Figure a, String bName, Figure b, boolean lowerIsBetter) {
        return of(aName, a, bName, b, lowerIsBetter, true);
    }

    /**
     * Compares {@code a} with {@code b}; lower is better when {@code lowerIsBetter}; pass by pass when
     * {@code paired} (two cells of one run), else side against side (one cell in two runs).
     */
    public static Comparison of(String aName, Figure a, String bName, Figure b, boolean lowerIsBetter, boolean paired) {
        RatioInterval aOverB = RatioInterval.of(a, b, paired);
        boolean aBetter;
        if (aOverB != null) {
            aBetter = lowerIsBetter ? aOverB.estimate() <= 1 : aOverB.estimate() >= 1;
        } else {
            aBetter = lowerIsBetter ? a.median() <= b.median() : a.median() >= b.median();
        }
        Figure better = aBetter ? a : b;
        Figure worse = aBetter ? b : a;
        RatioInterval worseOverBetter = aOverB == null ? null
                : (aBetter == lowerIsBetter) ? aOverB.inverse() : aOverB;
        double factor;
        boolean apart;
        if (worseOverBetter != null) {
            factor = worseOverBetter.estimate();
            apart = worseOverBetter.clears(MARGIN);
        } else {
            factor = lowerIsBetter ? worse.median() / better.median() : better.median() / worse.median();
            apart = !a.overlaps(b);
        }
        return new Comparison(better, worse, aBetter ? aName : bName, aBetter ? bName : aName,
                Double.isFinite(factor) ? factor : Double.NaN, apart, a.steady() && b.steady(), worseOverBetter);
    }

    /**
     * {@code 95% CI 1.20-1.52x} or {@code too close to call (95% CI 0.97-1.30x)} where there is an
     * interval; else {@code spreads apart} or {@code too close to call}; {@code not steady} when
     * either figure is not.
     */
    public String judgement() {
        if (!judged) {
            return "not steady";
        }
        if (interval == null) {
            return apart ? "spreads apart" : "too close to call";
        }
        return apart ? intervalText() : "too close to call, " + intervalText();
    }

    /**
     * {@link #judgement()} beside a ratio of {@code name} over the other: the interval turned upside down
     * when {@code name} is the worse one ({@code 0.83x (too close to call, 95% CI 0.66-1.05x)}, not the
     * better one's {@code 0.95-1.51x} beside a figure under 1).
     */
    public String judgementOf(String name) {
        if (!judged || interval == null || name.equals(betterName)) {
            return judgement();
        }
        String text = intervalText(interval.inverse());
        return apart ? text : "too close to call, " + text;
    }

    /** {@code 95% CI 1.20-1.52x, 4 passes}, or empty without an interval. */
    public String intervalText() {
        return interval == null ? "" : intervalText(interval);
    }

    private static String intervalText(RatioInterval interval) {
        return String.format(Locale.ROOT, "95%% CI %.2f-%.2fx, %d %s", interval.low(), interval.high(),
                interval.passes(), interval.paired() ? "passes" : "forks a side");
    }

    /** Whether the better one really is better: both steady and told apart. */
    public boolean isClear() {
        return judged && apart;
    }
}

package org.allocpool.lab.figure;

/**
 * Two figures side by side, as a verdict says it: which is better, by what factor, and whether
 * their spreads keep them apart or overlap ("too close to call"). A figure that is not steady never
 * wins: the comparison says it cannot be judged. Immutable; safe to share.
 *
 * @param better      the better of the two (lower when lower is better)
 * @param worse       the other
 * @param betterName  what the better one is called
 * @param worseName   what the other is called
 * @param factor      worse over better, at least 1 (for lower-is-better figures: how many times slower)
 * @param apart       whether their spreads do not overlap
 * @param judged      whether both are steady, so that the comparison means something
 */
public record Comparison(Figure better, Figure worse, String betterName, String worseName, double factor,
                         boolean apart, boolean judged) {

    /** Compares {@code a} (called {@code aName}) with {@code b}; lower is better when {@code lowerIsBetter}. */
    public static Comparison of(String aName, Figure a, String bName, Figure b, boolean lowerIsBetter) {
        boolean aBetter = lowerIsBetter ? a.median() <= b.median() : a.median() >= b.median();
        Figure better = aBetter ? a : b;
        Figure worse = aBetter ? b : a;
        double factor = lowerIsBetter ? worse.median() / better.median() : better.median() / worse.median();
        return new Comparison(better, worse, aBetter ? aName : bName, aBetter ? bName : aName,
                Double.isFinite(factor) ? factor : Double.NaN, !a.overlaps(b), a.steady() && b.steady());
    }

    /** {@code spreads apart}, {@code too close to call}, or {@code not steady} when either is not. */
    public String judgement() {
        return !judged ? "not steady" : apart ? "spreads apart" : "too close to call";
    }

    /** Whether the better one really is better: both steady and the spreads apart. */
    public boolean isClear() {
        return judged && apart;
    }
}

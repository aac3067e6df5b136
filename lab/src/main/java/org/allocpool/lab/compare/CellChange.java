package org.allocpool.lab.compare;

import org.allocpool.lab.figure.CellFigure;
import org.allocpool.lab.figure.Comparison;
import org.allocpool.lab.figure.Figure;

/**
 * One cell's figure in two runs and what changed: before, after, by what factor and the judgement.
 * Immutable; safe to share.
 *
 * @param label         how a person names the cell ({@code G1 pool B})
 * @param metric        what is measured ({@code ns/packet})
 * @param lowerIsBetter whether lower is better
 * @param before        the figure in the earlier run; {@code null} when it has none (added, or no fork measured it)
 * @param after         the figure in the later run; {@code null} when it has none (removed, or no fork measured it)
 * @param judgement     what changed
 */
public record CellChange(String label, String metric, boolean lowerIsBetter, Figure before, Figure after,
                         Judgement judgement) {

    /**
     * The change from {@code before} to {@code after} (the same cell and metric), judged as the tables
     * compare two figures ({@link Comparison}): {@link Judgement#SLOWER} when both are steady, after is
     * worse by more than {@code threshold} and the spreads do not overlap; {@link Judgement#FASTER}
     * likewise the other way; else within noise, not steady, or no figure.
     */
    public static CellChange of(CellFigure before, CellFigure after, Threshold threshold) {
        return of(before, after, threshold, 1);
    }

    /**
     * The change from {@code before} to {@code after}, judged by the interval of after over before
     * ({@link org.allocpool.lab.figure.RatioInterval}, side against side: two runs share no pass) where
     * both have forks of at least two passes: slower (or faster) only when the whole interval lies beyond
     * the threshold, and beyond the threshold times {@code hostSlowdown} (how much slower the host gauge
     * read in the later run; its inverse for faster), so that a host that moved is not taken for a
     * regression; the figures themselves are never rescaled. Without an interval, as the tables compare
     * two figures: their spreads apart and the medians' ratio beyond the threshold.
     */
    public static CellChange of(CellFigure before, CellFigure after, Threshold threshold, double hostSlowdown) {
        Figure b = before.figure();
        Figure a = after.figure();
        return new CellChange(after.label(), after.metric(), after.lowerIsBetter(), b, a, judge(b, a, after.lowerIsBetter(),
                threshold, hostSlowdown));
    }

    /** A cell only in the later run. */
    public static CellChange added(CellFigure after) {
        return new CellChange(after.label(), after.metric(), after.lowerIsBetter(), null, after.figure(), Judgement.ADDED);
    }

    /** A cell only in the earlier run. */
    public static CellChange removed(CellFigure before) {
        return new CellChange(before.label(), before.metric(), before.lowerIsBetter(), before.figure(), null,
                Judgement.REMOVED);
    }

    /**
     * How many times slower after is than before in the metric's sense (above 1: slower; below 1:
     * faster; for a rate, before over after), or NaN when either has no figure or one is zero.
     */
    public double slowdown() {
        if (before == null || after == null || before.median() == 0 || after.median() == 0) {
            return Double.NaN;
        }
        return lowerIsBetter ? after.median() / before.median() : before.median() / after.median();
    }

    private static Judgement judge(Figure before, Figure after, boolean lowerIsBetter, Threshold threshold,
                                   double hostSlowdown) {
        if (before == null || after == null) {
            return Judgement.NO_FIGURE;
        }
        Comparison comparison = Comparison.of("after", after, "before", before, lowerIsBetter, false);
        if (!comparison.judged()) {
            return Judgement.NOT_STEADY;
        }
        if (comparison.interval() != null) {
            boolean afterBetter = comparison.betterName().equals("after");
            double host = afterBetter ? Math.max(1, 1 / hostSlowdown) : Math.max(1, hostSlowdown);
            if (comparison.interval().low() > (1 + threshold.fraction()) * host) {
                return afterBetter ? Judgement.FASTER : Judgement.SLOWER;
            }
            return Judgement.WITHIN_NOISE;
        }
        if (!comparison.isClear() || Double.isNaN(comparison.factor()) || !threshold.isExceededBy(comparison.factor())) {
            return Judgement.WITHIN_NOISE;
        }
        return comparison.betterName().equals("after") ? Judgement.FASTER : Judgement.SLOWER;
    }
}

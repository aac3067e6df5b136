package org.allocpool.lab.figure;

import java.util.List;

/**
 * One question a verdict answers by comparing two cells, as the lab keeps it beside the tables
 * ({@code comparisons.csv}) and as the runner asks which cells need further passes: its name, the two
 * sides, their cells and figures. Immutable; safe to share.
 *
 * @param name          what is asked, e.g. {@code G1 case B: pool or allocate?}
 * @param aName         the first side, e.g. {@code pool}
 * @param bName         the second side, e.g. {@code alloc}
 * @param cells         the two sides' cells ({@code CellFields.key()}), whose further forks would narrow the answer
 * @param a             the first side's figure
 * @param b             the second side's figure
 * @param lowerIsBetter whether the lower figure is the better one (a time) or the higher (a rate)
 */
public record Question(String name, String aName, String bName, List<String> cells, Figure a, Figure b,
                       boolean lowerIsBetter) {

    public Question {
        cells = List.copyOf(cells);
    }

    /** The two sides compared pass by pass, as the verdict says it. */
    public Comparison comparison() {
        return Comparison.of(aName, a, bName, b, lowerIsBetter);
    }

    /** A over B pass by pass with its 95% interval, or {@code null} without enough passes. */
    public RatioInterval aOverB() {
        return RatioInterval.of(a, b, true);
    }

    /** Whether it is answered: both figures steady and the interval (or without one, the spreads) apart. */
    public boolean isDecided() {
        return comparison().isClear();
    }
}

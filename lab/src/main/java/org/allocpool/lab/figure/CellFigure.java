package org.allocpool.lab.figure;

/**
 * One headline figure of one cell, as an experiment's report names it for a comparison of two
 * runs ({@code lab compare}): which cell, what it measures and which way is better, and the figure
 * the tables show for it, with its spreads and steadiness. Immutable; safe to share.
 *
 * @param cell          the cell's identity, stable from run to run (its record's cell key, plus the
 *                      part of the cell the figure is about where a cell has several, e.g. a codec)
 * @param label         how a person names it: {@code G1 pool B}, {@code hashmap, 1,000,000 users}
 * @param metric        what is measured, with its unit: {@code ns/packet}, {@code gets/s}
 * @param lowerIsBetter whether a lower figure is the better one (a time) or a higher one (a rate)
 * @param figure        the figure over the cell's forks, or {@code null} when the cell ran but no fork
 *                      measured it (every fork failed; a real-time search lost packets even at its widest
 *                      interval)
 * @param hostGauge     whether the figure depends on the host alone (no JIT, no collector: the C++
 *                      analyser's cells), so that a change in it between two runs says the host moved
 */
public record CellFigure(String cell, String label, String metric, boolean lowerIsBetter, Figure figure,
                         boolean hostGauge) {

    /** A figure of the JVM's (not a gauge of the host). */
    public CellFigure(String cell, String label, String metric, boolean lowerIsBetter, Figure figure) {
        this(cell, label, metric, lowerIsBetter, figure, false);
    }

    /** What makes two cell figures of two runs the same figure: the cell and the metric. */
    public String key() {
        return cell + "\u0000" + metric;
    }
}

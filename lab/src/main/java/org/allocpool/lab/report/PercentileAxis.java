package org.allocpool.lab.report;

import java.util.ArrayList;
import java.util.List;

/**
 * The horizontal axis of a latency spectrum: percentiles spread by their nines (50, 90, 99, 99.9,
 * 99.99 equally apart, as HdrHistogram plots them), so that the tail gets the room it deserves; the
 * maximum, percentile 100, half a step right of the highest finite percentile the axis shows.
 * Thread-safe (stateless).
 */
public final class PercentileAxis {

    /** The most nines the axis shows apart; higher percentiles below 100 are drawn there. */
    private static final double MOST_NINES = 6;

    private static final double[] TICKS = {0, 50, 90, 99, 99.9, 99.99, 99.999, 99.9999};
    private static final String[] LABELS = {"0", "50", "90", "99", "99.9", "99.99", "99.999", "99.9999"};

    private PercentileAxis() {
    }

    /** Where {@code percentile} is drawn, given the highest finite percentile the chart shows. */
    public static double position(double percentile, double highestFinite) {
        if (percentile >= 100) {
            return Math.ceil(nines(highestFinite) - 1e-9) + 0.5;
        }
        return nines(percentile);
    }

    /** The ticks' positions for a chart whose highest finite percentile is {@code highestFinite}, max last. */
    public static List<Double> tickPositions(double highestFinite) {
        List<Double> positions = new ArrayList<>();
        double top = Math.ceil(nines(highestFinite) - 1e-9);
        for (double tick : TICKS) {
            if (nines(tick) <= top + 1e-9) {
                positions.add(nines(tick));
            }
        }
        positions.add(top + 0.5);
        return List.copyOf(positions);
    }

    /** The ticks' labels, matching {@link #tickPositions}. */
    public static List<String> tickLabels(double highestFinite) {
        List<String> labels = new ArrayList<>();
        double top = Math.ceil(nines(highestFinite) - 1e-9);
        for (int i = 0; i < TICKS.length; i++) {
            if (nines(TICKS[i]) <= top + 1e-9) {
                labels.add(LABELS[i]);
            }
        }
        labels.add("max");
        return List.copyOf(labels);
    }

    private static double nines(double percentile) {
        double p = Math.min(percentile, 100 - Math.pow(10, 2 - MOST_NINES));
        return -Math.log10(1 - Math.max(0, p) / 100);
    }
}

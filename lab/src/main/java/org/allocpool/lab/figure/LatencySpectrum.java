package org.allocpool.lab.figure;

import java.util.ArrayList;
import java.util.List;

/**
 * A latency percentile spectrum as a chart draws it: the record's {@code spectrum} when it carries one
 * (points of percentile and nanoseconds), else the four percentiles every record carries (p50, p99,
 * p99.9, max), with which of the two it is. Reads tolerantly: points without both numbers are left
 * out, and so are missing percentiles. Immutable; safe to share.
 *
 * @param points   percentile (0-100, max = 100) and latency in ns, by percentile
 * @param measured whether they are the record's own spectrum (else its four percentiles)
 */
public record LatencySpectrum(List<Point> points, boolean measured) {

    /** One point: {@code percentile} (99.9) and the latency there, in ns. */
    public record Point(Double percentile, Double ns) {
    }

    public LatencySpectrum {
        points = List.copyOf(points);
    }

    /**
     * The spectrum of a record's latency: {@code spectrum} when it holds any whole point, else the
     * percentiles given ({@code null} where the record has none).
     */
    public static LatencySpectrum of(List<Point> spectrum, Long p50, Long p99, Long p999, Long max) {
        List<Point> own = new ArrayList<>();
        if (spectrum != null) {
            for (Point point : spectrum) {
                if (point != null && point.percentile() != null && point.ns() != null
                        && point.percentile() >= 0 && point.percentile() <= 100) {
                    own.add(point);
                }
            }
        }
        if (!own.isEmpty()) {
            own.sort((a, b) -> Double.compare(a.percentile(), b.percentile()));
            return new LatencySpectrum(own, true);
        }
        List<Point> four = new ArrayList<>();
        add(four, 50, p50);
        add(four, 99, p99);
        add(four, 99.9, p999);
        add(four, 100, max);
        return new LatencySpectrum(four, false);
    }

    /** Whether it holds no point. */
    public boolean isEmpty() {
        return points.isEmpty();
    }

    private static void add(List<Point> points, double percentile, Long ns) {
        if (ns != null) {
            points.add(new Point(percentile, ns.doubleValue()));
        }
    }
}

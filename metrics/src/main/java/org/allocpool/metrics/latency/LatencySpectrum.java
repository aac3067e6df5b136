package org.allocpool.metrics.latency;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.AbstractHistogram;

/**
 * A compact percentile spectrum of a latency histogram, as a result record keeps it beside its
 * p50/p99/max: the value at each of {@link #PERCENTILES}, from the smallest value (0) to the largest
 * (100), so that a report can draw the shape of the tail without the histogram itself (that is in
 * the cell's {@code .hlog}). Stateless; thread-safe.
 */
public final class LatencySpectrum {

    /** The percentiles of a spectrum, in order: min, median, then the nines, then max. */
    public static final List<Double> PERCENTILES = List.of(0.0, 50.0, 90.0, 99.0, 99.9, 99.99, 99.999, 100.0);

    private LatencySpectrum() {
    }

    /**
     * One point of a spectrum: the {@code spectrum} items of a record's {@code latencyNs} object.
     * Field names are fixed (the report reads them). Immutable.
     *
     * @param percentile the percentile, 0 to 100
     * @param ns         the latency at it, ns
     */
    @JsonPropertyOrder({"percentile", "ns"})
    public record Point(double percentile, long ns) {
    }

    /**
     * The spectrum of {@code histogram}: its minimum at 0, its maximum at 100 (the same as a record's
     * {@code max}), the values in between never decreasing; empty when it recorded nothing.
     */
    public static List<Point> of(AbstractHistogram histogram) {
        if (histogram.getTotalCount() == 0) {
            return List.of();
        }
        long max = histogram.getMaxValue();
        List<Point> points = new ArrayList<>(PERCENTILES.size());
        long previous = 0;
        for (double percentile : PERCENTILES) {
            long ns = percentile == 0.0 ? histogram.getMinValue()
                    : percentile == 100.0 ? max
                    : Math.min(max, histogram.getValueAtPercentile(percentile));
            // bucket rounding could put a percentile a hair below the one before: a spectrum never falls
            previous = Math.max(previous, ns);
            points.add(new Point(percentile, previous));
        }
        return List.copyOf(points);
    }
}

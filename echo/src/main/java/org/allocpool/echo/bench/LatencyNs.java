package org.allocpool.echo.bench;

import org.HdrHistogram.Histogram;

/**
 * Round-trip latency percentiles in nanoseconds. Immutable.
 *
 * @param p50  median
 * @param p99  99th percentile
 * @param p999 99.9th percentile
 * @param max  largest
 * @param mean average
 */
public record LatencyNs(long p50, long p99, long p999, long max, double mean) {

    static LatencyNs of(Histogram h) {
        if (h.getTotalCount() == 0) {
            return new LatencyNs(0, 0, 0, 0, 0.0);
        }
        return new LatencyNs(h.getValueAtPercentile(50), h.getValueAtPercentile(99), h.getValueAtPercentile(99.9),
                h.getMaxValue(), h.getMean());
    }
}

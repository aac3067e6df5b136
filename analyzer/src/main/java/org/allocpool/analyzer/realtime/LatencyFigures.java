package org.allocpool.analyzer.realtime;

import org.HdrHistogram.Histogram;

/**
 * Latency percentiles of a real-time run, in nanoseconds, from each packet's scheduled tick to
 * the end of its processing. Immutable.
 */
public record LatencyFigures(long p50, long p99, long p999, long max) {

    static LatencyFigures of(Histogram histogram) {
        if (histogram.getTotalCount() == 0) {
            return new LatencyFigures(0, 0, 0, 0);
        }
        return new LatencyFigures(histogram.getValueAtPercentile(50), histogram.getValueAtPercentile(99),
                histogram.getValueAtPercentile(99.9), histogram.getMaxValue());
    }
}

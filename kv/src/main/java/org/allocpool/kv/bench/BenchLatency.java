package org.allocpool.kv.bench;

import org.HdrHistogram.Histogram;

/**
 * Round-trip latency percentiles of every measured request, in nanoseconds. Immutable.
 */
public record BenchLatency(long p50, long p99, long p999, long max) {

    static BenchLatency of(Histogram histogram) {
        if (histogram.getTotalCount() == 0) {
            return new BenchLatency(0, 0, 0, 0);
        }
        return new BenchLatency(histogram.getValueAtPercentile(50), histogram.getValueAtPercentile(99),
                histogram.getValueAtPercentile(99.9), histogram.getMaxValue());
    }
}

package org.allocpool.echo.bench;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.allocpool.metrics.latency.LatencySpectrum;

/**
 * Round-trip latency percentiles in nanoseconds, and their {@link LatencySpectrum} (min to max;
 * empty when nothing was measured). Immutable.
 *
 * @param p50      median
 * @param p99      99th percentile
 * @param p999     99.9th percentile
 * @param max      largest
 * @param mean     average
 * @param spectrum the value at each of {@link LatencySpectrum#PERCENTILES}
 */
@JsonPropertyOrder({"p50", "p99", "p999", "max", "mean", "spectrum"})
public record LatencyNs(long p50, long p99, long p999, long max, double mean, List<LatencySpectrum.Point> spectrum) {

    public LatencyNs {
        spectrum = spectrum == null ? List.of() : List.copyOf(spectrum);
    }

    static LatencyNs of(Histogram h) {
        if (h.getTotalCount() == 0) {
            return new LatencyNs(0, 0, 0, 0, 0.0, List.of());
        }
        return new LatencyNs(h.getValueAtPercentile(50), h.getValueAtPercentile(99), h.getValueAtPercentile(99.9),
                h.getMaxValue(), h.getMean(), LatencySpectrum.of(h));
    }
}

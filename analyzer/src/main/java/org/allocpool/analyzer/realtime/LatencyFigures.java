package org.allocpool.analyzer.realtime;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.allocpool.metrics.latency.LatencySpectrum;

/**
 * Latency percentiles of a real-time run, in nanoseconds, from each packet's scheduled tick to
 * the end of its processing, and their {@link LatencySpectrum} (min to max; empty when nothing was
 * measured). Immutable.
 */
@JsonPropertyOrder({"p50", "p99", "p999", "max", "spectrum"})
public record LatencyFigures(long p50, long p99, long p999, long max, List<LatencySpectrum.Point> spectrum) {

    public LatencyFigures {
        spectrum = spectrum == null ? List.of() : List.copyOf(spectrum);
    }

    /** Percentiles without a spectrum. */
    public LatencyFigures(long p50, long p99, long p999, long max) {
        this(p50, p99, p999, max, List.of());
    }

    static LatencyFigures of(Histogram histogram) {
        if (histogram.getTotalCount() == 0) {
            return new LatencyFigures(0, 0, 0, 0);
        }
        return new LatencyFigures(histogram.getValueAtPercentile(50), histogram.getValueAtPercentile(99),
                histogram.getValueAtPercentile(99.9), histogram.getMaxValue(), LatencySpectrum.of(histogram));
    }
}

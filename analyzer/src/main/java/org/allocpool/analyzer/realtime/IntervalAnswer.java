package org.allocpool.analyzer.realtime;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * The answer of an interval search, as the article's real-time tables give it: the smallest
 * interval at which nothing was lost after the warm-up, or, where even the widest interval lost
 * packets, the loss measured there ("lost: X%"). Immutable.
 *
 * @param minIntervalNs     the smallest loss-free interval found, to {@code resolutionNs}; null if none
 * @param lossPercentAtMax  the loss at {@code maxIntervalNs} when that interval lost packets too; null otherwise
 * @param maxIntervalNs     the widest interval probed (the article's 1000 ns)
 * @param resolutionNs      how close the bisection went: 10 ns, under 200 ns a twentieth of the interval
 * @param startIntervalNs   where the search started: the batch ns/packet, rounded up
 * @param probes            every probe, in the order run
 */
@JsonPropertyOrder({"minIntervalNs", "lossPercentAtMax", "maxIntervalNs", "resolutionNs", "startIntervalNs", "probes"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record IntervalAnswer(Long minIntervalNs, Double lossPercentAtMax, long maxIntervalNs, long resolutionNs,
                             long startIntervalNs, List<Probe> probes) {

    public IntervalAnswer {
        probes = List.copyOf(probes);
    }

    /** One probe of the search: a real-time run at one interval. */
    @JsonPropertyOrder({"intervalNs", "sent", "lost", "lossPercent", "p99LatencyNs", "maxLatencyNs"})
    public record Probe(long intervalNs, long sent, long lost, double lossPercent, long p99LatencyNs,
                        long maxLatencyNs) {

        static Probe of(RealtimeFigures figures) {
            return new Probe(figures.intervalNs(), figures.sent(), figures.lost(), figures.lossPercent(),
                    figures.latencyNs().p99(), figures.latencyNs().max());
        }
    }

    /** The answer as the article's table cell: {@code "230"} or {@code "lost: 4.4%"}. */
    public String tableText() {
        if (minIntervalNs != null) {
            return Long.toString(minIntervalNs);
        }
        return "lost: " + RealtimeLines.percent(lossPercentAtMax == null ? 100.0 : lossPercentAtMax) + "%";
    }
}

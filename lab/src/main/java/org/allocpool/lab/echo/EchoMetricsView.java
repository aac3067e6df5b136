package org.allocpool.lab.echo;

import java.util.List;
import org.allocpool.lab.figure.LatencySpectrum;
import org.allocpool.metrics.gc.GcStatistics;
import org.allocpool.metrics.stats.RoundStatistics;
import org.allocpool.metrics.stats.SteadyState;

/**
 * The {@code metrics} of an echo record, as the lab reads it: what {@code echo bench} measured over
 * the timed rounds that count, and those rounds. What a record does not carry is {@code null}
 * (records written before the bench measured in rounds have no rounds and no check). Immutable; safe
 * to share.
 *
 * @param eventsPerSecond          round trips completed per second by all clients
 * @param sentPerSecond            events sent per second
 * @param receivedPerSecond        replies received per second
 * @param allocBytesPerEvent       heap bytes the server's I/O threads allocated per event echoed
 * @param latencyNs                round-trip latency percentiles
 * @param gc                       the server's collections
 * @param events                   replies received
 * @param serverEvents             events the server echoed
 * @param errors                   error replies received
 * @param measuredS                the time those figures cover, seconds
 * @param eventsPerSecondRounds    events/s of each round that counts
 * @param allocBytesPerEventRounds the server's allocated bytes per event of each round that counts
 * @param steadyState              the steady-state check of those rounds' events/s
 * @param warmupRounds             events/s of each warm-up round
 * @param discardedRounds          events/s of timed rounds replaced while not steady
 */
public record EchoMetricsView(Double eventsPerSecond, Double sentPerSecond, Double receivedPerSecond,
                              Double allocBytesPerEvent, Latency latencyNs, GcStatistics gc, Long events,
                              Long serverEvents, Long errors, Double measuredS, RoundStatistics eventsPerSecondRounds,
                              RoundStatistics allocBytesPerEventRounds, SteadyState steadyState,
                              List<Double> warmupRounds, List<Double> discardedRounds) {

    /**
     * Round-trip latency percentiles and mean, nanoseconds, and the spectrum of many percentiles where
     * the record carries one ({@code null} otherwise).
     */
    public record Latency(Long p50, Long p99, Long p999, Long max, Double mean, List<LatencySpectrum.Point> spectrum) {

        /** Percentiles without a spectrum, as records written before it carry them. */
        public Latency(Long p50, Long p99, Long p999, Long max, Double mean) {
            this(p50, p99, p999, max, mean, null);
        }

        /** Its spectrum as a chart draws it: the record's own, else its four percentiles. */
        public LatencySpectrum toSpectrum() {
            return LatencySpectrum.of(spectrum, p50, p99, p999, max);
        }
    }
}

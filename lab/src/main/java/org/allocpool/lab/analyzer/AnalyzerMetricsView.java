package org.allocpool.lab.analyzer;

import java.util.List;
import org.allocpool.lab.figure.LatencySpectrum;
import org.allocpool.metrics.gc.GcStatistics;
import org.allocpool.metrics.stats.RoundStatistics;
import org.allocpool.metrics.stats.SteadyState;

/**
 * The {@code metrics} of an analyzer record, as the lab reads it: batch figures ({@code nsPerPacket}
 * and what goes with them) or real-time ones ({@code realtime}, and {@code search} for an interval
 * search); what a record does not carry is {@code null} (C++ records have no GC figures, older
 * records no steady-state check). Immutable; safe to share.
 *
 * @param nsPerPacket         nanoseconds per packet of the rounds that count (batch)
 * @param overallNsPerPacket  those rounds' time over their packets, the fork's figure (batch; older
 *                            records carry none)
 * @param allocBytesPerPacket heap bytes allocated per packet
 * @param gc                  collections during the rounds that count, or the measured window
 * @param liveObjects         objects alive after a full collection at the end
 * @param heapUsedMb          heap used then, MiB
 * @param steadyState         the steady-state check of the rounds that count (batch)
 * @param warmupRounds        ns/packet of the warm-up rounds (batch)
 * @param discardedRounds     ns/packet of timed rounds replaced while not steady (batch)
 * @param prefillMs           time the prefill took
 * @param realtime            the real-time figures (of the probe an answer rests on, for a search)
 * @param search              an interval search's answer and probes
 */
public record AnalyzerMetricsView(RoundStatistics nsPerPacket, Double overallNsPerPacket, Double allocBytesPerPacket,
                                  GcStatistics gc, Long liveObjects, Double heapUsedMb, SteadyState steadyState,
                                  List<Double> warmupRounds, List<Double> discardedRounds, Double prefillMs,
                                  Realtime realtime, Search search) {

    /**
     * One real-time run's figures after its warm-up.
     *
     * @param intervalNs  nanoseconds between two packets of the source
     * @param sent        packets the source produced
     * @param received    packets the processor got
     * @param lost        packets lost
     * @param lossPercent lost over sent, in percent
     * @param latencyNs   latency percentiles, from the tick's schedule to the end of processing
     */
    public record Realtime(Long intervalNs, Long sent, Long received, Long lost, Double lossPercent,
                           Latency latencyNs) {
    }

    /**
     * Latency percentiles in nanoseconds, and the spectrum of many percentiles where the record carries
     * one ({@code null} otherwise).
     */
    public record Latency(Long p50, Long p99, Long p999, Long max, List<LatencySpectrum.Point> spectrum) {

        /** Percentiles without a spectrum, as records written before it carry them. */
        public Latency(Long p50, Long p99, Long p999, Long max) {
            this(p50, p99, p999, max, null);
        }

        /** Its spectrum as a chart draws it: the record's own, else its four percentiles. */
        public LatencySpectrum toSpectrum() {
            return LatencySpectrum.of(spectrum, p50, p99, p999, max);
        }
    }

    /**
     * An interval search's answer.
     *
     * @param minIntervalNs    the smallest loss-free interval, or {@code null} when even the widest lost
     * @param lossPercentAtMax the loss at the widest interval when that lost too
     * @param maxIntervalNs    the widest interval probed
     * @param probes           every probe, in the order run
     */
    public record Search(Long minIntervalNs, Double lossPercentAtMax, Long maxIntervalNs, List<Probe> probes) {
    }

    /** One probe of a search: the loss at one interval. */
    public record Probe(Long intervalNs, Long sent, Long lost, Double lossPercent, Long p99LatencyNs,
                        Long maxLatencyNs) {
    }
}

package org.allocpool.lab.messaging;

import org.allocpool.metrics.stats.RoundStatistics;
import org.allocpool.metrics.stats.SteadyState;

/**
 * The {@code metrics} of a messaging record as the lab reads it: a throughput run's (the publisher's
 * and subscriber's figures) or a ping-pong run's (Java or C, the same fields); what a record does not
 * carry is {@code null}. Immutable; safe to share.
 *
 * @param messagesPerSecond             messages delivered and decoded per second (median of the subscriber's rounds)
 * @param messagesPerSecondRounds       those rounds
 * @param steadyState                   their steady-state check
 * @param publishedPerSecond            messages published per second (median of the publisher's rounds)
 * @param bytesPerMessage               codec bytes per message
 * @param termBytesPerMessage           bytes per message in Aeron's term buffer and on the wire (header, alignment)
 * @param publisherAllocBytesPerMessage heap bytes the publisher's thread allocated per message to encode and
 *                                      publish (its embedded driver's duty cycles not counted)
 * @param subscriberAllocBytesPerMessage heap bytes the subscriber's thread allocated per message to poll and
 *                                      decode (its embedded driver's duty cycles not counted)
 * @param publisherDriverAllocBytesPerMessage heap bytes allocated per message in the publisher's driver duty cycles
 * @param subscriberDriverAllocBytesPerMessage heap bytes allocated per message in the subscriber's driver duty cycles
 * @param published                     messages published
 * @param received                      messages received and decoded
 * @param lost                          published but never received
 * @param digestOk                      whether what was decoded is what was sent
 * @param backPressured                 claims refused with BACK_PRESSURED
 * @param backPressuredMessages         messages that waited for back pressure at least once
 * @param backPressuredShare            share of the publisher's timed rounds spent waiting out back pressure
 * @param subscriberDropped             whether the subscriber was dropped (image lost) or went away
 * @param endSeen                       whether the end frame arrived
 * @param latencyNs                     ping-pong: round-trip latency (from the intended send time at a fixed rate)
 * @param latencyUncorrectedNs          ping-pong at a fixed rate: from the actual send time
 * @param roundTrips                    ping-pong: round trips measured
 * @param roundTripsPerSecond           ping-pong: median of the rounds
 * @param roundTripsPerSecondRounds     those rounds
 * @param allocBytesPerRoundTrip        ping-pong: heap bytes the ping's thread allocated per round trip (Java only)
 * @param histogram                     how the latencies were recorded (HdrHistogram, or the C program's own)
 * @param publisherCpuNsPerMessage      throughput: CPU time of the publisher's thread per message (since 2026-11-28)
 * @param publisherCpuShare             that CPU time over the rounds' wall time
 * @param subscriberCpuNsPerMessage     throughput: CPU time of the subscriber's thread per message (since 2026-11-28)
 * @param subscriberCpuShare            that CPU time over the rounds' wall time
 * @param subscriberIdlePollShare       throughput: the share of the subscriber's polls that found no message
 */
public record MessagingMetricsView(Double messagesPerSecond, RoundStatistics messagesPerSecondRounds,
                                   SteadyState steadyState, Double publishedPerSecond, Double bytesPerMessage,
                                   Integer termBytesPerMessage, Double publisherAllocBytesPerMessage,
                                   Double subscriberAllocBytesPerMessage, Double publisherDriverAllocBytesPerMessage,
                                   Double subscriberDriverAllocBytesPerMessage, Long published, Long received, Long lost,
                                   Boolean digestOk, Long backPressured, Long backPressuredMessages,
                                   Double backPressuredShare, Boolean subscriberDropped, Boolean endSeen,
                                   Latency latencyNs, Latency latencyUncorrectedNs, Long roundTrips,
                                   Double roundTripsPerSecond, RoundStatistics roundTripsPerSecondRounds,
                                   Double allocBytesPerRoundTrip, String histogram, Double publisherCpuNsPerMessage,
                                   Double publisherCpuShare, Double subscriberCpuNsPerMessage, Double subscriberCpuShare,
                                   Double subscriberIdlePollShare) {

    /** Latency percentiles, ns. */
    public record Latency(Long p50, Long p90, Long p99, Long p999, Long max, Double mean) {
    }

    /** Whether the throughput rounds were steady (a record without a check is not). */
    public boolean isSteady() {
        return steadyState != null && steadyState.steady();
    }
}

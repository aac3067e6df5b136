package org.allocpool.messaging.throughput;

import java.util.List;

/**
 * What a subscriber saw of one throughput run, written to a file for the publisher, whose record
 * carries it. Immutable.
 *
 * @param received             messages received and decoded
 * @param digestSum            the sum of the decoded messages' digests (compared with what was sent)
 * @param gaps                 messages missing: sequences skipped
 * @param outOfOrder           messages that came after a later one
 * @param payloadBytes         codec bytes received (the frame's sequence not counted)
 * @param endSeen              whether the publisher's end frame arrived
 * @param imageLost            whether the publication's image went away before the end frame (the
 *                             subscriber was dropped, or the publisher died)
 * @param publishedAtEnd       messages the publisher said it published, from its end frame (-1 without one)
 * @param roundRates           messages decoded per second in each timed round
 * @param roundMessages        messages decoded in the timed rounds
 * @param allocBytesPerMessage heap bytes the subscriber's thread allocated per message over the timed rounds
 *                             to poll and decode (the driver's duty cycles not counted), {@code null} without a round
 * @param driverAllocBytesPerMessage heap bytes allocated per message over the timed rounds inside the duty
 *                             cycles of the embedded driver and conductor, on the same thread; {@code null} without a round
 * @param slowNs               an added delay per message, ns (0: none; a knob for tests and demonstrations)
 * @param cpuNsPerMessage      CPU time of its thread per message over the timed rounds (polling, decoding,
 *                             the driver's duty cycles); {@code null} without a round or a thread CPU clock
 * @param cpuShare             that CPU time over the wall time of the rounds; {@code null} likewise
 * @param idlePollShare        the share of its polls in the timed rounds that found no message: near 0, the
 *                             subscriber never waited for the publisher, its thread is the limit; {@code null}
 *                             without a round
 */
public record SubscriberReport(long received, long digestSum, long gaps, long outOfOrder, long payloadBytes,
                               boolean endSeen, boolean imageLost, long publishedAtEnd, List<Double> roundRates,
                               long roundMessages, Double allocBytesPerMessage, Double driverAllocBytesPerMessage,
                               long slowNs, Double cpuNsPerMessage, Double cpuShare, Double idlePollShare) {

    public SubscriberReport {
        roundRates = roundRates == null ? List.of() : List.copyOf(roundRates);
    }
}

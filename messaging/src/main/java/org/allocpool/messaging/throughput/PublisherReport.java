package org.allocpool.messaging.throughput;

import java.util.List;

/**
 * What a publisher saw of one throughput run: its own figures, and what happened to its offers.
 * Immutable.
 *
 * @param published            messages published (claimed and committed)
 * @param expectedDigestSum    the sum of their digests
 * @param payloadBytes         codec bytes published
 * @param backPressured        claims refused with BACK_PRESSURED (each retried: a message is never dropped)
 * @param backPressuredMessages messages that met at least one BACK_PRESSURED before they went
 * @param notConnected         claims refused with NOT_CONNECTED
 * @param adminAction          claims refused with ADMIN_ACTION
 * @param roundRates           messages published per second in each timed round
 * @param allocBytesPerMessage heap bytes its thread allocated per message over the timed rounds, to encode,
 *                             claim and commit (the driver's duty cycles not counted)
 * @param driverAllocBytesPerMessage heap bytes allocated per message over the timed rounds inside the
 *                             duty cycles of the embedded driver and conductor, on the same thread
 * @param backPressuredShare   the share of its time in the timed rounds spent waiting out back pressure
 * @param subscriberGone       whether it gave up because no subscriber was connected any more
 * @param cpuNsPerMessage      CPU time of its thread per message over the timed rounds (encoding, claiming,
 *                             the driver's duty cycles, spinning on back pressure); {@code null} without a round
 *                             or a thread CPU clock
 * @param cpuShare             that CPU time over the wall time of the rounds: under 1 when its thread
 *                             waited for a core; {@code null} likewise
 */
public record PublisherReport(long published, long expectedDigestSum, long payloadBytes, long backPressured,
                              long backPressuredMessages, long notConnected, long adminAction, List<Double> roundRates,
                              Double allocBytesPerMessage, Double driverAllocBytesPerMessage, double backPressuredShare, boolean subscriberGone,
                              Double cpuNsPerMessage, Double cpuShare) {

    public PublisherReport {
        roundRates = roundRates == null ? List.of() : List.copyOf(roundRates);
    }
}

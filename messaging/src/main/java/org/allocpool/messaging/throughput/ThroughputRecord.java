package org.allocpool.messaging.throughput;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.LinkedHashMap;
import java.util.Map;
import org.allocpool.metrics.stats.RoundStatistics;
import org.allocpool.metrics.stats.SteadyState;

/**
 * The record of one throughput run, from the publisher's and the subscriber's reports: its cell fields
 * and its metrics, as {@code lab messaging} reads them. Thread-safe (stateless).
 */
public final class ThroughputRecord {

    private ThroughputRecord() {
    }

    /**
     * The metrics of a run (fields {@code null} where a side measured no round). Since 2026-11-28 each side's
     * thread CPU time per message and share of the wall time, and the subscriber's share of empty polls
     * (records before lack them: read as {@code null}).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Metrics(Double messagesPerSecond, RoundStatistics messagesPerSecondRounds, SteadyState steadyState,
                          Double publishedPerSecond, RoundStatistics publishedPerSecondRounds,
                          Double bytesPerMessage, Integer termBytesPerMessage,
                          Double publisherAllocBytesPerMessage, Double subscriberAllocBytesPerMessage,
                          Double publisherDriverAllocBytesPerMessage, Double subscriberDriverAllocBytesPerMessage,
                          long published, long received, long lost, long outOfOrder, boolean digestOk,
                          long backPressured, long backPressuredMessages, double backPressuredShare, long notConnected,
                          long adminAction, boolean subscriberDropped, boolean endSeen,
                          Double publisherCpuNsPerMessage, Double publisherCpuShare,
                          Double subscriberCpuNsPerMessage, Double subscriberCpuShare, Double subscriberIdlePollShare) {
    }

    /** The cell fields of a run. */
    public static Map<String, Object> cell(String codec, String way, String channel, String channelReason, Timing timing,
                                           long slowNs) {
        Map<String, Object> cell = new LinkedHashMap<>();
        cell.put("kind", "throughput");
        cell.put("codec", codec);
        cell.put("transport", "aeron");
        cell.put("channel", channel);
        cell.put("channelReason", channelReason);
        cell.put("codecWay", way);
        cell.put("warmupS", timing.warmup().toNanos() / 1e9);
        cell.put("roundS", timing.roundTime().toNanos() / 1e9);
        cell.put("rounds", timing.rounds());
        if (slowNs > 0) {
            cell.put("slowNs", slowNs);
        }
        return cell;
    }

    /** The metrics of a run whose two sides reported {@code publisher} and {@code subscriber}. */
    public static Metrics metrics(PublisherReport publisher, SubscriberReport subscriber) {
        double[] delivered = subscriber.roundRates().stream().mapToDouble(Double::doubleValue).toArray();
        double[] sent = publisher.roundRates().stream().mapToDouble(Double::doubleValue).toArray();
        RoundStatistics deliveredRounds = delivered.length == 0 ? null : RoundStatistics.of(delivered);
        RoundStatistics sentRounds = sent.length == 0 ? null : RoundStatistics.of(sent);
        double bytes = subscriber.received() == 0 ? 0 : (double) subscriber.payloadBytes() / subscriber.received();
        long lost = Math.max(0, publisher.published() - subscriber.received());
        return new Metrics(deliveredRounds == null ? null : deliveredRounds.median(), deliveredRounds,
                delivered.length == 0 ? null : SteadyState.of(delivered),
                sentRounds == null ? null : sentRounds.median(), sentRounds,
                subscriber.received() == 0 ? null : bytes,
                subscriber.received() == 0 ? null : FrameBytes.termBytes((int) Math.round(bytes)),
                publisher.allocBytesPerMessage(), subscriber.allocBytesPerMessage(),
                publisher.driverAllocBytesPerMessage(), subscriber.driverAllocBytesPerMessage(),
                publisher.published(), subscriber.received(), lost, subscriber.outOfOrder(),
                lost == 0 && subscriber.digestSum() == publisher.expectedDigestSum(),
                publisher.backPressured(), publisher.backPressuredMessages(), publisher.backPressuredShare(),
                publisher.notConnected(), publisher.adminAction(), subscriber.imageLost() || publisher.subscriberGone(),
                subscriber.endSeen(), publisher.cpuNsPerMessage(), publisher.cpuShare(), subscriber.cpuNsPerMessage(),
                subscriber.cpuShare(), subscriber.idlePollShare());
    }

    private static final class FrameBytes {
        static int termBytes(int payload) {
            return org.allocpool.messaging.aeron.Frame.termBytes(payload);
        }
    }
}

package org.allocpool.lab.messaging;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.allocpool.lab.records.CellFields;

/**
 * The {@code cell} of a messaging record, as the publisher or ping writes it and the lab fills in what it
 * left out. Fields a record does not carry are {@code null}. Immutable; safe to share.
 *
 * @param kind          {@code throughput} or {@code pingpong}
 * @param codec         throughput: {@code flyweight}, {@code fory}, {@code kryo}, {@code jdk}
 * @param transport     {@code aeron}; ping-pong also {@code udp-java}, {@code udp-c}
 * @param channel       throughput: {@code unicast}, {@code multicast} or {@code ipc}
 * @param channelReason why that channel
 * @param codecWay      how the codec encodes and decodes, in words
 * @param rate          ping-pong: pings per second, 0 back to back
 * @param messageBytes  ping-pong: bytes of each ping
 * @param warmupS       warm-up, seconds
 * @param roundS        one timed round, seconds
 * @param rounds        timed rounds
 * @param slowNs        an added delay per message in the subscriber, ns (tests and demonstrations)
 */
@JsonPropertyOrder({"kind", "codec", "transport", "channel", "channelReason", "codecWay", "rate", "messageBytes", "warmupS",
        "roundS", "rounds", "slowNs"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MessagingCellFields(String kind, String codec, String transport, String channel, String channelReason,
                                  String codecWay, Long rate, Integer messageBytes, Double warmupS, Double roundS,
                                  Integer rounds, Long slowNs) implements CellFields {

    public static final String THROUGHPUT = "throughput";
    public static final String PINGPONG = "pingpong";

    /**
     * Kind, codec, transport, channel and rate (and an added subscriber delay): times and rounds are not
     * part of it. The channel is: a codec over IPC and over UDP are two cells, never merged or compared
     * as one.
     */
    @Override
    public String key() {
        return String.join("|", text(kind), text(codec), text(transport), text(channel), Long.toString(rateValue()),
                Long.toString(slowNs == null ? 0 : slowNs));
    }

    @JsonIgnore
    public boolean isThroughput() {
        return THROUGHPUT.equals(kind);
    }

    @JsonIgnore
    public long rateValue() {
        return rate == null ? 0 : rate;
    }

    /** How tables name it: {@code flyweight} or {@code udp-java, 2,000/s}. */
    @JsonIgnore
    public String label() {
        if (isThroughput()) {
            return text(codec) + (slowNs != null && slowNs > 0 ? " (subscriber +" + slowNs + " ns/message)" : "");
        }
        return text(transport) + ", " + (rateValue() == 0 ? "back to back" : String.format(java.util.Locale.ROOT, "%,d/s", rateValue()));
    }

    private static String text(String s) {
        return s == null ? "" : s;
    }
}

package org.allocpool.messaging.aeron;

import java.util.Locale;

/**
 * Which UDP channel a pair uses on loopback: multicast where the machine allows it (a probe datagram
 * to the group, sent and received on loopback, comes back: {@link MulticastProbe}; Linux delivers
 * multicast on {@code lo} even though the interface carries no MULTICAST flag) and the user did not ask
 * for unicast; unicast otherwise, with the reason. Aeron's channel URIs
 * carry the term length ({@link #TERM_LENGTH}). Thread-safe (stateless).
 */
public final class Channels {

    /** The loopback address every pair uses. */
    public static final String LOOPBACK = "127.0.0.1";
    /** The multicast group used where loopback allows it (administratively scoped, never routed). */
    public static final String GROUP = "239.255.90.17";
    /**
     * 2 MB terms: the publisher may run up to half a term (1 MB, about 10,000 messages) ahead of what
     * the subscriber has consumed before it is back-pressured; small enough that a slow subscriber drains
     * its backlog within a second or so once the publisher stops, large enough not to stall a fast one.
     */
    public static final String TERM_LENGTH = "2m";

    private Channels() {
    }

    /** The choice of a channel: its mode and why. */
    public record Choice(String mode, String reason) {
        public boolean isMulticast() {
            return "multicast".equals(mode);
        }
    }

    /**
     * {@code auto}: multicast if the loopback interface supports it, else unicast; {@code unicast} or
     * {@code multicast} as asked (multicast failing later if the machine cannot).
     *
     * @throws IllegalArgumentException naming a bad value
     */
    public static Choice choose(String wanted) {
        String mode = wanted == null ? "auto" : wanted.strip().toLowerCase(Locale.ROOT);
        return switch (mode) {
            case "unicast" -> new Choice("unicast", "asked for");
            case "multicast" -> new Choice("multicast", "asked for");
            case "auto" -> autoChoice();
            default -> throw new IllegalArgumentException("unknown channel '" + wanted + "'; allowed: auto, unicast, multicast");
        };
    }

    /** A subscription's channel: its own loopback port ({@code 0}: any free one) or the group's. */
    public static String subscription(Choice choice, int port) {
        return choice.isMulticast()
                ? "aeron:udp?endpoint=" + GROUP + ":" + port + "|interface=" + LOOPBACK
                : "aeron:udp?endpoint=" + LOOPBACK + ":" + port;
    }

    /** A publication's channel to {@code host:port}, where a subscription listens. */
    public static String publication(Choice choice, String host, int port) {
        return "aeron:udp?endpoint=" + host + ":" + port + (choice.isMulticast() ? "|interface=" + LOOPBACK : "")
                + "|term-length=" + TERM_LENGTH;
    }

    private static Choice autoChoice() {
        String failure = MulticastProbe.failure(GROUP);
        return failure == null
                ? new Choice("multicast", "a datagram sent to " + GROUP + " on loopback came back")
                : new Choice("unicast", "multicast on loopback did not work here: " + failure);
    }
}

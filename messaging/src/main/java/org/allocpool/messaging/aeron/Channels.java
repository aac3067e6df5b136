package org.allocpool.messaging.aeron;

import java.util.List;
import java.util.Locale;

/**
 * Which channel a pair uses: over UDP on loopback, multicast where the machine allows it (a probe datagram
 * to the group, sent and received on loopback, comes back: {@link MulticastProbe}; Linux delivers
 * multicast on {@code lo} even though the interface carries no MULTICAST flag) and the user did not ask
 * for unicast; unicast otherwise, with the reason. Or, only when asked for, {@code ipc}: both processes
 * share the subscriber's media driver and its term buffers in shared memory ({@code aeron:ipc}), no socket
 * and no sender or receiver between them. Aeron's channel URIs carry the term length ({@link #TERM_LENGTH}).
 * Thread-safe (stateless).
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
    /** The channel modes, as {@code --channel} names them. */
    public static final List<String> MODES = List.of("auto", "unicast", "multicast", "ipc");
    /** Why a pair runs over IPC: it is never chosen for the user. */
    static final String IPC_REASON = "asked for: one media driver, the subscriber's, shared through memory; no socket";

    private Channels() {
    }

    /** The choice of a channel: its mode and why. */
    public record Choice(String mode, String reason) {
        public boolean isMulticast() {
            return "multicast".equals(mode);
        }

        /** Whether the pair shares one driver over {@code aeron:ipc}. */
        public boolean isIpc() {
            return "ipc".equals(mode);
        }
    }

    /**
     * {@code auto}: multicast if the loopback interface supports it, else unicast; {@code unicast},
     * {@code multicast} or {@code ipc} as asked (multicast failing later if the machine cannot).
     *
     * @throws IllegalArgumentException naming a bad value
     */
    public static Choice choose(String wanted) {
        return switch (mode(wanted)) {
            case "unicast" -> new Choice("unicast", "asked for");
            case "multicast" -> new Choice("multicast", "asked for");
            case "ipc" -> new Choice("ipc", IPC_REASON);
            default -> autoChoice();
        };
    }

    /**
     * {@code wanted} as one of {@link #MODES}, ignoring case and blanks; {@code null} is {@code auto}.
     *
     * @throws IllegalArgumentException naming a bad value
     */
    public static String mode(String wanted) {
        String mode = wanted == null ? "auto" : wanted.strip().toLowerCase(Locale.ROOT);
        if (!MODES.contains(mode)) {
            throw new IllegalArgumentException("unknown channel '" + wanted + "'; allowed: " + String.join(", ", MODES));
        }
        return mode;
    }

    /** A subscription's channel: its own loopback port ({@code 0}: any free one), the group's, or IPC. */
    public static String subscription(Choice choice, int port) {
        if (choice.isIpc()) {
            return "aeron:ipc";
        }
        return choice.isMulticast()
                ? "aeron:udp?endpoint=" + GROUP + ":" + port + "|interface=" + LOOPBACK
                : "aeron:udp?endpoint=" + LOOPBACK + ":" + port;
    }

    /** A publication's channel to {@code host:port}, where a subscription listens (IPC: the shared driver's). */
    public static String publication(Choice choice, String host, int port) {
        if (choice.isIpc()) {
            return "aeron:ipc?term-length=" + TERM_LENGTH;
        }
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

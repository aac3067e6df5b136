package org.allocpool.lab.echo;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.allocpool.lab.analyzer.Collector;

/**
 * The echo lab's matrix: its names (buffer strategies, events, copy-per-event off and on) and the
 * expansion of settings into cells, ordered so that the two cells the ratio "copy-per-event / reuse"
 * compares run one after the other (the same machine load for both). Thread-safe (stateless).
 */
public final class EchoMatrix {

    /** The server's buffer strategies, in the order the tables show them. */
    public static final List<String> BUFFERS = List.of("unpooled", "netty-pooled", "netty-adaptive", "thread-local");
    /** The events clients send: a 44-byte top-of-book (Chronicle's) and a 1 KB message (the Netty case study's). */
    public static final List<String> EVENTS = List.of("top-of-book", "message");
    /** {@code --copy-per-event} values: off (reuse, the default of the server) and on. */
    public static final List<String> COPY_VALUES = List.of("off", "on");

    private EchoMatrix() {
    }

    /** Every cell of {@code settings}: collector, event, clients, buffer strategy, then copy off before on. */
    public static List<EchoCell> expand(EchoLabSettings settings) {
        List<EchoCell> cells = new ArrayList<>();
        for (Collector collector : settings.collectors()) {
            for (String event : settings.events()) {
                for (int clients : settings.clientsFor(event)) {
                    for (String buffers : settings.buffers()) {
                        for (boolean copy : settings.copyPerEvent()) {
                            cells.add(new EchoCell(collector, buffers, copy, event, clients, settings.plan()));
                        }
                    }
                }
            }
        }
        return List.copyOf(cells);
    }

    /**
     * The buffer strategy called {@code name}, ignoring case.
     *
     * @throws IllegalArgumentException naming the bad value and the allowed ones
     */
    public static String buffers(String name) {
        return oneOf(name, BUFFERS, "buffer strategy");
    }

    /**
     * The event called {@code name}, ignoring case.
     *
     * @throws IllegalArgumentException naming the bad value and the allowed ones
     */
    public static String event(String name) {
        return oneOf(name, EVENTS, "event");
    }

    /**
     * {@code true} for {@code on}, {@code false} for {@code off}, ignoring case.
     *
     * @throws IllegalArgumentException naming the bad value and the allowed ones
     */
    public static boolean copyPerEvent(String name) {
        return oneOf(name, COPY_VALUES, "--copy-per-event value").equals("on");
    }

    private static String oneOf(String name, List<String> allowed, String what) {
        String wanted = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        if (!allowed.contains(wanted)) {
            throw new IllegalArgumentException("unknown " + what + " '" + (name == null ? "" : name.strip())
                    + "'; allowed: " + String.join(", ", allowed));
        }
        return wanted;
    }
}

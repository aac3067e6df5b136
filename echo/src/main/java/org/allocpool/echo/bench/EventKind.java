package org.allocpool.echo.bench;

import java.util.Locale;

/** Which event the bench sends ({@code --event}). Immutable. */
public enum EventKind {

    /** The Chronicle article's 44-byte top of book. */
    TOP_OF_BOOK("top-of-book"),
    /** The Netty case study's opaque message, 1 KB by default. */
    MESSAGE("message");

    private final String label;

    EventKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /**
     * The kind named {@code text} (case-insensitive).
     *
     * @throws IllegalArgumentException naming the value and the allowed ones
     */
    public static EventKind parse(String text) {
        String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        for (EventKind k : values()) {
            if (k.label.equals(t)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown --event '" + text + "'; allowed: top-of-book, message");
    }
}

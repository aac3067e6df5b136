package org.allocpool.echo.event;

import java.nio.charset.StandardCharsets;

/**
 * Short names packed into numbers so that an event holds no {@code String}: a symbol of up to 8
 * printable ASCII characters in a {@code long}, a venue of up to 4 in an {@code int}. The first
 * character is the most significant byte and unused bytes are zero, so the big-endian wire bytes
 * read as the text itself. Thread-safe (stateless).
 */
public final class EventCodes {

    /** Longest symbol, in characters. */
    public static final int SYMBOL_CHARS = Long.BYTES;
    /** Longest venue code, in characters. */
    public static final int ECN_CHARS = Integer.BYTES;

    private EventCodes() {
    }

    /**
     * The code of {@code text}.
     *
     * @throws IllegalArgumentException naming the text, when it is empty, longer than 8 characters
     *                                  or not printable ASCII
     */
    public static long symbol(String text) {
        return pack(text, SYMBOL_CHARS, "symbol");
    }

    /** The code of a venue name; as {@link #symbol(String)} with at most 4 characters. */
    public static int ecn(String text) {
        return (int) pack(text, ECN_CHARS, "ecn");
    }

    /** The text of a symbol code. */
    public static String symbolText(long code) {
        return unpack(code, SYMBOL_CHARS);
    }

    /** The text of a venue code. */
    public static String ecnText(int code) {
        return unpack(code & 0xFFFF_FFFFL, ECN_CHARS);
    }

    private static long pack(String text, int width, String what) {
        if (text == null || text.isEmpty() || text.length() > width) {
            throw new IllegalArgumentException(what + " '" + text + "' must have 1 to " + width + " characters");
        }
        long code = 0;
        for (int i = 0; i < width; i++) {
            int c = i < text.length() ? text.charAt(i) : 0;
            if (i < text.length() && (c < 0x21 || c > 0x7E)) {
                throw new IllegalArgumentException(what + " '" + text + "' must be printable ASCII without spaces");
            }
            code = code << 8 | c;
        }
        return code;
    }

    private static String unpack(long code, int width) {
        byte[] chars = new byte[width];
        int n = 0;
        for (int i = width - 1; i >= 0; i--) {
            byte b = (byte) (code >>> (i * 8));
            if (b == 0) {
                break;
            }
            chars[n++] = b;
        }
        return new String(chars, 0, n, StandardCharsets.US_ASCII);
    }
}

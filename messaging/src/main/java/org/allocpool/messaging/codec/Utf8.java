package org.allocpool.messaging.codec;

/**
 * UTF-8 of the Basic Multilingual Plane written straight into an array, so that the flyweight encodes
 * a {@code String} without the {@code byte[]} that {@code getBytes(Charset)} makes. ASCII, the common
 * case, is one pass to find it is ASCII (an OR over the chars) and the JDK's own copy of the string's
 * bytes; any other string is encoded char by char. Surrogate pairs are not supported (the generated
 * messages have none). Thread-safe (stateless).
 */
final class Utf8 {

    private Utf8() {
    }

    /**
     * Bytes {@code s} takes in UTF-8, as a code for {@link #write}: the count itself when every char
     * is ASCII, else its complement {@code ~bytes} (negative). {@link #bytes} reads the count from it.
     */
    // hot path: no allocation
    static int lengthCode(String s) {
        int n = s.length();
        int any = 0;
        for (int i = 0; i < n; i++) {
            any |= s.charAt(i);
        }
        if (any < 0x80) {
            return n;
        }
        int bytes = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
        }
        return ~bytes;
    }

    /** The UTF-8 byte count of a {@link #lengthCode}. */
    static int bytes(int lengthCode) {
        return lengthCode < 0 ? ~lengthCode : lengthCode;
    }

    /** Writes {@code s}, whose {@link #lengthCode} is {@code code}, at {@code at}; returns the index after it. */
    // hot path: no allocation
    @SuppressWarnings("deprecation") // getBytes(int, int, byte[], int) drops each char's high byte: exact for ASCII
    static int write(String s, int code, byte[] out, int at) {
        if (code >= 0) {
            s.getBytes(0, code, out, at);
            return at + code;
        }
        int p = at;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                out[p++] = (byte) c;
            } else if (c < 0x800) {
                out[p++] = (byte) (0xC0 | (c >> 6));
                out[p++] = (byte) (0x80 | (c & 0x3F));
            } else {
                out[p++] = (byte) (0xE0 | (c >> 12));
                out[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                out[p++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        return p;
    }
}

package org.allocpool.messaging.codec;

import org.agrona.MutableDirectBuffer;

/**
 * UTF-8 of the Basic Multilingual Plane written straight into a buffer, char by char, so that the
 * flyweight encodes a {@code String} without the {@code byte[]} that {@code getBytes} makes.
 * Surrogate pairs are not supported (the generated messages have none). Thread-safe (stateless).
 */
final class Utf8 {

    private Utf8() {
    }

    /** Bytes {@code s} takes in UTF-8. */
    static int length(String s) {
        int bytes = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
        }
        return bytes;
    }

    /** Writes {@code s} at {@code offset}; returns the bytes written. */
    // hot path: no allocation
    static int write(String s, MutableDirectBuffer buffer, int offset) {
        int at = offset;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                buffer.putByte(at++, (byte) c);
            } else if (c < 0x800) {
                buffer.putByte(at++, (byte) (0xC0 | (c >> 6)));
                buffer.putByte(at++, (byte) (0x80 | (c & 0x3F)));
            } else {
                buffer.putByte(at++, (byte) (0xE0 | (c >> 12)));
                buffer.putByte(at++, (byte) (0x80 | ((c >> 6) & 0x3F)));
                buffer.putByte(at++, (byte) (0x80 | (c & 0x3F)));
            }
        }
        return at - offset;
    }
}

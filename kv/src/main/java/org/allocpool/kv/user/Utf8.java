package org.allocpool.kv.user;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * A string's UTF-8 bytes, counted and written straight into an array or a segment, with no
 * intermediate {@code byte[]} ({@code String.getBytes(Charset)} makes one per string). ASCII, the
 * common case, is one pass to find it is ASCII (an OR over the chars) and one to copy it: into an
 * array, the JDK's own copy of the string's bytes; into a segment, eight chars per write. A string
 * with any other char takes a slow path that encodes char by char. The bytes are
 * exactly those of {@code s.getBytes(StandardCharsets.UTF_8)}, an unpaired surrogate included
 * (written as {@code '?'}, as the JDK replaces it). Stateless; thread-safe.
 */
final class Utf8 {

    private static final byte REPLACEMENT = '?';
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private Utf8() {
    }

    /**
     * Bytes of {@code s} in UTF-8, as a code for {@link #write}: the count itself when every char is
     * ASCII, else its complement {@code ~bytes} (negative). {@link #bytes} reads the count from it.
     */
    // hot path: no allocation
    static int lengthCode(String s) {
        int n = s.length();
        // no early exit: a plain reduction the JIT can unroll; most strings here are ASCII
        int any = 0;
        for (int i = 0; i < n; i++) {
            any |= s.charAt(i);
        }
        return any < 0x80 ? n : ~lengthFrom(s, 0);
    }

    /** The UTF-8 byte count of a {@link #lengthCode}. */
    static int bytes(int lengthCode) {
        return lengthCode < 0 ? ~lengthCode : lengthCode;
    }

    /** Writes {@code s}, whose {@link #lengthCode} is {@code code}, into {@code out} from {@code at}; returns the index after it. */
    // hot path: no allocation
    @SuppressWarnings("deprecation") // getBytes(int, int, byte[], int) drops each char's high byte: exact for ASCII
    static int write(String s, int code, byte[] out, int at) {
        if (code < 0) {
            return writeFrom(s, 0, out, at);
        }
        // an ASCII string's chars are its UTF-8 bytes: the JDK copies a compact string's own bytes
        // (an arraycopy), where packing them a charAt at a time took 2.5x as long (UserCodecBenchmark)
        s.getBytes(0, code, out, at);
        return at + code;
    }

    /** Writes {@code s}, whose {@link #lengthCode} is {@code code}, into {@code out} from {@code at}; returns the offset after it. */
    // hot path: no allocation
    static long write(String s, int code, MemorySegment out, long at) {
        if (code < 0) {
            return writeFrom(s, 0, out, at);
        }
        // eight chars per access: each access to a segment is checked (bounds, liveness), a byte a time costs
        int i = 0;
        for (; i + Long.BYTES <= code; i += Long.BYTES) {
            out.set(LONG, at + i, pack8(s, i));
        }
        if (i + Integer.BYTES <= code) {
            out.set(INT, at + i, pack4(s, i));
            i += Integer.BYTES;
        }
        for (; i < code; i++) {
            out.set(ValueLayout.JAVA_BYTE, at + i, (byte) s.charAt(i));
        }
        return at + code;
    }

    /** Chars {@code i} to {@code i + 7} of an ASCII string as the little-endian long of their bytes. */
    private static long pack8(String s, int i) {
        return pack4(s, i) & 0xFFFF_FFFFL | (long) pack4(s, i + 4) << 32;
    }

    /** Chars {@code i} to {@code i + 3} of an ASCII string as the little-endian int of their bytes. */
    private static int pack4(String s, int i) {
        return s.charAt(i) | s.charAt(i + 1) << 8 | s.charAt(i + 2) << 16 | s.charAt(i + 3) << 24;
    }

    private static int lengthFrom(String s, int from) {
        int n = s.length();
        int bytes = 0;
        for (int i = from; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (isPair(s, i)) {
                bytes += 4;
                i++;
            } else {
                bytes += Character.isSurrogate(c) ? 1 : 3;
            }
        }
        return bytes;
    }

    private static int writeFrom(String s, int from, byte[] out, int at) {
        int n = s.length();
        int p = at;
        for (int i = from; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                out[p++] = (byte) c;
            } else if (c < 0x800) {
                out[p++] = (byte) (0xC0 | c >> 6);
                out[p++] = (byte) (0x80 | c & 0x3F);
            } else if (isPair(s, i)) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                out[p++] = (byte) (0xF0 | cp >> 18);
                out[p++] = (byte) (0x80 | cp >> 12 & 0x3F);
                out[p++] = (byte) (0x80 | cp >> 6 & 0x3F);
                out[p++] = (byte) (0x80 | cp & 0x3F);
            } else if (Character.isSurrogate(c)) {
                out[p++] = REPLACEMENT;
            } else {
                out[p++] = (byte) (0xE0 | c >> 12);
                out[p++] = (byte) (0x80 | c >> 6 & 0x3F);
                out[p++] = (byte) (0x80 | c & 0x3F);
            }
        }
        return p;
    }

    private static long writeFrom(String s, int from, MemorySegment out, long at) {
        int n = s.length();
        long p = at;
        for (int i = from; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                p = put(out, p, c);
            } else if (c < 0x800) {
                p = put(out, p, 0xC0 | c >> 6);
                p = put(out, p, 0x80 | c & 0x3F);
            } else if (isPair(s, i)) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                p = put(out, p, 0xF0 | cp >> 18);
                p = put(out, p, 0x80 | cp >> 12 & 0x3F);
                p = put(out, p, 0x80 | cp >> 6 & 0x3F);
                p = put(out, p, 0x80 | cp & 0x3F);
            } else if (Character.isSurrogate(c)) {
                p = put(out, p, REPLACEMENT);
            } else {
                p = put(out, p, 0xE0 | c >> 12);
                p = put(out, p, 0x80 | c >> 6 & 0x3F);
                p = put(out, p, 0x80 | c & 0x3F);
            }
        }
        return p;
    }

    private static long put(MemorySegment out, long at, int b) {
        out.set(ValueLayout.JAVA_BYTE, at, (byte) b);
        return at + 1;
    }

    /** Whether a high surrogate at {@code i} is followed by a low one: one code point in four bytes. */
    private static boolean isPair(String s, int i) {
        return Character.isHighSurrogate(s.charAt(i)) && i + 1 < s.length()
                && Character.isLowSurrogate(s.charAt(i + 1));
    }
}

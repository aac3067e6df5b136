package org.allocpool.kv.user;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A string's UTF-8 bytes, counted and written straight into an array or a segment, with no
 * intermediate {@code byte[]} ({@code String.getBytes} makes one per string). ASCII, the common
 * case, is read and written in words of 8, 4 or 2 chars, the last word overlapping the one before
 * (a string of 13 chars is chars 0-7 and 5-12): a segment access per word rather than per char, and
 * branches on the length's size class rather than a loop exit per length. {@link #writeAscii}
 * writes and checks in one pass; {@link #lengthCode} then {@link #write} count first, for a
 * destination sized to the exact length. A string with any other char takes a slow path that
 * encodes char by char. The bytes are exactly those of {@code s.getBytes(StandardCharsets.UTF_8)},
 * an unpaired surrogate included (written as {@code '?'}, as the JDK replaces it). Stateless;
 * thread-safe.
 */
final class Utf8 {

    private static final byte REPLACEMENT = '?';
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle ARRAY_LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle ARRAY_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle ARRAY_SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);

    private Utf8() {
    }

    /**
     * Bytes of {@code s} in UTF-8, as a code for {@link #write}: the count itself when every char is
     * ASCII, else its complement {@code ~bytes} (negative). {@link #bytes} reads the count from it.
     */
    // hot path: no allocation
    static int lengthCode(String s) {
        int n = s.length();
        int any;
        if (n >= 8) {
            any = or4(s, n - 8) | or4(s, n - 4);
            for (int i = 0; i < n - 8; i += 8) {
                any |= or4(s, i) | or4(s, i + 4);
            }
        } else if (n >= 4) {
            any = or4(s, 0) | or4(s, n - 4);
        } else if (n > 0) {
            any = s.charAt(0) | s.charAt(n >> 1) | s.charAt(n - 1);
        } else {
            any = 0;
        }
        return any < 0x80 ? n : ~lengthFrom(s, 0);
    }

    /** The UTF-8 byte count of a {@link #lengthCode}. */
    static int bytes(int lengthCode) {
        return lengthCode < 0 ? ~lengthCode : lengthCode;
    }

    /** Writes {@code s}, whose {@link #lengthCode} is {@code code}, into {@code out} from {@code at}; returns the index after it. */
    // hot path: no allocation
    static int write(String s, int code, byte[] out, int at) {
        if (code < 0) {
            return writeFrom(s, 0, out, at);
        }
        int n = code;
        if (n >= 8) {
            for (int i = 0; i < n - 8; i += 8) {
                ARRAY_LONG.set(out, at + i, pack8(s, i));
            }
            ARRAY_LONG.set(out, at + n - 8, pack8(s, n - 8));
        } else if (n >= 4) {
            ARRAY_INT.set(out, at, pack4(s, 0));
            ARRAY_INT.set(out, at + n - 4, pack4(s, n - 4));
        } else if (n >= 2) {
            ARRAY_SHORT.set(out, at, pack2(s, 0));
            ARRAY_SHORT.set(out, at + n - 2, pack2(s, n - 2));
        } else if (n == 1) {
            out[at] = (byte) s.charAt(0);
        }
        return at + n;
    }

    /** Writes {@code s}, whose {@link #lengthCode} is {@code code}, into {@code out} from {@code at}; returns the offset after it. */
    // hot path: no allocation
    static long write(String s, int code, MemorySegment out, long at) {
        if (code < 0) {
            return writeFrom(s, 0, out, at);
        }
        int n = code;
        if (n >= 8) {
            for (int i = 0; i < n - 8; i += 8) {
                out.set(LONG, at + i, pack8(s, i));
            }
            out.set(LONG, at + n - 8, pack8(s, n - 8));
        } else if (n >= 4) {
            out.set(INT, at, pack4(s, 0));
            out.set(INT, at + n - 4, pack4(s, n - 4));
        } else if (n >= 2) {
            out.set(SHORT, at, pack2(s, 0));
            out.set(SHORT, at + n - 2, pack2(s, n - 2));
        } else if (n == 1) {
            out.set(ValueLayout.JAVA_BYTE, at, (byte) s.charAt(0));
        }
        return at + n;
    }

    /**
     * Writes the {@code s.length()} chars of {@code s} into {@code out} from {@code at} as if they
     * were ASCII, a byte each, and returns them OR-ed: under 0x80 when they were, and the bytes
     * are its UTF-8; otherwise the bytes written are not, and the caller must write {@code s} again
     * with {@link #write}. One pass where {@link #lengthCode} and {@link #write} take two.
     */
    // hot path: no allocation
    static int writeAscii(String s, MemorySegment out, long at) {
        int n = s.length();
        int any;
        if (n >= 8) {
            any = 0;
            for (int i = 0; i < n - 8; i += 8) {
                any |= or4(s, i) | or4(s, i + 4);
                out.set(LONG, at + i, pack8(s, i));
            }
            any |= or4(s, n - 8) | or4(s, n - 4);
            out.set(LONG, at + n - 8, pack8(s, n - 8));
        } else if (n >= 4) {
            any = or4(s, 0) | or4(s, n - 4);
            out.set(INT, at, pack4(s, 0));
            out.set(INT, at + n - 4, pack4(s, n - 4));
        } else if (n >= 2) {
            any = s.charAt(0) | s.charAt(n >> 1) | s.charAt(n - 1);
            out.set(SHORT, at, pack2(s, 0));
            out.set(SHORT, at + n - 2, pack2(s, n - 2));
        } else if (n == 1) {
            any = s.charAt(0);
            out.set(ValueLayout.JAVA_BYTE, at, (byte) any);
        } else {
            any = 0;
        }
        return any;
    }

    /** Chars {@code i} to {@code i + 3} OR-ed: under 0x80 when all four are ASCII. */
    private static int or4(String s, int i) {
        return s.charAt(i) | s.charAt(i + 1) | s.charAt(i + 2) | s.charAt(i + 3);
    }

    /** Chars {@code i} to {@code i + 7} of an ASCII string as the little-endian long of their bytes. */
    private static long pack8(String s, int i) {
        return pack4(s, i) & 0xFFFF_FFFFL | (long) pack4(s, i + 4) << 32;
    }

    /** Chars {@code i} to {@code i + 3} of an ASCII string as the little-endian int of their bytes. */
    private static int pack4(String s, int i) {
        return s.charAt(i) | s.charAt(i + 1) << 8 | s.charAt(i + 2) << 16 | s.charAt(i + 3) << 24;
    }

    /** Chars {@code i} and {@code i + 1} of an ASCII string as the little-endian short of their bytes. */
    private static short pack2(String s, int i) {
        return (short) (s.charAt(i) | s.charAt(i + 1) << 8);
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

package org.allocpool.kv.server;

import io.netty.buffer.ByteBuf;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One RESP request as {@link RespParser} found it: its arguments are ranges of the connection's
 * input buffer, not copies. A flyweight: reset and refilled for every request, valid until the
 * request's bytes are consumed.
 *
 * <p>Not thread-safe: one per connection, on its event loop. The buffer belongs to the connection's
 * decoder; this object only points into it.
 */
final class RespRequest {

    /** Big-endian as ByteBuf.getLong, so the bytes land in their order. */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final int INITIAL_ARGS = 16;

    private ByteBuf buffer;
    private int count;
    private int[] starts = new int[INITIAL_ARGS];
    private int[] lengths = new int[INITIAL_ARGS];

    /** Starts a new request over {@code in}, with no argument yet. */
    // hot path: no allocation
    void reset(ByteBuf in) {
        buffer = in;
        count = 0;
    }

    /** Adds an argument: {@code length} bytes of the buffer from {@code start}. */
    // hot path: no allocation (the arrays grow only when a request has more arguments than any before it)
    void add(int start, int length) {
        if (count == starts.length) {
            starts = Arrays.copyOf(starts, count * 2);
            lengths = Arrays.copyOf(lengths, count * 2);
        }
        starts[count] = start;
        lengths[count] = length;
        count++;
    }

    /** Arguments, the command's name included. */
    int count() {
        return count;
    }

    int length(int arg) {
        return lengths[arg];
    }

    /** Whether argument {@code arg} is {@code upperName} (ASCII letters), ignoring case. */
    // hot path: no allocation
    boolean is(int arg, byte[] upperName) {
        int length = lengths[arg];
        if (length != upperName.length) {
            return false;
        }
        int start = starts[arg];
        for (int i = 0; i < length; i++) {
            if ((buffer.getByte(start + i) & 0xDF) != upperName[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Copies argument {@code arg} to the start of {@code dst} (which has room for it), eight bytes at a
     * time: without Unsafe, Netty's {@code getBytes(int, byte[], ...)} may make a ByteBuffer per call
     * on direct memory, {@code getLong} does not.
     */
    // hot path: no allocation
    void copy(int arg, byte[] dst) {
        int index = starts[arg];
        int length = lengths[arg];
        int i = 0;
        for (; i + Long.BYTES <= length; i += Long.BYTES) {
            LONGS.set(dst, i, buffer.getLong(index + i));
        }
        for (; i < length; i++) {
            dst[i] = buffer.getByte(index + i);
        }
    }

    /** Writes argument {@code arg}'s bytes to {@code out}. */
    void writeTo(int arg, ByteBuf out) {
        out.writeBytes(buffer, starts[arg], lengths[arg]);
    }

    /**
     * Argument {@code arg} as a decimal {@code long} (an optional minus sign and 1 to 18 digits, as
     * Redis reads integers), or {@link Long#MIN_VALUE} when it is not one.
     */
    // hot path: no allocation
    long toLong(int arg) {
        int start = starts[arg];
        int length = lengths[arg];
        boolean negative = length > 0 && buffer.getByte(start) == '-';
        int i = negative ? 1 : 0;
        if (length - i < 1 || length - i > 18) {
            return Long.MIN_VALUE;
        }
        long value = 0;
        for (; i < length; i++) {
            int digit = buffer.getByte(start + i) - '0';
            if (digit < 0 || digit > 9) {
                return Long.MIN_VALUE;
            }
            value = value * 10 + digit;
        }
        return negative ? -value : value;
    }

    /** Argument {@code arg} as text, at most {@code max} bytes of it (allocates: error messages only). */
    String text(int arg, int max) {
        return buffer.toString(starts[arg], Math.min(max, lengths[arg]), StandardCharsets.UTF_8);
    }
}

package org.allocpool.kv.server;

import io.netty.buffer.ByteBuf;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One RESP request as {@link RespParser} found it: its arguments are ranges of the connection's
 * input buffer, not copies, kept as offsets from the request's first byte (a buffer that drops its
 * read bytes moves the request, never its inside). A flyweight: reset and refilled for every
 * request, valid until the request's bytes are consumed. While the request has come in part it
 * also holds the parser's place in it ({@link #resumeAt}), so that the next read is parsed on
 * from there, not from the request's start.
 *
 * <p>Not thread-safe: one per connection, on its event loop. The buffer belongs to the connection's
 * decoder; this object only points into it.
 */
final class RespRequest {

    /** Big-endian as ByteBuf.getLong, so the bytes land in their order. */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final int INITIAL_ARGS = 16;

    private ByteBuf buffer;
    /** The buffer index of the request's first byte: the arguments' starts are offsets from it. */
    private int base;
    private int count;
    private int[] starts = new int[INITIAL_ARGS];
    private int[] lengths = new int[INITIAL_ARGS];
    /** The arguments a multibulk request's header announced; -1 before the header is read (and for an inline one). */
    private int expectedArgs = -1;
    /** Where the parser goes on, as an offset from the request's first byte (see {@link RespParser}). */
    private int resumeAt;
    /** Whether the last parse ended the request (whole, or refused): the next one starts a new request. */
    private boolean finished = true;

    /**
     * Points the request at {@code in}, whose reader index is the request's first byte: a new request
     * with no argument yet when the last one was finished, else the same request read on.
     */
    // hot path: no allocation
    void begin(ByteBuf in) {
        buffer = in;
        base = in.readerIndex();
        if (finished) {
            count = 0;
            expectedArgs = -1;
            resumeAt = 0;
            finished = false;
        }
    }

    /** Ends the request: whole (its arguments stay readable until the next {@link #begin}), or refused. */
    void finish() {
        finished = true;
    }

    /** The arguments the header announced, or -1 when it has not been read. */
    int expectedArgs() {
        return expectedArgs;
    }

    /** Records the header's count of arguments; the first argument is {@code resumeAt} bytes in. */
    void expectArgs(int args, int firstArgAt) {
        expectedArgs = args;
        resumeAt = firstArgAt;
    }

    /** Where the parser goes on, in bytes from the request's first byte. */
    int resumeAt() {
        return resumeAt;
    }

    void resumeAt(int offset) {
        resumeAt = offset;
    }

    /** Adds an argument: {@code length} bytes from {@code start} bytes after the request's first byte. */
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
        int start = base + starts[arg];
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
        int index = base + starts[arg];
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
        out.writeBytes(buffer, base + starts[arg], lengths[arg]);
    }

    /**
     * Argument {@code arg} as a decimal {@code long} (an optional minus sign and 1 to 18 digits, as
     * Redis reads integers), or {@link Long#MIN_VALUE} when it is not one.
     */
    // hot path: no allocation
    long toLong(int arg) {
        int start = base + starts[arg];
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
        return buffer.toString(base + starts[arg], Math.min(max, lengths[arg]), StandardCharsets.UTF_8);
    }
}

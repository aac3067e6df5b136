package org.allocpool.kv.server;

import io.netty.buffer.ByteBuf;

/**
 * Finds one RESP2 request at the reader index of a connection's input: a multibulk array of bulk
 * strings ({@code *2\r\n$3\r\nGET\r\n$1\r\nk\r\n}, what clients send) or an inline command (a plain
 * text line, {@code GET k\r\n}, what telnet sends; arguments split at spaces and tabs, no quoting).
 * Nothing is copied: the arguments are ranges of the input. A request not yet whole is read on from
 * where the last read left it when more bytes come (its arguments so far, and where to go on, are
 * kept in the connection's {@link RespRequest}), as Redis keeps its place between reads: each byte
 * is examined about once, whatever the request's size and however it is cut into reads (before,
 * every read parsed the request again from its start, so one request of 65,535 arguments dripped
 * a byte per read cost about 1 ms of event-loop CPU per byte; issue 34).
 *
 * <p>Limits, checked as soon as the bytes that break them arrive (never after buffering them): a
 * bulk string over the largest key or value, a request over {@link #maxRequestBytes} in all, an
 * inline line over {@link #MAX_INLINE_BYTES}, more than {@link #MAX_ARGS} arguments, or a header
 * that is not a number: each throws {@link RespProtocolException} (the connection is then closed,
 * as Redis closes it).
 *
 * <p>Stateless past its limits; thread-safe: the state of a request read in part lives in the
 * {@link RespRequest} it fills, one per connection, the caller's.
 */
final class RespParser {

    /** The longest inline command line, as Redis's PROTO_INLINE_MAX_SIZE. */
    static final int MAX_INLINE_BYTES = 64 * 1024;
    /** The most arguments in one request. */
    static final int MAX_ARGS = 1 << 16;
    /** A {@code *N} or {@code $N} line longer than this cannot hold a valid count. */
    private static final int MAX_HEADER_LINE = 24;

    private final int maxBulkBytes;
    private final int maxRequestBytes;

    /**
     * @param maxBulkBytes    the largest bulk string (the larger of the store's key and value limits)
     * @param maxRequestBytes the largest multibulk request in all
     */
    RespParser(int maxBulkBytes, int maxRequestBytes) {
        this.maxBulkBytes = maxBulkBytes;
        this.maxRequestBytes = maxRequestBytes;
    }

    int maxBulkBytes() {
        return maxBulkBytes;
    }

    int maxRequestBytes() {
        return maxRequestBytes;
    }

    /**
     * Reads the request at {@code in}'s reader index into {@code request}, without moving the index;
     * a request {@code request} holds in part (the last call returned 0) is read on from where that
     * call left it. Between such calls the caller moves no index and changes no byte of the request
     * (a buffer that grows, or drops the bytes before the reader index, keeps the rest in order).
     *
     * @return the request's length in bytes (its arguments are in {@code request}; none for an empty
     *         line or array, which are skipped), or 0 when it is not whole yet
     * @throws RespProtocolException when the bytes cannot be a request within the limits
     */
    // hot path: no allocation
    int parse(ByteBuf in, RespRequest request) throws RespProtocolException {
        request.begin(in);
        int start = in.readerIndex();
        int end = in.writerIndex();
        if (start == end) {
            return 0;
        }
        int length;
        try {
            length = in.getByte(start) == '*' ? multibulk(in, start, end, request) : inline(in, start, end, request);
        } catch (RespProtocolException e) {
            request.finish(); // the connection is closed; nothing is read on from here
            throw e;
        }
        if (length > 0) {
            request.finish();
        }
        return length;
    }

    private int multibulk(ByteBuf in, int start, int end, RespRequest request) throws RespProtocolException {
        long count = request.expectedArgs();
        int pos;
        if (count < 0) {
            int lineEnd = lineEnd(in, start, end);
            if (lineEnd < 0) {
                if (end - start > MAX_HEADER_LINE) {
                    throw new RespProtocolException("invalid multibulk length");
                }
                return 0;
            }
            count = number(in, start + 1, lineEnd);
            if (count == Long.MIN_VALUE || count > MAX_ARGS) {
                throw new RespProtocolException("invalid multibulk length");
            }
            pos = lineEnd + 2;
            request.expectArgs((int) count, pos - start);
        } else {
            pos = start + request.resumeAt(); // the arguments before it are in the request
        }
        for (long arg = request.count(); arg < count; arg++) {
            if (pos >= end) {
                request.resumeAt(pos - start);
                return 0;
            }
            byte type = in.getByte(pos);
            if (type != '$') {
                throw new RespProtocolException("expected '$', got '" + (char) (type & 0xFF) + "'");
            }
            int bulkLineEnd = lineEnd(in, pos, end);
            if (bulkLineEnd < 0) {
                if (end - pos > MAX_HEADER_LINE) {
                    throw new RespProtocolException("invalid bulk length");
                }
                request.resumeAt(pos - start);
                return 0;
            }
            long length = number(in, pos + 1, bulkLineEnd);
            if (length < 0) {
                throw new RespProtocolException("invalid bulk length");
            }
            if (length > maxBulkBytes) {
                throw new RespProtocolException("bulk string of " + length + " bytes is over this server's limit of "
                        + maxBulkBytes + " bytes (--max-value, --max-key)");
            }
            int data = bulkLineEnd + 2;
            if ((long) data + length - start > maxRequestBytes) {
                throw new RespProtocolException("request of over " + maxRequestBytes + " bytes");
            }
            if (data + length + 2 > end) {
                request.resumeAt(pos - start); // its $N line, at most 24 bytes, is read again: its data is not
                return 0;
            }
            if (in.getByte(data + (int) length) != '\r' || in.getByte(data + (int) length + 1) != '\n') {
                throw new RespProtocolException("bulk string not followed by CRLF");
            }
            request.add(data - start, (int) length);
            pos = data + (int) length + 2;
        }
        return pos - start;
    }

    private static int inline(ByteBuf in, int start, int end, RespRequest request) throws RespProtocolException {
        // from where the last read's search for the line's end stopped
        int newline = in.indexOf(start + request.resumeAt(), Math.min(end, start + MAX_INLINE_BYTES + 1), (byte) '\n');
        if (newline < 0) {
            if (end - start > MAX_INLINE_BYTES) {
                throw new RespProtocolException("too big inline request");
            }
            request.resumeAt(end - start);
            return 0;
        }
        int lineEnd = newline > start && in.getByte(newline - 1) == '\r' ? newline - 1 : newline;
        int argStart = -1;
        for (int i = start; i <= lineEnd; i++) {
            boolean separator = i == lineEnd || in.getByte(i) == ' ' || in.getByte(i) == '\t';
            if (separator && argStart >= 0) {
                if (request.count() == MAX_ARGS) {
                    throw new RespProtocolException("too many arguments in an inline request");
                }
                request.add(argStart - start, i - argStart);
                argStart = -1;
            } else if (!separator && argStart < 0) {
                argStart = i;
            }
        }
        return newline + 1 - start;
    }

    /** The index of the {@code \r} of the first CRLF from {@code from}, or -1 when no line end has come yet. */
    private static int lineEnd(ByteBuf in, int from, int end) throws RespProtocolException {
        int newline = in.indexOf(from, Math.min(end, from + MAX_HEADER_LINE + 1), (byte) '\n');
        if (newline < 0) {
            return -1;
        }
        if (newline == from || in.getByte(newline - 1) != '\r') {
            throw new RespProtocolException("header line not ended by CRLF");
        }
        return newline - 1;
    }

    /**
     * The decimal number in {@code [from, to)}: -1 for "-1" (a null array or bulk), Long.MIN_VALUE
     * when it is not a number of at most 18 digits.
     */
    private static long number(ByteBuf in, int from, int to) {
        boolean negative = from < to && in.getByte(from) == '-';
        int i = negative ? from + 1 : from;
        if (to - i < 1 || to - i > 18) {
            return Long.MIN_VALUE;
        }
        long value = 0;
        for (; i < to; i++) {
            int digit = in.getByte(i) - '0';
            if (digit < 0 || digit > 9) {
                return Long.MIN_VALUE;
            }
            value = value * 10 + digit;
        }
        return negative ? (value == 1 ? -1 : Long.MIN_VALUE) : value;
    }
}

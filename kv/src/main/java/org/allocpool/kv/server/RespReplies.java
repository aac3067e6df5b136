package org.allocpool.kv.server;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/**
 * Writes RESP2 replies into a connection's reply buffer: simple strings, errors, integers, bulk
 * strings, nil and array headers. Numbers are written digit by digit, never through a String.
 * Stateless; thread-safe (the buffer is the caller's).
 */
final class RespReplies {

    static final byte[] OK = ascii("+OK\r\n");
    static final byte[] PONG = ascii("+PONG\r\n");
    static final byte[] NIL = ascii("$-1\r\n");
    static final byte[] EMPTY_ARRAY = ascii("*0\r\n");
    private static final byte[] CRLF = ascii("\r\n");

    private RespReplies() {
    }

    static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    /** A whole error reply, {@code -} and CRLF included, for a message made once (no allocation when written). */
    static byte[] error(String message) {
        return (message.startsWith("ERR ") || message.startsWith("WRONGTYPE ") ? "-" : "-ERR ")
                .concat(message.replace('\r', ' ').replace('\n', ' ')).concat("\r\n")
                .getBytes(StandardCharsets.UTF_8);
    }

    /** Writes {@code -ERR message} (allocates the message's bytes: error paths only). */
    static void writeError(ByteBuf out, String message) {
        out.writeBytes(error(message));
    }

    // hot path: no allocation
    static void writeInteger(ByteBuf out, long value) {
        out.writeByte(':');
        writeDecimal(out, value);
        out.writeBytes(CRLF);
    }

    // hot path: no allocation
    static void writeArrayHeader(ByteBuf out, int count) {
        out.writeByte('*');
        writeDecimal(out, count);
        out.writeBytes(CRLF);
    }

    /** A bulk string of {@code length} bytes of {@code bytes} from 0. */
    // hot path: no allocation
    static void writeBulk(ByteBuf out, byte[] bytes, int length) {
        out.writeByte('$');
        writeDecimal(out, length);
        out.writeBytes(CRLF);
        out.writeBytes(bytes, 0, length);
        out.writeBytes(CRLF);
    }

    /** A bulk string of argument {@code arg} of {@code request}. */
    static void writeBulk(ByteBuf out, RespRequest request, int arg) {
        out.writeByte('$');
        writeDecimal(out, request.length(arg));
        out.writeBytes(CRLF);
        request.writeTo(arg, out);
        out.writeBytes(CRLF);
    }

    /** A bulk string of {@code text} in UTF-8 (allocates: INFO, CONFIG). */
    static void writeBulk(ByteBuf out, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        writeBulk(out, bytes, bytes.length);
    }

    // hot path: no allocation
    static void writeDecimal(ByteBuf out, long value) {
        if (value < 0) {
            out.writeByte('-');
            if (value == Long.MIN_VALUE) {
                out.writeBytes(ascii("9223372036854775808"));
                return;
            }
            value = -value;
        }
        long scale = 1;
        while (scale <= value / 10) {
            scale *= 10;
        }
        for (; scale > 0; scale /= 10) {
            out.writeByte((int) ('0' + value / scale % 10));
        }
    }
}

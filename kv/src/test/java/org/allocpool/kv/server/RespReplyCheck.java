package org.allocpool.kv.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;

/** Checks that bytes are well-formed RESP2 replies, as a client would read them. Stateless. */
final class RespReplyCheck {

    private RespReplyCheck() {
    }

    /** The end of the one reply that starts at {@code at}, after checking it; fails the test when it is not one. */
    static int end(byte[] reply, int at) {
        assertTrue(at < reply.length, "a reply is missing");
        int lineEnd = lineEnd(reply, at);
        String line = new String(reply, at + 1, lineEnd - at - 1, StandardCharsets.ISO_8859_1);
        int next = lineEnd + 2;
        switch (reply[at]) {
            case '+', '-' -> {
                return next;
            }
            case ':' -> {
                Long.parseLong(line);
                return next;
            }
            case '$' -> {
                long length = Long.parseLong(line);
                if (length == -1) {
                    return next;
                }
                assertTrue(length >= 0 && next + length + 2 <= reply.length, "bulk of " + length + " bytes");
                assertEquals('\r', reply[(int) (next + length)]);
                assertEquals('\n', reply[(int) (next + length + 1)]);
                return (int) (next + length + 2);
            }
            case '*' -> {
                long count = Long.parseLong(line);
                int end = next;
                for (long i = 0; i < count; i++) {
                    end = end(reply, end);
                }
                return end;
            }
            default -> {
                return fail("not a RESP reply type: " + (char) reply[at]);
            }
        }
    }

    private static int lineEnd(byte[] reply, int from) {
        for (int i = from; i + 1 < reply.length; i++) {
            if (reply[i] == '\r' && reply[i + 1] == '\n') {
                return i;
            }
            assertTrue(reply[i] != '\r' && reply[i] != '\n', "a line with a bare CR or LF");
        }
        return fail("a reply line without CRLF");
    }
}

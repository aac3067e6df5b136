package org.allocpool.kv.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Raw bytes on the RESP port: what no client library would send. Every test ends by checking that a
 * fresh connection is still served. Reads time out, so a hang fails the test instead of the build.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RespMalformedInputTest {

    @TempDir
    Path dir;
    RunningServer running;

    /** The server a test runs against: async; {@code Sync...Test} runs the same tests with group commit. */
    RunningServer newServer(Path dir) throws IOException {
        return new RunningServer(dir);
    }

    @BeforeEach
    void start() throws IOException {
        running = newServer(dir);
    }

    @AfterEach
    void stop() {
        running.close();
    }

    /** A raw RESP connection. */
    final class Raw implements AutoCloseable {
        final Socket socket = new Socket();
        final OutputStream out;
        final InputStream in;

        Raw() throws IOException {
            socket.connect(running.server.respAddress(), (int) RunningServer.WAIT.toMillis());
            socket.setSoTimeout((int) RunningServer.WAIT.toMillis());
            out = socket.getOutputStream();
            in = socket.getInputStream();
        }

        Raw send(String text) throws IOException {
            out.write(text.getBytes(StandardCharsets.UTF_8));
            out.flush();
            return this;
        }

        /** Reads exactly as many bytes as {@code expected} has and returns them as text. */
        String read(String expected) throws IOException {
            byte[] bytes = in.readNBytes(expected.getBytes(StandardCharsets.UTF_8).length);
            return new String(bytes, StandardCharsets.UTF_8);
        }

        /** Reads one line, CRLF included. */
        String line() throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            int b;
            while ((b = in.read()) != -1) {
                line.write(b);
                if (b == '\n') {
                    break;
                }
            }
            return line.toString(StandardCharsets.UTF_8);
        }

        boolean isClosedByServer() throws IOException {
            try {
                return in.read() == -1;
            } catch (SocketException reset) {
                return true; // the server closed with our unread bytes in its buffer: a reset
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    private void assertStillServing() throws IOException {
        try (Raw raw = new Raw()) {
            raw.send("*1\r\n$4\r\nPING\r\n");
            assertEquals("+PONG\r\n", raw.line());
        }
    }

    private void assertRefusedAndClosed(String input, String error) throws IOException {
        try (Raw raw = new Raw()) {
            raw.send(input);
            assertEquals(error, raw.line());
            assertTrue(raw.isClosedByServer());
        }
        assertStillServing();
    }

    @Test
    void shouldAnswerInlineCommandsAsTelnetSendsThem() throws IOException {
        try (Raw raw = new Raw()) {
            raw.send("PING\r\nSET greeting  hello\r\n\r\nget greeting\nEXISTS greeting nope\r\n");
            String expected = "+PONG\r\n+OK\r\n$5\r\nhello\r\n:1\r\n";
            assertEquals(expected, raw.read(expected));
        }
    }

    @Test
    void shouldAnswerPipelinedRequestsInOrderWhateverTheReadBoundaries() throws IOException {
        StringBuilder requests = new StringBuilder();
        StringBuilder replies = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            String key = "k" + i;
            String value = "v".repeat(i % 50);
            requests.append("*3\r\n$3\r\nSET\r\n$").append(key.length()).append("\r\n").append(key).append("\r\n$")
                    .append(value.length()).append("\r\n").append(value).append("\r\n");
            requests.append("*2\r\n$3\r\nGET\r\n$").append(key.length()).append("\r\n").append(key).append("\r\n");
            replies.append("+OK\r\n$").append(value.length()).append("\r\n").append(value).append("\r\n");
        }
        byte[] bytes = requests.toString().getBytes(StandardCharsets.UTF_8);
        try (Raw raw = new Raw()) {
            Random random = new Random(15);
            for (int at = 0; at < bytes.length; ) {
                int n = Math.min(bytes.length - at, 1 + random.nextInt(700)); // cut anywhere, a header included
                raw.out.write(bytes, at, n);
                raw.out.flush();
                at += n;
            }
            assertEquals(replies.toString(), raw.read(replies.toString()));
        }
    }

    @Test
    void shouldRefuseAMultibulkCountThatIsNotANumber() throws IOException {
        assertRefusedAndClosed("*abc\r\n", "-ERR Protocol error: invalid multibulk length\r\n");
    }

    @Test
    void shouldRefuseAnArgumentThatIsNotABulkString() throws IOException {
        assertRefusedAndClosed("*2\r\n$3\r\nGET\r\n:1\r\n", "-ERR Protocol error: expected '$', got ':'\r\n");
    }

    @Test
    void shouldRefuseANegativeBulkLength() throws IOException {
        assertRefusedAndClosed("*2\r\n$3\r\nGET\r\n$-5\r\n", "-ERR Protocol error: invalid bulk length\r\n");
    }

    @Test
    void shouldRefuseABulkStringOverTheLimitsBeforeItsBytesCome() throws IOException {
        assertRefusedAndClosed("*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$99999999\r\n",
                "-ERR Protocol error: bulk string of 99999999 bytes is over this server's limit of "
                        + RunningServer.MAX_VALUE + " bytes (--max-value, --max-key)\r\n");
    }

    @Test
    void shouldRefuseAnInlineLineOverTheLimit() throws IOException {
        assertRefusedAndClosed("x".repeat(RespParser.MAX_INLINE_BYTES + 10),
                "-ERR Protocol error: too big inline request\r\n");
    }

    @Test
    void shouldRefuseABulkStringNotEndedByCrlf() throws IOException {
        assertRefusedAndClosed("*1\r\n$4\r\nPINGxx", "-ERR Protocol error: bulk string not followed by CRLF\r\n");
    }

    @Test
    void shouldRefuseAValueOverTheLimitButUnderTheBulkLimitAndServeOn() throws IOException {
        // max-key 512 < max-value 1024: a 600-byte key is a legal bulk string but not a legal key
        String key = "k".repeat(600);
        try (Raw raw = new Raw()) {
            raw.send("*2\r\n$3\r\nGET\r\n$600\r\n" + key + "\r\n*1\r\n$4\r\nPING\r\n");
            assertEquals("-ERR key of 600 bytes is over this server's limit of 512 bytes (--max-key)\r\n", raw.line());
            assertEquals("+PONG\r\n", raw.line());
        }
    }

    @Test
    void shouldAnswerWrongArityAndUnknownCommandsWithErrorsAndServeOn() throws IOException {
        try (Raw raw = new Raw()) {
            raw.send("*1\r\n$3\r\nGET\r\n*2\r\n$5\r\nFLUSH\r\n$3\r\nall\r\nDEL\r\nPING\r\n");
            assertEquals("-ERR wrong number of arguments for 'get' command\r\n", raw.line());
            assertEquals("-ERR unknown command 'FLUSH', with args beginning with: 'all' \r\n", raw.line());
            assertEquals("-ERR wrong number of arguments for 'del' command\r\n", raw.line());
            assertEquals("+PONG\r\n", raw.line());
        }
    }

    @Test
    void shouldSkipEmptyArraysAndCloseAfterQuit() throws IOException {
        try (Raw raw = new Raw()) {
            raw.send("*0\r\n*-1\r\nPING\r\nQUIT\r\nPING\r\n");
            assertEquals("+PONG\r\n", raw.line());
            assertEquals("+OK\r\n", raw.line());
            assertTrue(raw.isClosedByServer());
        }
        assertStillServing();
    }

    @Test
    void shouldSurviveRandomGarbageAndServeOtherClientsMeanwhile() throws IOException {
        Random random = new Random(42);
        try (Raw bystander = new Raw()) {
            for (int round = 0; round < 50; round++) {
                byte[] garbage = new byte[1 + random.nextInt(2_000)];
                random.nextBytes(garbage);
                if (round % 2 == 0) {
                    garbage[0] = (byte) (round % 4 == 0 ? '*' : '$');
                }
                try (Raw raw = new Raw()) {
                    raw.out.write(garbage);
                    raw.out.flush();
                    raw.socket.shutdownOutput();
                    raw.in.readAllBytes(); // whatever it answers, until it closes or we are done
                } catch (SocketException reset) {
                    // closed on us with bytes unread: also fine
                }
                bystander.send("PING\r\n");
                assertEquals("+PONG\r\n", bystander.line());
            }
        }
        assertStillServing();
    }
}

package org.allocpool.kv.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.user.FlyweightUserCodec;
import org.allocpool.kv.user.User;
import org.allocpool.kv.user.UserGenerator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real server over loopback: every test waits on its sockets. Raw connections time out their reads;
 * {@link KvClient} does not, so a hang is ended by the timeout, whose {@code @AfterEach} then closes
 * the server and with it the connection the test was blocked on.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BinaryServerTest {

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

    /** A raw connection, to send what KvClient never would. */
    final class RawConnection implements AutoCloseable {
        final Socket socket = new Socket();
        final DataOutputStream out;
        final DataInputStream in;

        RawConnection() throws IOException {
            socket.connect(running.server.tcpAddress(), (int) RunningServer.WAIT.toMillis());
            socket.setSoTimeout((int) RunningServer.WAIT.toMillis()); // a hang fails the test instead of blocking the build
            out = new DataOutputStream(socket.getOutputStream());
            in = new DataInputStream(socket.getInputStream());
        }

        /** Reads one reply: its status, then its value as text. */
        String reply() throws IOException {
            int length = in.readInt();
            int status = in.readUnsignedByte();
            byte[] value = in.readNBytes(length - 1);
            return BinaryProtocol.statusName(status) + ": " + new String(value, StandardCharsets.UTF_8);
        }

        boolean isClosedByServer() throws IOException {
            return in.read() == -1;
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    @Test
    void shouldPutGetAndDeleteWithTheirStatusBytes() throws IOException {
        try (KvClient client = running.client()) {
            byte[] dst = new byte[64];
            assertEquals(MappedStore.ABSENT, client.get(1, dst));
            assertEquals(BinaryProtocol.STATUS_NOT_FOUND, client.status());
            client.put(1, new byte[] {1, 2, 3});
            assertEquals(BinaryProtocol.STATUS_OK, client.status());
            assertEquals(3, client.get(1, dst));
            assertEquals(BinaryProtocol.STATUS_OK, client.status());
            assertArrayEquals(new byte[] {1, 2, 3}, java.util.Arrays.copyOf(dst, 3));
            client.put(1, new byte[] {9});
            assertArrayEquals(new byte[] {9}, client.get(1));
            assertTrue(client.delete(1));
            assertEquals(BinaryProtocol.STATUS_OK, client.status());
            assertFalse(client.delete(1));
            assertEquals(BinaryProtocol.STATUS_NOT_FOUND, client.status());
            assertNull(client.get(1));
            client.put(2, new byte[0]);
            assertArrayEquals(new byte[0], client.get(2), "an empty value is a value");
        }
    }

    @Test
    void shouldReturnTheBytesPutByteIdentical() throws IOException {
        Random random = new Random(7);
        try (KvClient client = running.client()) {
            byte[][] values = new byte[200][];
            for (int key = 0; key < values.length; key++) {
                values[key] = new byte[random.nextInt(RunningServer.MAX_VALUE + 1)];
                random.nextBytes(values[key]);
                client.put(key * 7919L - 100_000, values[key]);
            }
            for (int key = 0; key < values.length; key++) {
                assertArrayEquals(values[key], client.get(key * 7919L - 100_000), "key " + key);
            }
        }
    }

    @Test
    void shouldServeAUserPutOverTcpAsJsonOverHttp() throws IOException {
        User user = UserGenerator.user(1234);
        byte[] bytes = new FlyweightUserCodec().encode(user);
        try (KvClient client = running.client()) {
            client.put(1234, bytes);
        }
        HttpResponse<String> get = running.send("GET", "/users/1234", null);
        assertEquals(200, get.statusCode(), get.body());
        assertEquals(UserJson.MAPPER.readTree(UserJson.write(user)), UserJson.MAPPER.readTree(get.body()));
    }

    @Test
    void shouldServeAUserPutOverHttpAsTheSameBytesOverTcp() throws IOException {
        User user = UserGenerator.user(77);
        running.send("PUT", "/users/77", new String(UserJson.write(user), StandardCharsets.UTF_8));
        try (KvClient client = running.client()) {
            assertArrayEquals(new FlyweightUserCodec().encode(user), client.get(77));
        }
    }

    @Test
    void shouldAnswerHttp422ForBytesThatAreNotAUser() throws IOException {
        try (KvClient client = running.client()) {
            client.put(5, "not a user".getBytes(StandardCharsets.UTF_8));
        }
        HttpResponse<String> get = running.send("GET", "/users/5", null);
        assertEquals(422, get.statusCode(), get.body());
        assertTrue(get.body().contains("not a user in the flyweight layout"), get.body());
    }

    @Test
    void shouldRefuseAnUnknownOpAndServeTheConnectionOn() throws IOException {
        try (RawConnection raw = new RawConnection()) {
            raw.out.writeInt(BinaryProtocol.REQUEST_HEADER);
            raw.out.writeByte(9);
            raw.out.writeLong(1);
            raw.out.writeInt(BinaryProtocol.REQUEST_HEADER + 1);
            raw.out.writeByte(BinaryProtocol.OP_GET);
            raw.out.writeLong(1);
            raw.out.writeByte(0);
            raw.out.writeInt(BinaryProtocol.REQUEST_HEADER);
            raw.out.writeByte(BinaryProtocol.OP_GET);
            raw.out.writeLong(1);
            raw.out.flush();
            assertEquals("BAD_REQUEST: unknown op 9; allowed: 1 (GET), 2 (PUT), 3 (DELETE)", raw.reply());
            assertEquals("BAD_REQUEST: GET carries no value", raw.reply());
            assertEquals("NOT_FOUND: ", raw.reply(), "the connection is served on");
        }
    }

    @Test
    void shouldCloseAConnectionSendingANegativeLengthAndServeTheOthers() throws IOException {
        try (KvClient other = running.client(); RawConnection raw = new RawConnection()) {
            other.put(1, new byte[] {1});
            raw.out.writeInt(-5);
            raw.out.flush();
            assertEquals("BAD_FRAME: frame length -5 is under 9 (op and key); closing the connection", raw.reply());
            assertTrue(raw.isClosedByServer());
            assertArrayEquals(new byte[] {1}, other.get(1), "the other connection is served on");
        }
    }

    @Test
    void shouldCloseAConnectionSendingAShortFrame() throws IOException {
        try (RawConnection raw = new RawConnection()) {
            raw.out.writeInt(3);
            raw.out.writeByte(BinaryProtocol.OP_GET);
            raw.out.flush();
            assertTrue(raw.reply().startsWith("BAD_FRAME: frame length 3 is under 9"));
            assertTrue(raw.isClosedByServer());
        }
    }

    @Test
    void shouldCloseAConnectionSendingAnOversizedFrameAndServeTheOthers() throws IOException {
        int max = ServerConfig.frameFor(RunningServer.MAX_VALUE);
        try (KvClient other = running.client(); RawConnection raw = new RawConnection()) {
            raw.out.writeInt(max + 1);
            raw.out.flush();
            assertEquals("TOO_LARGE: frame length " + (max + 1) + " is over the maximum of " + max
                    + "; closing the connection", raw.reply());
            assertTrue(raw.isClosedByServer());
            other.put(2, new byte[] {2});
            assertArrayEquals(new byte[] {2}, other.get(2), "the other connection is served on");
        }
    }

    @Test
    void shouldRefuseAValueOverTheStoreLimitAndServeOn() throws IOException {
        try (RunningServer big = new RunningServer(dir.resolve("big"), RunningServer.MAX_VALUE, 4 * RunningServer.MAX_VALUE);
             KvClient client = big.client()) {
            KvReplyException refused = assertThrows(KvReplyException.class,
                    () -> client.put(1, new byte[RunningServer.MAX_VALUE + 1]));
            assertEquals(BinaryProtocol.STATUS_TOO_LARGE, refused.status());
            assertTrue(refused.getMessage().contains((RunningServer.MAX_VALUE + 1) + " bytes"), refused.getMessage());
            assertEquals(MappedStore.ABSENT, client.get(1, new byte[8]), "nothing stored, connection served on");
        }
    }

    @Test
    void shouldAnswerPipelinedRequestsInOrder() throws IOException {
        try (RawConnection raw = new RawConnection()) {
            for (int key = 0; key < 100; key++) {
                raw.out.writeInt(BinaryProtocol.REQUEST_HEADER + 1);
                raw.out.writeByte(BinaryProtocol.OP_PUT);
                raw.out.writeLong(key);
                raw.out.writeByte(key);
                raw.out.writeInt(BinaryProtocol.REQUEST_HEADER);
                raw.out.writeByte(BinaryProtocol.OP_GET);
                raw.out.writeLong(key);
            }
            raw.out.flush();
            for (int key = 0; key < 100; key++) {
                assertEquals("OK: ", raw.reply());
                assertEquals("OK: " + (char) key, raw.reply());
            }
        }
    }

    @Test
    void shouldCountRequestsServed() throws IOException {
        try (KvClient client = running.client()) {
            client.put(1, new byte[] {1});
            client.get(1);
            client.delete(1);
        }
        assertEquals(3, running.server.requestsServed());
    }
}

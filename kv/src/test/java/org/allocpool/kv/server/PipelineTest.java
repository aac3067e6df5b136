package org.allocpool.kv.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.allocpool.kv.store.MappedStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pipelined requests over a real server: {@link KvClient}'s queue and read methods, and raw frames for
 * what the client never sends. As in {@link BinaryServerTest}, a hang is ended by the timeout.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PipelineTest {

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

    static byte[] value(int key, int length) {
        byte[] value = new byte[length];
        Arrays.fill(value, (byte) key);
        value[0] = (byte) (key >>> 8);
        return value;
    }

    @Test
    void shouldAnswerMixedPipelinedRequestsInOrderWithTheirValues() throws IOException {
        try (KvClient client = running.client()) {
            for (int key = 0; key < 40; key++) {
                client.queuePut(key, value(key, 1 + key), 0, 1 + key);
            }
            for (int key = 0; key < 40; key++) {
                client.queueGet(key);                  // present
                client.queueGet(1_000 + key);          // absent
                client.queueDelete(key % 2 == 0 ? key : 2_000 + key); // present for even keys, absent for odd
                client.queueGet(key);                  // gone for even keys
            }
            assertEquals(200, client.inFlight());
            client.flush();
            for (int key = 0; key < 40; key++) {
                client.readPut();
                assertEquals(BinaryProtocol.STATUS_OK, client.status(), "put " + key);
            }
            byte[] dst = new byte[64];
            for (int key = 0; key < 40; key++) {
                int length = client.readGet(dst);
                assertEquals(1 + key, length, "get of key " + key);
                assertArrayEquals(value(key, 1 + key), Arrays.copyOf(dst, length), "get of key " + key);
                assertEquals(MappedStore.ABSENT, client.readGet(dst), "get of absent key " + (1_000 + key));
                assertEquals(key % 2 == 0, client.readDelete(), "delete " + key);
                int after = client.readGet(dst);
                if (key % 2 == 0) {
                    assertEquals(MappedStore.ABSENT, after, "get of deleted key " + key);
                } else {
                    assertEquals(1 + key, after, "get of kept key " + key);
                }
            }
            assertEquals(0, client.inFlight());
            assertEquals(20, running.store.size(), "the odd keys stay");
        }
    }

    /**
     * 2,000 PUTs of 400 bytes are 826,000 bytes of requests: many reads of the server's buffer (at most
     * 64 KiB per read), with frames cut across reads. Their replies are 10,000 bytes, so the server never
     * stops reading for want of a reader. The 2,000 GETs are only 26,000 bytes, which the socket buffers
     * take whole even when the server pauses reading because their 810,000 bytes of replies are not yet read.
     */
    @Test
    void shouldAnswerAPipelineDeeperThanTheServersReadBuffer() throws IOException {
        int count = 2_000;
        int size = 400;
        try (KvClient client = running.client()) {
            for (int key = 0; key < count; key++) {
                client.queuePut(key, value(key, size), 0, size);
            }
            for (int key = 0; key < count; key++) {
                client.readPut();
            }
            for (int key = 0; key < count; key++) {
                client.queueGet(key);
            }
            byte[] dst = new byte[size];
            for (int key = 0; key < count; key++) {
                assertEquals(size, client.readGet(dst), "key " + key);
                assertArrayEquals(value(key, size), dst, "key " + key);
            }
        }
        assertEquals(count, running.store.size());
        assertEquals(2L * count, running.server.requestsServed());
    }

    /** A value over the store's limit in a frame under the server's: a well-framed bad request, served on. */
    @Test
    void shouldKeepAPipelineInStepAfterAnErrorReply() throws IOException {
        int maxFrame = 4 * RunningServer.MAX_VALUE;
        try (RunningServer big = new RunningServer(dir.resolve("big"), RunningServer.MAX_VALUE, maxFrame);
             KvClient client = big.client()) {
            client.queuePut(1, new byte[] {1}, 0, 1);
            client.queuePut(2, new byte[RunningServer.MAX_VALUE + 1], 0, RunningServer.MAX_VALUE + 1);
            client.queueGet(1);
            client.queueGet(2);
            client.readPut();
            KvReplyException refused = assertThrows(KvReplyException.class, client::readPut);
            assertEquals(BinaryProtocol.STATUS_TOO_LARGE, refused.status());
            byte[] dst = new byte[8];
            assertEquals(1, client.readGet(dst), "the reply after the refusal is the next request's");
            assertEquals(1, dst[0]);
            assertEquals(MappedStore.ABSENT, client.readGet(dst), "the refused value was not stored");
            assertEquals(0, client.inFlight());
        }
    }

    @Test
    void shouldRefuseAValueLongerThanTheArrayNamingItsKeyAndReadTheNextReply() throws IOException {
        try (KvClient client = running.client()) {
            client.put(3, new byte[10]);
            client.queueGet(3);
            client.queueGet(4);
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> client.readGet(new byte[4]));
            assertEquals("value of key 3 is 10 bytes, over the 4 of the array given", refused.getMessage());
            assertEquals(MappedStore.ABSENT, client.readGet(new byte[4]), "the next reply is key 4's");
        }
    }

    @Test
    void shouldSendTheEarlierRepliesThenCloseOnABadFrameInAPipeline() throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(running.server.tcpAddress(), (int) RunningServer.WAIT.toMillis());
            socket.setSoTimeout((int) RunningServer.WAIT.toMillis());
            DataOutputStream out = new DataOutputStream(socket.getOutputStream());
            DataInputStream in = new DataInputStream(socket.getInputStream());
            out.writeInt(BinaryProtocol.REQUEST_HEADER + 1);
            out.writeByte(BinaryProtocol.OP_PUT);
            out.writeLong(7);
            out.writeByte(42);
            out.writeInt(BinaryProtocol.REQUEST_HEADER);
            out.writeByte(BinaryProtocol.OP_GET);
            out.writeLong(7);
            out.writeInt(BinaryProtocol.REQUEST_HEADER);
            out.writeByte(BinaryProtocol.OP_GET);
            out.writeLong(8);
            out.writeInt(2);                                 // a bad frame: shorter than op and key
            out.writeInt(BinaryProtocol.REQUEST_HEADER);     // never answered: the stream cannot be trusted
            out.writeByte(BinaryProtocol.OP_DELETE);
            out.writeLong(7);
            out.flush();
            assertEquals("OK: ", reply(in));
            assertEquals("OK: *", reply(in));
            assertEquals("NOT_FOUND: ", reply(in));
            assertEquals("BAD_FRAME: frame length 2 is under 9 (op and key); closing the connection", reply(in));
            assertEquals(-1, in.read(), "the server closed the connection");
        }
        try (KvClient other = running.client()) {
            assertArrayEquals(new byte[] {42}, other.get(7),
                    "the PUT before the bad frame was run, the DELETE after it not");
        }
    }

    private static String reply(DataInputStream in) throws IOException {
        int length = in.readInt();
        int status = in.readUnsignedByte();
        byte[] value = in.readNBytes(length - 1);
        return BinaryProtocol.statusName(status) + ": " + new String(value, StandardCharsets.UTF_8);
    }

    @Test
    void shouldRefuseAOneAtATimeRequestWhileRepliesAreUnread() throws IOException {
        try (KvClient client = running.client()) {
            client.queuePut(1, new byte[] {1}, 0, 1);
            IllegalStateException refused = assertThrows(IllegalStateException.class, () -> client.get(1, new byte[8]));
            assertEquals("1 pipelined requests are in flight: read their replies before a one-at-a-time request",
                    refused.getMessage());
            client.readPut();
            assertArrayEquals(new byte[] {1}, client.get(1), "once read, one at a time works again");
        }
    }

    @Test
    void shouldRefuseToReadAReplyAsAnotherOpsOrWithNoneInFlight() throws IOException {
        try (KvClient client = running.client()) {
            assertEquals("no request in flight to read the reply of",
                    assertThrows(IllegalStateException.class, client::readPut).getMessage());
            client.queueDelete(5);
            assertEquals("the oldest request in flight is a DELETE, not a GET",
                    assertThrows(IllegalStateException.class, () -> client.readGet(new byte[8])).getMessage());
            assertEquals(1, client.inFlight(), "a refused read leaves the reply to be read");
            assertFalse(client.readDelete());
        }
    }

    @Test
    void shouldSayWhenAReplyHasArrived() throws IOException {
        try (KvClient client = running.client()) {
            assertFalse(client.isReplyBuffered(), "nothing in flight");
            client.queuePut(1, new byte[] {1}, 0, 1);
            client.queuePut(2, new byte[] {2}, 0, 1);
            client.flush();
            client.readPut(); // both replies come in one flush of the server, and one read of the client
            assertTrue(client.isReplyBuffered(), "the second reply came with the first");
            client.readPut();
            assertFalse(client.isReplyBuffered(), "nothing in flight");
        }
    }
}

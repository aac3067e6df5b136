package org.allocpool.kv.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.util.ResourceLeakDetector;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.allocpool.kv.store.Durability;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.store.StoreConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the RESP hot path allocates on the server, measured: the bytes its event-loop thread
 * allocated (the JVM's per-thread counter) over many GETs and SETs of small values from a real
 * client over loopback, divided by the requests. The client and the test thread are not counted.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RespAllocationTest {

    private static final int KEYS = 1_000;
    private static final String VALUE = "v".repeat(64);

    @TempDir
    Path dir;
    MappedStore store;
    KvServer server;
    ResourceLeakDetector.Level level;

    @BeforeEach
    void start() throws IOException {
        level = ResourceLeakDetector.getLevel();
        // As kv serve runs: the leak detector samples 1 buffer in 128 and records where it came from.
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        // room for every SET below without a growth (a growth allocates its new mapping)
        store = MappedStore.open(dir, new StoreConfig(1 << 16, 1024, Durability.ASYNC));
        server = KvServer.start(store, new ServerConfig("127.0.0.1", 0, 0, 2048, 8192, 1).withRespPort(0));
    }

    @AfterEach
    void stop() {
        server.close();
        store.close();
        ResourceLeakDetector.setLevel(level);
    }

    /** Bytes allocated so far by the live kv-worker threads (this test's server has one). */
    private static long workerAllocatedBytes() {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().startsWith(KvServer.WORKER_THREAD_NAME)) {
                sum += Math.max(0, threads.getThreadAllocatedBytes(thread.threadId()));
            }
        }
        return sum;
    }

    /** A batch of {@code size} requests, SET and GET in turn over the keys, and the replies it must get. */
    private static byte[][] batch(int first, int size) {
        StringBuilder requests = new StringBuilder();
        StringBuilder replies = new StringBuilder();
        for (int i = first; i < first + size; i += 2) {
            String key = "key:" + (i % KEYS);
            requests.append(RespText.command("SET", key, VALUE)).append(RespText.command("GET", key));
            replies.append("+OK\r\n$").append(VALUE.length()).append("\r\n").append(VALUE).append("\r\n");
        }
        return new byte[][] {requests.toString().getBytes(StandardCharsets.US_ASCII),
            replies.toString().getBytes(StandardCharsets.US_ASCII)};
    }

    /** Sends {@code rounds} batches of {@code size} requests, each after the last one's replies; the bytes the server allocated per request. */
    private double allocatedPerRequest(Socket socket, int rounds, int size) throws IOException {
        byte[][][] batches = new byte[KEYS / size + 1][][];
        for (int b = 0; b < batches.length; b++) {
            batches[b] = batch(b * size, size);
        }
        OutputStream out = socket.getOutputStream();
        InputStream in = socket.getInputStream();
        byte[] received = new byte[batches[0][1].length];
        long before = workerAllocatedBytes();
        for (int round = 0; round < rounds; round++) {
            byte[][] batch = batches[round % batches.length];
            out.write(batch[0]);
            out.flush();
            if (in.readNBytes(received, 0, batch[1].length) != batch[1].length) {
                throw new IOException("the server closed the connection");
            }
            if (round % 97 == 0) {
                assertArrayEquals(batch[1], java.util.Arrays.copyOf(received, batch[1].length));
            }
        }
        return (double) (workerAllocatedBytes() - before) / ((long) rounds * size);
    }

    private Socket connect() throws IOException {
        Socket socket = new Socket();
        socket.connect(server.respAddress(), (int) RunningServer.WAIT.toMillis());
        socket.setSoTimeout((int) RunningServer.WAIT.toMillis());
        socket.setTcpNoDelay(true);
        return socket;
    }

    /**
     * The whole server over loopback. Netty's NIO transport with the JDK's selector allocates some
     * tens of bytes per read and write of a connection, whatever the protocol (the binary protocol,
     * one request per read, measured about 70 bytes per request the same way), so this counts
     * requests pipelined 100 to a batch: the transport's share is under a byte per request (0.7
     * measured), and a single object per request (16 bytes or more) would break the bound.
     */
    @Test
    void shouldAllocateNoObjectPerPipelinedGetOrSetOnceWarm() throws IOException {
        try (Socket socket = connect()) {
            allocatedPerRequest(socket, 4_000, 100); // warm: JIT, pooled buffers' thread caches
            double perRequest = allocatedPerRequest(socket, 4_000, 100);
            assertTrue(perRequest < 4.0, perRequest + " bytes allocated per pipelined request once warm");
            System.out.printf("RESP, 100 requests per batch: %.3f bytes allocated per request on the server%n",
                    perRequest);
        }
    }

    /**
     * The handler's own work, without the transport: parse and run pipelined GETs and SETs straight
     * from a pooled direct buffer (what a socket read gives), replies into pooled buffers released as
     * Netty would, on a Netty thread (whose pooled-buffer caches the server's threads have too).
     */
    @Test
    void shouldAllocateNothingPerRequestInTheParserAndCommands() throws InterruptedException {
        RespParser parser = new RespParser(1024, 4 << 20);
        RespCommands commands = new RespCommands(store, new RespServerCommands(store));
        byte[] requests = batch(0, 100)[0];
        io.netty.buffer.ByteBuf in = KvServer.ALLOCATOR.directBuffer(requests.length);
        in.writeBytes(requests);
        RespRequest request = new RespRequest();
        java.util.function.IntSupplier run = () -> {
            int served = 0;
            in.readerIndex(0);
            io.netty.buffer.ByteBuf out = KvServer.ALLOCATOR.ioBuffer(RespRequestHandler.REPLY_BUFFER_BYTES);
            try {
                for (int length; (length = parser.parse(in, request)) > 0; in.skipBytes(length)) {
                    commands.execute(request, out);
                    served++;
                }
            } catch (RespProtocolException e) {
                throw new AssertionError(e);
            } finally {
                out.release();
            }
            return served;
        };
        int rounds = 20_000;
        double perRequest = StoreRequestsTest.onNettyThread(() -> {
            for (int i = 0; i < rounds; i++) {
                run.getAsInt();
            }
            long before = org.allocpool.metrics.alloc.AllocationCounter.currentThreadAllocatedBytes();
            long served = 0;
            for (int i = 0; i < rounds; i++) {
                served += run.getAsInt();
            }
            return (double) (org.allocpool.metrics.alloc.AllocationCounter.currentThreadAllocatedBytes() - before)
                    / served;
        });
        in.release();
        // Under one byte per request: no object per request (the smallest is 16 bytes).
        assertTrue(perRequest < 1.0, perRequest + " bytes allocated per request by parser and commands");
        System.out.printf("RESP parser and commands: %.4f bytes allocated per request%n", perRequest);
    }

    @Test
    void shouldServeTheBatchesTheMeasurementsSend() throws IOException {
        try (Socket socket = connect()) {
            allocatedPerRequest(socket, 10, 100); // the replies are checked inside
            assertTrue(store.size() > 0);
        }
    }
}

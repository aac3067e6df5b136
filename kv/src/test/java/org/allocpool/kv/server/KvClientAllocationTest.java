package org.allocpool.kv.server;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.user.FlyweightUserCodec;
import org.allocpool.kv.user.UserGenerator;
import org.allocpool.metrics.alloc.AllocationCounter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bytes the client's thread allocates per request, one at a time and pipelined, over a real server:
 * the thread's allocated-bytes counter, read around many requests once warm. Only the client's thread
 * is counted (the server's event loops have their own test, {@link StoreRequestsTest}).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class KvClientAllocationTest {

    static final int WARMUP = 30_000;
    static final int MEASURED = 30_000;
    static final int DEPTH = 16;
    static final byte[] USER = new FlyweightUserCodec().encode(UserGenerator.user(42));

    @TempDir
    Path dir;
    RunningServer running;

    @BeforeEach
    void start() throws IOException {
        running = new RunningServer(dir);
    }

    @AfterEach
    void stop() {
        running.close();
    }

    /** {@code rounds} of GET hit, GET miss, PUT, DELETE of an absent key, one at a time. */
    static double oneAtATime(KvClient client, byte[] dst, int rounds) throws IOException {
        long before = AllocationCounter.currentThreadAllocatedBytes();
        for (int i = 0; i < rounds; i++) {
            client.get(42, dst);
            client.get(7, dst);
            client.put(42, USER, 0, USER.length);
            client.delete(8);
        }
        return (double) (AllocationCounter.currentThreadAllocatedBytes() - before) / (4L * rounds);
    }

    /**
     * {@code rounds} requests (GET hit, GET miss, PUT, DELETE in turn) with {@link #DEPTH} in flight,
     * as the bench keeps them: read one reply and those already received, refill in one write.
     */
    static double pipelined(KvClient client, byte[] dst, int rounds) throws IOException {
        long before = AllocationCounter.currentThreadAllocatedBytes();
        long queued = 0;
        long answered = 0;
        while (answered < rounds) {
            for (; queued - answered < DEPTH && queued < rounds; queued++) {
                switch ((int) (queued % 4)) {
                    case 0 -> client.queueGet(42);
                    case 1 -> client.queueGet(7);
                    case 2 -> client.queuePut(42, USER, 0, USER.length);
                    default -> client.queueDelete(8);
                }
            }
            client.flush();
            do {
                switch ((int) (answered % 4)) {
                    case 0, 1 -> client.readGet(dst);
                    case 2 -> client.readPut();
                    default -> client.readDelete();
                }
                answered++;
            } while (client.isReplyBuffered());
        }
        return (double) (AllocationCounter.currentThreadAllocatedBytes() - before) / rounds;
    }

    @Test
    void shouldAllocateNothingPerRequestOneAtATime() throws IOException {
        try (KvClient client = running.client()) {
            byte[] dst = new byte[256];
            client.put(42, USER);
            oneAtATime(client, dst, WARMUP / 4);
            double perRequest = oneAtATime(client, dst, MEASURED / 4);
            // Under one byte per request: no object per request (the smallest is 16 bytes).
            assertTrue(perRequest < 1.0, perRequest + " bytes allocated per request once warm");
        }
    }

    @Test
    void shouldAllocateNothingPerPipelinedRequest() throws IOException {
        try (KvClient client = running.client()) {
            byte[] dst = new byte[256];
            client.put(42, USER);
            pipelined(client, dst, WARMUP);
            double perRequest = pipelined(client, dst, MEASURED);
            assertTrue(perRequest < 1.0, perRequest + " bytes allocated per pipelined request once warm");
            assertTrue(running.store.containsKey(42));
        }
        assertTrue(running.server.requestsServed() >= 1 + WARMUP + MEASURED);
    }
}

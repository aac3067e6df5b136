package org.allocpool.kv.server;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.concurrent.FastThreadLocalThread;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.allocpool.kv.store.Durability;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.store.StoreConfig;
import org.allocpool.kv.user.FlyweightUserCodec;
import org.allocpool.kv.user.UserGenerator;
import org.allocpool.metrics.alloc.AllocationCounter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreRequestsTest {

    static final int WARMUP = 50_000;
    static final int MEASURED = 20_000;
    static final int PUT_WARMUP = 20_000;
    static final int PUT_MEASURED = 10_000;
    static final byte[] USER = new FlyweightUserCodec().encode(UserGenerator.user(42));
    /** A measurement takes about a second on a quiet 2-core machine; the wait for it is bounded all the same. */
    static final Duration MEASUREMENT_WAIT = Duration.ofMinutes(2);

    @TempDir
    Path dir;

    static ByteBuf frame(ByteBuf frame, byte op, long key, byte[] value) {
        frame.writeByte(op).writeLong(key);
        if (value != null) {
            frame.writeBytes(value);
        }
        return frame;
    }

    /** Bytes allocated per request by {@code rounds} executions of each frame, replies released as Netty would. */
    static double allocatedPerRequest(StoreRequests requests, ByteBufAllocator alloc, int rounds, ByteBuf... frames) {
        long before = AllocationCounter.currentThreadAllocatedBytes();
        for (int i = 0; i < rounds; i++) {
            for (ByteBuf frame : frames) {
                requests.execute(frame, alloc).release();
            }
        }
        return (double) (AllocationCounter.currentThreadAllocatedBytes() - before) / (rounds * frames.length);
    }

    /** Runs {@code measurement} on a Netty thread (its buffer caches are per such thread), as the event loop would. */
    static double onNettyThread(java.util.function.DoubleSupplier measurement) throws InterruptedException {
        AtomicReference<Double> result = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread thread = new FastThreadLocalThread(() -> {
            try {
                result.set(measurement.getAsDouble());
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        thread.start();
        if (!thread.join(MEASUREMENT_WAIT)) {
            throw new AssertionError("the measurement did not end in " + MEASUREMENT_WAIT.toSeconds() + " s");
        }
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        return result.get();
    }

    /** A store big enough that the puts of a test never make it grow (growth copies, and allocates). */
    MappedStore store() throws IOException {
        return MappedStore.open(dir, new StoreConfig(1 << 17, 4096, Durability.ASYNC));
    }

    /** Each PUT read into a fresh pooled direct buffer and sliced, as a socket read and FrameDecoder do. */
    static double freshReads(StoreRequests requests, int rounds) {
        long before = AllocationCounter.currentThreadAllocatedBytes();
        for (int i = 0; i < rounds; i++) {
            ByteBuf read = frame(KvServer.ALLOCATOR.directBuffer(1024), BinaryProtocol.OP_PUT, 45, USER);
            ByteBuf slice = read.readRetainedSlice(read.readableBytes());
            read.release();
            requests.execute(slice, KvServer.ALLOCATOR).release();
            slice.release();
        }
        return (double) (AllocationCounter.currentThreadAllocatedBytes() - before) / rounds;
    }

    @Test
    void shouldAllocateNothingPerGetOrDeleteOnceWarm() throws IOException, InterruptedException {
        ResourceLeakDetector.Level level = ResourceLeakDetector.getLevel();
        // As kv serve runs: Netty's leak detector samples 1 buffer in 128 and records where it came from.
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        try (MappedStore store = store()) {
            StoreRequests requests = new StoreRequests(store);
            store.put(42, USER, 0, USER.length);
            ByteBuf[] frames = {
                frame(Unpooled.directBuffer(), BinaryProtocol.OP_GET, 42, null),
                frame(Unpooled.directBuffer(), BinaryProtocol.OP_GET, 7, null),    // a miss
                frame(Unpooled.directBuffer(), BinaryProtocol.OP_DELETE, 43, null),
            };
            double perRequest = onNettyThread(() -> {
                allocatedPerRequest(requests, KvServer.ALLOCATOR, WARMUP, frames);
                return allocatedPerRequest(requests, KvServer.ALLOCATOR, MEASURED, frames);
            });
            // Under one byte per request: no object per request (the smallest is 16 bytes).
            assertTrue(perRequest < 1.0, perRequest + " bytes allocated per request once warm");
        } finally {
            ResourceLeakDetector.setLevel(level);
        }
    }

    /**
     * A heap frame goes to the store as it is, a frame in direct memory (what a socket read gives) is
     * copied out first: both reach the store through the same call, so the difference between them is
     * the copy's allocation, and must be nothing. The store's own async {@code put} allocates nothing
     * either (the store's own test), so neither kind of PUT allocates per request.
     */
    @Test
    void shouldAllocateNothingPerPutOnceWarm() throws IOException, InterruptedException {
        ResourceLeakDetector.Level level = ResourceLeakDetector.getLevel();
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        try (MappedStore store = store()) {
            StoreRequests requests = new StoreRequests(store);
            ByteBuf onHeap = frame(Unpooled.buffer(), BinaryProtocol.OP_PUT, 43, USER);
            double[] perPut = new double[2];
            onNettyThread(() -> {
                for (int round = 0; round < 2; round++) { // the second round is measured
                    perPut[0] = freshReads(requests, round == 0 ? PUT_WARMUP : PUT_MEASURED);
                    perPut[1] = allocatedPerRequest(requests, KvServer.ALLOCATOR,
                            round == 0 ? PUT_WARMUP : PUT_MEASURED, onHeap);
                }
                return 0;
            });
            String figures = "a PUT read into a pooled direct buffer allocates " + perPut[0]
                    + " bytes, one from a heap buffer (no copy) " + perPut[1];
            assertTrue(perPut[0] - perPut[1] < 1.0, figures);
            assertTrue(perPut[0] < 1.0 && perPut[1] < 1.0, figures);
        } finally {
            ResourceLeakDetector.setLevel(level);
        }
    }
}

package org.allocpool.kv.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.concurrent.FastThreadLocalThread;
import java.io.IOException;
import java.nio.file.Path;
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
        thread.join();
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        return result.get();
    }

    @Test
    void shouldAllocateNothingPerGetPutOrDeleteOnceWarm() throws IOException, InterruptedException {
        ResourceLeakDetector.Level level = ResourceLeakDetector.getLevel();
        // As kv serve runs: Netty's leak detector samples 1 buffer in 128 and records where it came from.
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(1024, 4096, Durability.ASYNC))) {
            StoreRequests requests = new StoreRequests(store);
            byte[] user = new FlyweightUserCodec().encode(UserGenerator.user(42));
            ByteBufAllocator alloc = KvServer.ALLOCATOR;
            ByteBuf[] frames = {
                frame(Unpooled.directBuffer(), BinaryProtocol.OP_PUT, 42, user),   // as read from a socket
                frame(Unpooled.buffer(), BinaryProtocol.OP_PUT, 43, user),         // a heap buffer: no copy
                frame(Unpooled.directBuffer(), BinaryProtocol.OP_GET, 42, null),
                frame(Unpooled.directBuffer(), BinaryProtocol.OP_GET, 7, null),    // a miss
                frame(Unpooled.directBuffer(), BinaryProtocol.OP_DELETE, 43, null),
            };
            double perRequest = onNettyThread(() -> {
                allocatedPerRequest(requests, alloc, WARMUP, frames);
                return allocatedPerRequest(requests, alloc, MEASURED, frames);
            });
            assertEquals(0.0, perRequest, 0.0, "bytes allocated per request once warm");
        } finally {
            ResourceLeakDetector.setLevel(level);
        }
    }
}

package org.allocpool.benchmarks;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.allocpool.memory.pool.BoundedObjectPool;
import org.allocpool.memory.pool.FixedObjectPool;
import org.allocpool.memory.pool.IndexPool;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Getting a 1 KB buffer and giving it back: allocate it fresh (the GC frees it), take it from a
 * fixed pool, from a bounded pool that allocates when empty, or take a slot index from an index
 * pool. {@code held} buffers stay out at any time, as a processor keeps packets queued; run with
 * {@code -prof gc} to see the allocation rate ({@code gc.alloc.rate.norm} is omitted when it is 0).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Thread)
public class PoolBenchmark {

    private static final int BUFFER_SIZE = 1024;

    @Param({"1000", "100000"})
    int held;

    private ByteBuffer[] ring;
    private int[] slots;
    private int next;
    private FixedObjectPool<ByteBuffer> fixed;
    private BoundedObjectPool<ByteBuffer> bounded;
    private IndexPool indices;

    @Setup
    public void setUp() {
        ring = new ByteBuffer[held];
        slots = new int[held];
        fixed = new FixedObjectPool<>(held + 1, i -> ByteBuffer.allocate(BUFFER_SIZE));
        bounded = new BoundedObjectPool<>(held / 2 + 1, () -> ByteBuffer.allocate(BUFFER_SIZE));
        indices = new IndexPool(held + 1);
        for (int i = 0; i < held; i++) {
            ring[i] = ByteBuffer.allocate(BUFFER_SIZE);
            slots[i] = indices.acquire();
        }
    }

    @Benchmark
    public ByteBuffer allocate() {
        ByteBuffer fresh = ByteBuffer.allocate(BUFFER_SIZE);
        return swap(fresh);
    }

    @Benchmark
    public ByteBuffer fixedPool() {
        ByteBuffer oldest = swap(fixed.acquire());
        fixed.release(oldest);
        return oldest;
    }

    @Benchmark
    public ByteBuffer boundedPool() {
        ByteBuffer oldest = swap(bounded.acquire());
        bounded.release(oldest);
        return oldest;
    }

    @Benchmark
    public int indexPool() {
        int slot = indices.acquire();
        int i = next;
        int oldest = slots[i];
        slots[i] = slot;
        next = i + 1 == held ? 0 : i + 1;
        indices.release(oldest);
        return oldest;
    }

    /** Puts {@code fresh} where the oldest held buffer was and returns that one. */
    private ByteBuffer swap(ByteBuffer fresh) {
        int i = next;
        ByteBuffer oldest = ring[i];
        ring[i] = fresh;
        next = i + 1 == held ? 0 : i + 1;
        return oldest;
    }
}

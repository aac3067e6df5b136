package org.allocpool.benchmarks;

import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import org.allocpool.memory.slab.Slab;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Writing a packet header (six ints) into slot {@code i} of an off-heap slab three ways: through
 * the slab's segment at the slot's offset (what {@code flat} did before issue 14), through a new
 * slice segment per packet (what {@code flat} does now: escape analysis removes the slice), and
 * through a {@code ByteBuffer} view made once per slot (what the native strategies do). Big-endian,
 * as the article's {@code ByteBuffer}s.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class SlabBenchmark {

    private static final ValueLayout.OfInt INT_BE = JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    @Param({"1024", "100000"})
    int slots;

    private Slab slab;
    private ByteBuffer[] views;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        slab = new Slab(slots, 1024);
        views = new ByteBuffer[slots];
        for (int i = 0; i < slots; i++) {
            views[i] = slab.slotBuffer(i);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        slab.close();
    }

    private int nextSlot() {
        int i = next;
        next = i + 1 == slots ? 0 : i + 1;
        return i;
    }

    @Benchmark
    public long segmentAtOffset() {
        int i = nextSlot();
        MemorySegment memory = slab.memory();
        long at = slab.slotOffset(i);
        for (int f = 0; f < 6; f++) {
            memory.set(INT_BE, at + 4L * f, i + f);
        }
        return at;
    }

    @Benchmark
    public long sliceSegment() {
        MemorySegment slot = slab.slot(nextSlot());
        for (int f = 0; f < 6; f++) {
            slot.set(INT_BE, 4L * f, f);
        }
        return slot.byteSize();
    }

    @Benchmark
    public int byteBufferView() {
        int i = nextSlot();
        ByteBuffer view = views[i];
        view.clear();
        for (int f = 0; f < 6; f++) {
            view.putInt(i + f);
        }
        return view.position();
    }
}

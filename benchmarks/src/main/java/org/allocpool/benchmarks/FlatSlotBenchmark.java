package org.allocpool.benchmarks;

import static org.allocpool.analyzer.flat.FlatSlotLayout.DST_ADDR;
import static org.allocpool.analyzer.flat.FlatSlotLayout.DST_PORT;
import static org.allocpool.analyzer.flat.FlatSlotLayout.LENGTH;
import static org.allocpool.analyzer.flat.FlatSlotLayout.PACKET_DST_ADDR;
import static org.allocpool.analyzer.flat.FlatSlotLayout.PACKET_DST_PORT;
import static org.allocpool.analyzer.flat.FlatSlotLayout.PACKET_INT;
import static org.allocpool.analyzer.flat.FlatSlotLayout.PACKET_LENGTH;
import static org.allocpool.analyzer.flat.FlatSlotLayout.PACKET_MARKER;
import static org.allocpool.analyzer.flat.FlatSlotLayout.PACKET_PROTOCOL;
import static org.allocpool.analyzer.flat.FlatSlotLayout.PACKET_SHORT;
import static org.allocpool.analyzer.flat.FlatSlotLayout.PACKET_SRC_ADDR;
import static org.allocpool.analyzer.flat.FlatSlotLayout.PACKET_SRC_PORT;
import static org.allocpool.analyzer.flat.FlatSlotLayout.PARSED;
import static org.allocpool.analyzer.flat.FlatSlotLayout.PROTOCOL;
import static org.allocpool.analyzer.flat.FlatSlotLayout.RESULT_INT;
import static org.allocpool.analyzer.flat.FlatSlotLayout.RESULT_SHORT;
import static org.allocpool.analyzer.flat.FlatSlotLayout.SRC_ADDR;
import static org.allocpool.analyzer.flat.FlatSlotLayout.SRC_PORT;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import org.allocpool.analyzer.flat.FlatSlotLayout;
import org.allocpool.analyzer.packet.PacketSource;
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
 * Flat slab access as {@code flat} does it: the fields of slot {@code i} of a slab of
 * {@link FlatSlotLayout} slots (1088 bytes, big-endian), read and written through a slice of the
 * one slot at the layout's constant offsets, as {@code FlatAnalyzer} does (its bounds checks fold
 * into the slice's one check; escape analysis removes the slice). {@code writePacket} writes a packet's header fields
 * and its written length (the stores of {@code FlatAnalyzer.simulate}, without the generator);
 * {@code parsePacket} reads them and writes the parse result (the loads and stores of
 * {@code FlatAnalyzer.parse}). Slots are visited in order, wrapping; {@code slots} sweeps a slab
 * that fits the caches (1024, 1.1 MB) against one that does not (100000, 109 MB). Run with
 * {@code -prof gc}: both should allocate nothing.
 *
 * <p>JMH runs on the class path, so the analyser's unexported {@code flat} and {@code packet}
 * packages are readable here.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class FlatSlotBenchmark {

    @Param({"1024", "100000"})
    int slots;

    private Slab slab;
    private MemorySegment memory;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        slab = new Slab(slots, FlatSlotLayout.SLOT_SIZE);
        memory = slab.memory();
        for (int i = 0; i < slots; i++) {
            write(slot(i), i);
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
    public long writePacket() {
        int i = nextSlot();
        write(slot(i), i);
        return i;
    }

    @Benchmark
    public int parsePacket() {
        // FlatAnalyzer.parse's body: calling a shared static parse from the analyser instead measured
        // 12% slower in the analyser's flat case A (seven alternating pairs), so the benchmark mirrors it
        final MemorySegment m = slot(nextSlot());
        if (m.get(PACKET_INT, PACKET_MARKER) != PacketSource.IP_PROTOCOL) {
            return -1;
        }
        int protocol = m.get(PACKET_INT, PACKET_PROTOCOL);
        m.set(RESULT_INT, SRC_ADDR, m.get(PACKET_INT, PACKET_SRC_ADDR));
        m.set(RESULT_INT, DST_ADDR, m.get(PACKET_INT, PACKET_DST_ADDR));
        m.set(RESULT_SHORT, SRC_PORT, m.get(PACKET_SHORT, PACKET_SRC_PORT));
        m.set(RESULT_SHORT, DST_PORT, m.get(PACKET_SHORT, PACKET_DST_PORT));
        m.set(RESULT_INT, PROTOCOL, protocol);
        m.set(RESULT_INT, PARSED, 1);
        return protocol;
    }

    private MemorySegment slot(int i) {
        return memory.asSlice(slab.slotOffset(i), FlatSlotLayout.SLOT_SIZE);
    }

    private void write(MemorySegment m, int i) {
        m.set(PACKET_INT, PACKET_MARKER, PacketSource.IP_PROTOCOL);
        m.set(PACKET_INT, PACKET_SRC_ADDR, i & 1023);
        m.set(PACKET_INT, PACKET_DST_ADDR, (i + 1) & 1023);
        m.set(PACKET_SHORT, PACKET_SRC_PORT, (short) (i & 1023));
        m.set(PACKET_SHORT, PACKET_DST_PORT, (short) ((i + 2) & 1023));
        m.set(PACKET_INT, PACKET_PROTOCOL, (i & 15) == 0 ? PacketSource.TCP : PacketSource.UDP);
        m.set(PACKET_INT, PACKET_LENGTH, 50 + (i & 63));
        m.set(RESULT_INT, LENGTH, PacketSource.WRITTEN_BYTES);
    }
}

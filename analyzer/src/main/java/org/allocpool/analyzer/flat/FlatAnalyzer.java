package org.allocpool.analyzer.flat;

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
import java.util.Arrays;
import java.util.List;
import org.allocpool.analyzer.StateDigest;
import org.allocpool.analyzer.WorkloadCounts;
import org.allocpool.analyzer.WorkloadShape;
import org.allocpool.analyzer.packet.PacketSource;
import org.allocpool.analyzer.workload.Workload;
import org.allocpool.analyzer.workload.WorkloadTally;
import org.allocpool.memory.pool.OffsetPool;
import org.allocpool.memory.pool.PoolCounts;
import org.allocpool.memory.slab.Slab;

/**
 * {@code flat}: the article's analyser with no object per packet. A packet is the byte offset of
 * its slot in one off-heap slab that holds its bytes and its parse result ({@link FlatSlotLayout});
 * the queue is a {@code long} ring, the stored array a {@code long[]}, free slots an
 * {@link OffsetPool}. Offsets rather than slot indices, as C++'s pointers: an index would be
 * multiplied by the slot's size at every access of a slot, three times a packet (see
 * {@link #slotView}). The same generator, the same order of generator calls and the same counts as
 * {@link org.allocpool.analyzer.workload.PacketAnalyzer}; a dry slab fails, as {@code pool} does.
 *
 * <p>Single-threaded. Owns the slab (freed by {@link #close()}) and every slot in the ring and the
 * stored array.
 */
public final class FlatAnalyzer implements Workload {

    private static final long NONE = -1;

    private final Slab slab;
    private final MemorySegment memory;
    private final OffsetPool slots;
    private final PacketSource source;
    private final FlatSlots shape;

    /** The queue: {@code size} slot offsets from {@code head}, wrapping. */
    private final long[] ring;
    private int head;
    private int size;

    private final long[] stored;

    /** Counted per batch and on the rare outcomes, not per packet: see {@link WorkloadTally}. */
    private final WorkloadTally tally = new WorkloadTally();

    /** The article's shape: 1,024-byte packets, one in 16 kept. */
    public FlatAnalyzer(int queueSize, int storedSize, int slotCount) {
        this(queueSize, storedSize, slotCount, WorkloadShape.ARTICLE);
    }

    /** Packets of {@code shape}'s size in slots of a slab ({@link FlatSlots}), kept one in {@code shape}'s share. */
    public FlatAnalyzer(int queueSize, int storedSize, int slotCount, WorkloadShape shape) {
        this.source = new PacketSource(shape.keepOneIn());
        this.shape = FlatSlots.forPacketSize(shape.packetSize());
        this.ring = new long[queueSize];
        this.stored = new long[storedSize];
        Arrays.fill(stored, NONE);
        this.slots = new OffsetPool(slotCount, this.shape.slotBytes());
        this.slab = new Slab(slotCount, this.shape.slotBytes());
        this.memory = slab.memory();
    }

    /**
     * {@code count} packets, each taken, written, queued and, once the queue is full, the oldest
     * processed; the steps written out in the loop rather than a call of a method per packet. A loop
     * that calls such a method depends on C2 inlining it, and C2 compiles it on its own first (it is
     * hot before the loop is): under ZGC, whose load barriers make that code larger than
     * {@code InlineSmallCode} (2,500 bytes), the loop's compilation then refused it ("already
     * compiled into a big method", {@code -XX:+PrintInlining}) and paid a call per packet, reloading
     * every field and the slab's bounds each time, where under G1 it was inlined. The steps below
     * are small methods, inlined under both (checked with PrintInlining). The packets made and
     * processed are counted once, at the end ({@link WorkloadTally#ran}), also when a dry slab ends
     * the batch early.
     */
    // hot path: no allocation
    @Override
    public void run(long count) {
        final int queuedBefore = size;
        long i = 0;
        try {
            for (; i < count; i++) {
                long slot = take();
                simulate(slot);
                enqueue(slot);
                if (size >= ring.length) {
                    processOldest();
                }
            }
        } finally {
            tally.ran(i, size - queuedBefore);
        }
    }

    // hot path: no allocation
    @Override
    public void runOne() {
        run(1);
    }

    /** Takes the oldest packet off the full queue, processes it and frees it unless it was stored. */
    // hot path: no allocation
    private void processOldest() {
        long old = dequeue();
        if (!process(old)) {
            free(old);
        }
    }

    @Override
    public void prefill() {
        for (int i = 0; i < stored.length; i++) {
            if (stored[i] != NONE) {
                continue;
            }
            long slot = take();
            tally.madeOne();
            simulate(slot);
            slotView(slot).set(PACKET_INT, PACKET_PROTOCOL, PacketSource.TCP);
            parse(slot);
            stored[i] = slot;
            tally.prefilled();
        }
        while (size < ring.length - 1) {
            long slot = take();
            tally.madeOne();
            simulate(slot);
            enqueue(slot);
        }
    }

    /** A free slot, not counted: the caller counts it as made. */
    // hot path: no allocation
    private long take() {
        long slot = slots.acquire();
        if (slot == OffsetPool.EMPTY) {
            throw failureToAllocate();
        }
        return slot;
    }

    @Override
    public void drain() {
        while (size > 0) {
            long old = dequeue();
            tally.processedOne();
            if (!process(old)) {
                free(old);
            }
        }
        for (int i = 0; i < stored.length; i++) {
            if (stored[i] != NONE) {
                tally.drainedStored();
                free(stored[i]);
                stored[i] = NONE;
            }
        }
    }

    /**
     * Writes the next generated packet into the slot at offset {@code slot}, as
     * {@link PacketSource#simulate} does into a buffer.
     */
    // hot path: no allocation
    void simulate(long slot) {
        final PacketSource s = source;
        final MemorySegment p = slotView(slot);
        int length = s.nextPositive() % 64 + 50;
        p.set(PACKET_INT, PACKET_MARKER, PacketSource.IP_PROTOCOL);
        p.set(PACKET_INT, PACKET_SRC_ADDR, s.nextPositive() % 1024);
        p.set(PACKET_INT, PACKET_DST_ADDR, s.nextPositive() % 1024);
        p.set(PACKET_SHORT, PACKET_SRC_PORT, (short) (s.nextPositive() % 1024));
        p.set(PACKET_SHORT, PACKET_DST_PORT, (short) (s.nextPositive() % 1024));
        p.set(PACKET_INT, PACKET_PROTOCOL, s.isKept(s.nextPositive()) ? PacketSource.TCP : PacketSource.UDP);
        p.set(PACKET_INT, PACKET_LENGTH, length);
        p.set(RESULT_INT, shape.at(LENGTH), PacketSource.WRITTEN_BYTES);
    }

    // hot path: no allocation
    private boolean process(long slot) {
        int protocol = parse(slot);
        if (protocol < 0) {
            tally.notIp();
            return false;
        }
        // One call of free, for the UDP packet or the TCP packet this one evicts, not one on each
        // path: C2 inlines a callee from a rarely taken call site only under 35 bytecodes
        // (MaxInlineSize), and a call left in the loop makes it reload every loop invariant (the
        // slab's bounds, its liveness) for every packet. See slotView for what it measured.
        long unused = slot;
        if (protocol == PacketSource.TCP) {
            int index = source.nextPositive() % stored.length;
            unused = stored[index];
            stored[index] = slot;
            tally.stored(unused != NONE);
            if (unused == NONE) {
                return true;
            }
        }
        free(unused);
        return true;
    }

    /** Parses the packet in {@code slot} into the slot's parse-result fields; its protocol, or -1 if not IP. */
    // hot path: no allocation
    private int parse(long slot) {
        final MemorySegment p = slotView(slot);
        if (p.get(PACKET_INT, PACKET_MARKER) != PacketSource.IP_PROTOCOL) {
            return -1;
        }
        int protocol = p.get(PACKET_INT, PACKET_PROTOCOL);
        p.set(RESULT_INT, shape.at(SRC_ADDR), p.get(PACKET_INT, PACKET_SRC_ADDR));
        p.set(RESULT_INT, shape.at(DST_ADDR), p.get(PACKET_INT, PACKET_DST_ADDR));
        p.set(RESULT_SHORT, shape.at(SRC_PORT), p.get(PACKET_SHORT, PACKET_SRC_PORT));
        p.set(RESULT_SHORT, shape.at(DST_PORT), p.get(PACKET_SHORT, PACKET_DST_PORT));
        p.set(RESULT_INT, shape.at(PROTOCOL), protocol);
        p.set(RESULT_INT, shape.at(PARSED), 1);
        return protocol;
    }

    // hot path: no allocation
    private void free(long slot) {
        // the article's Packet.free(): forget the parse result
        slotView(slot).set(RESULT_INT, shape.at(PARSED), 0);
        slots.release(slot);
    }

    /**
     * The bytes of {@code slot} as a segment of exactly one slot. Accesses at the layout's constant
     * offsets are then checked against a constant size, so C2 folds their bounds checks into the
     * one check of the slice, and escape analysis removes the slice itself (AllocationPerPacketTest:
     * 0 bytes per packet). With every access checked against the whole slab the loop's compilation
     * reached C2's node-count inlining cutoff and left IndexPool.release a call. Counted with
     * callgrind on this analyser alone, case A: 291 instructions per packet before this and the one
     * call site of free in process, 159 after; the one call site alone: 293. The slot comes as its
     * offset: from a slot index, each view multiplied it by the slot's size, reloaded from the stack
     * (C2 had no register left for it). {@code ./allocpool instructions --case B}: 129 instructions a
     * packet with indices, 122 with offsets; C++ cpp-flat pool 119.
     */
    // hot path: no allocation once compiled (the slice is scalar-replaced)
    private MemorySegment slotView(long slot) {
        return memory.asSlice(slot, shape.slotBytes());
    }

    // hot path: no allocation
    private void enqueue(long slot) {
        int tail = head + size;
        if (tail >= ring.length) {
            tail -= ring.length;
        }
        ring[tail] = slot;
        size++;
    }

    // hot path: no allocation
    private long dequeue() {
        long slot = ring[head];
        head = head + 1 == ring.length ? 0 : head + 1;
        size--;
        return slot;
    }

    private IllegalStateException failureToAllocate() {
        return new IllegalStateException("Failure to allocate packet: strategy 'flat' ran dry: all "
                + slots.capacity() + " slab slots are in use (raise --pool, or lower --queue/--stored)");
    }

    /** The slab, for tests that read slots. */
    Slab slab() {
        return slab;
    }

    /** The index in the slab of the slot stored at {@code index}, or -1; for tests. */
    int storedAt(int index) {
        return stored[index] == NONE ? -1 : Math.toIntExact(stored[index] / shape.slotBytes());
    }

    @Override
    public String stateDigest() {
        StateDigest digest = new StateDigest();
        for (long slot : stored) {
            if (slot == NONE) {
                digest.empty();
                continue;
            }
            MemorySegment p = slotView(slot);
            if (p.get(RESULT_INT, shape.at(PARSED)) == 0) {
                packetFields(digest, slot);
            } else {
                digest.packet(p.get(RESULT_INT, shape.at(SRC_ADDR)), p.get(RESULT_INT, shape.at(DST_ADDR)), p.get(RESULT_SHORT, shape.at(SRC_PORT)),
                        p.get(RESULT_SHORT, shape.at(DST_PORT)), p.get(RESULT_INT, shape.at(PROTOCOL)));
            }
        }
        for (int i = 0, at = head; i < size; i++, at = at + 1 == ring.length ? 0 : at + 1) {
            packetFields(digest, ring[at]);
        }
        return digest.hex();
    }

    /** Folds in the fields as the packet bytes in {@code slot} hold them. */
    private void packetFields(StateDigest digest, long slot) {
        MemorySegment p = slotView(slot);
        digest.packet(p.get(PACKET_INT, PACKET_SRC_ADDR), p.get(PACKET_INT, PACKET_DST_ADDR), p.get(PACKET_SHORT, PACKET_SRC_PORT),
                p.get(PACKET_SHORT, PACKET_DST_PORT), p.get(PACKET_INT, PACKET_PROTOCOL));
    }

    @Override
    public WorkloadCounts counts() {
        return tally.counts();
    }

    @Override
    public int available() {
        return slots.available();
    }

    @Override
    public int capacity() {
        return slots.capacity();
    }

    @Override
    public List<PoolCounts> poolCounts() {
        return List.of(slots.counts());
    }

    @Override
    public void close() {
        slab.close();
    }
}

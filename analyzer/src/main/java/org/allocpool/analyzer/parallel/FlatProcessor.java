package org.allocpool.analyzer.parallel;

import static org.allocpool.analyzer.flat.FlatSlotLayout.DST_ADDR;
import static org.allocpool.analyzer.flat.FlatSlotLayout.DST_PORT;
import static org.allocpool.analyzer.flat.FlatSlotLayout.PACKET_DST_ADDR;
import static org.allocpool.analyzer.flat.FlatSlotLayout.PACKET_DST_PORT;
import static org.allocpool.analyzer.flat.FlatSlotLayout.PACKET_INT;
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
import org.allocpool.analyzer.StateDigest;
import org.allocpool.analyzer.WorkloadCounts;
import org.allocpool.analyzer.flat.FlatSlotLayout;
import org.allocpool.analyzer.packet.PacketSource;
import org.allocpool.memory.slab.Slab;

/**
 * One processor thread of {@code flat}: as {@link ObjectProcessor}, over slot indices of one shared
 * slab ({@link FlatSlotLayout}): an {@code int} queue, an {@code int[]} store, the parse result
 * written into the slot, a freed slot put on this processor's ring back to the source. Allocates
 * nothing per packet.
 *
 * <p>Its own thread runs {@link #run()}; before that thread starts and after it was joined, one other
 * thread may prefill, drain and read it. Owns the slots in its queue and store; the slab is the pipeline's.
 */
final class FlatProcessor implements PacketProcessor {

    private static final int NONE = -1;

    private final Slab slab;
    private final MemorySegment memory;
    private final Handoff in;
    private final Handoff back;
    private final boolean realtime;

    private final int[] queue;
    private int head;
    private int size;
    private final int[] stored;

    private long prefilled;
    private long received;
    private long parsed;
    private long tcpStored;
    private long evicted;
    private long freed;
    private long expected;
    private long lost;

    private volatile boolean stopping;
    private volatile Throwable failure;

    FlatProcessor(Slab slab, int queueSize, int storedSize, Handoff in, Handoff back, boolean realtime) {
        this.slab = slab;
        this.memory = slab.memory();
        this.in = in;
        this.back = back;
        this.realtime = realtime;
        this.queue = new int[queueSize];
        this.stored = new int[storedSize];
        Arrays.fill(stored, NONE);
    }

    @Override
    public void run() {
        try {
            loop();
        } catch (Throwable e) {
            failure = e;
        }
    }

    // hot path: no allocation
    private void loop() {
        final Handoff in = this.in;
        int waited = 0;
        while (true) {
            if (in.poll()) {
                waited = 0;
                accept(in.slot(), in.storeIndex(), in.sequence());
            } else if (stopping) {
                if (!in.poll()) {
                    return;
                }
                accept(in.slot(), in.storeIndex(), in.sequence());
            } else {
                waited = Idle.pause(waited);
            }
        }
    }

    // hot path: no allocation
    private void accept(int slot, int storeIndex, long sequence) {
        if (sequence != expected) {
            gap(sequence);
        }
        expected = sequence + 1;
        received++;
        enqueue(slot);
        if (size >= queue.length) {
            int old = dequeue();
            if (!process(old, storeIndex)) {
                free(old);
            }
        } else if (storeIndex != ParallelPipeline.NO_INDEX) {
            throw disagree("a store index came with a packet that pushed none out");
        }
    }

    private void gap(long sequence) {
        if (!realtime || sequence < expected) {
            throw new IllegalStateException("processor got packet " + sequence + " after " + (expected - 1)
                    + ": a packet was lost or came twice");
        }
        lost += sequence - expected;
    }

    // hot path: no allocation
    private boolean process(int slot, int storeIndex) {
        int protocol = parse(slot);
        if (protocol < 0) {
            return false;
        }
        if (protocol == PacketSource.TCP) {
            if (storeIndex < 0) {
                throw disagree("a TCP packet came with no store index");
            }
            int old = stored[storeIndex];
            stored[storeIndex] = slot;
            tcpStored++;
            if (old != NONE) {
                evicted++;
                free(old);
            }
        } else {
            if (storeIndex != ParallelPipeline.NO_INDEX) {
                throw disagree("a UDP packet came with a store index");
            }
            free(slot);
        }
        return true;
    }

    private static IllegalStateException disagree(String what) {
        return new IllegalStateException("the source's copy of a processor's queue is wrong: " + what);
    }

    /** As {@code FlatAnalyzer.parse}: the parse result into the slot's own fields; its protocol, or -1. */
    // hot path: no allocation
    private int parse(int slot) {
        final MemorySegment p = slotView(slot);
        if (p.get(PACKET_INT, PACKET_MARKER) != PacketSource.IP_PROTOCOL) {
            return -1;
        }
        int protocol = p.get(PACKET_INT, PACKET_PROTOCOL);
        p.set(RESULT_INT, SRC_ADDR, p.get(PACKET_INT, PACKET_SRC_ADDR));
        p.set(RESULT_INT, DST_ADDR, p.get(PACKET_INT, PACKET_DST_ADDR));
        p.set(RESULT_SHORT, SRC_PORT, p.get(PACKET_SHORT, PACKET_SRC_PORT));
        p.set(RESULT_SHORT, DST_PORT, p.get(PACKET_SHORT, PACKET_DST_PORT));
        p.set(RESULT_INT, PROTOCOL, protocol);
        p.set(RESULT_INT, PARSED, 1);
        parsed++;
        return protocol;
    }

    // hot path: no allocation
    private void free(int slot) {
        freed++;
        slotView(slot).set(RESULT_INT, PARSED, 0);
        if (!back.offer(null, slot, ParallelPipeline.NO_INDEX, 0)) {
            throw new IllegalStateException("a processor's ring back to the source is full: more slots came back"
                    + " than its share holds");
        }
    }

    /** One slot as a segment of exactly its size (scalar-replaced once compiled; see {@code FlatAnalyzer.slotView}). */
    // hot path: no allocation once compiled
    private MemorySegment slotView(int slot) {
        return memory.asSlice(slab.slotOffset(slot), FlatSlotLayout.SLOT_SIZE);
    }

    private void enqueue(int slot) {
        int tail = head + size;
        if (tail >= queue.length) {
            tail -= queue.length;
        }
        queue[tail] = slot;
        size++;
    }

    private int dequeue() {
        int slot = queue[head];
        head = head + 1 == queue.length ? 0 : head + 1;
        size--;
        return slot;
    }

    void prefillStore(int index, int slot) {
        parse(slot);
        stored[index] = slot;
        tcpStored++;
        prefilled++;
    }

    void prefillQueue(int slot) {
        enqueue(slot);
        prefilled++;
    }

    int storedSize() {
        return stored.length;
    }

    int queueSize() {
        return queue.length;
    }

    @Override
    public void stop() {
        stopping = true;
    }

    @Override
    public Throwable failure() {
        return failure;
    }

    @Override
    public void endOfStream(long ticks) {
        if (realtime && ticks > expected) {
            lost += ticks - expected;
            expected = ticks;
        }
    }

    @Override
    public boolean drainOne(IndexDraw draw) {
        if (size == 0) {
            return false;
        }
        int old = dequeue();
        boolean tcp = slotView(old).get(PACKET_INT, PACKET_PROTOCOL) == PacketSource.TCP;
        if (!process(old, tcp ? draw.next(stored.length) : ParallelPipeline.NO_INDEX)) {
            free(old);
        }
        return true;
    }

    @Override
    public void freeStored() {
        for (int i = 0; i < stored.length; i++) {
            if (stored[i] != NONE) {
                free(stored[i]);
                stored[i] = NONE;
            }
        }
    }

    /** As {@code FlatAnalyzer.stateDigest}, for this processor's store then queue. */
    @Override
    public void digest(StateDigest digest) {
        for (int slot : stored) {
            if (slot == NONE) {
                digest.empty();
                continue;
            }
            MemorySegment p = slotView(slot);
            if (p.get(RESULT_INT, PARSED) == 0) {
                packetFields(digest, p);
            } else {
                digest.packet(p.get(RESULT_INT, SRC_ADDR), p.get(RESULT_INT, DST_ADDR), p.get(RESULT_SHORT, SRC_PORT),
                        p.get(RESULT_SHORT, DST_PORT), p.get(RESULT_INT, PROTOCOL));
            }
        }
        for (int i = 0, at = head; i < size; i++, at = at + 1 == queue.length ? 0 : at + 1) {
            packetFields(digest, slotView(queue[at]));
        }
    }

    private static void packetFields(StateDigest digest, MemorySegment p) {
        digest.packet(p.get(PACKET_INT, PACKET_SRC_ADDR), p.get(PACKET_INT, PACKET_DST_ADDR), p.get(PACKET_SHORT, PACKET_SRC_PORT),
                p.get(PACKET_SHORT, PACKET_DST_PORT), p.get(PACKET_INT, PACKET_PROTOCOL));
    }

    @Override
    public ProcessorCounts counts() {
        return new ProcessorCounts(new WorkloadCounts(prefilled + received, parsed, tcpStored, evicted, freed), received, lost);
    }
}

package org.allocpool.analyzer.parallel;

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
import static org.allocpool.analyzer.flat.FlatSlotLayout.RESULT_INT;

import java.lang.foreign.MemorySegment;
import java.util.List;
import org.allocpool.analyzer.flat.FlatSlotLayout;
import org.allocpool.analyzer.packet.PacketSource;
import org.allocpool.memory.slab.Slab;

/**
 * The pipeline of {@code flat} ({@link ParallelPipeline}): one off-heap slab of {@code pool} slots,
 * processor k owning the k-th equal share of them; the source takes the next slot for processor k
 * from k's ring back (else from k's spare slots, a stack), writes the next generated packet into it
 * and hands its index to k's ring.
 * Nothing per packet on the heap.
 *
 * <p>Not thread-safe: the source thread calls every method. Owns the slab (a shared arena, so that
 * every processor thread may read and write it), freed by {@link #close()} once the processors ended.
 */
final class FlatPipeline implements ParallelPipeline {

    private final ParallelSettings settings;
    private final int n;
    private final Slab slab;
    private final MemorySegment memory;
    private final PacketSource generator = new PacketSource();
    private final QueueMirror mirror;
    private final FlatProcessor[] processors;
    private final Handoff[] rings;
    private final Handoff[] backs;
    // processor k's slots never handed out yet, or not since the ring back ran dry; a stack, top last
    private final int[][] spares;
    private final int[] spareCount;
    private final ProcessorGroup group;
    private final long[] sequences;
    private int next;
    private long made;

    FlatPipeline(ParallelSettings settings) {
        this.settings = settings;
        this.n = settings.threads();
        int share = settings.poolPerProcessor();
        this.slab = new Slab(share * n, FlatSlotLayout.SLOT_SIZE);
        this.memory = slab.memory();
        this.processors = new FlatProcessor[n];
        this.rings = new Handoff[n];
        this.backs = new Handoff[n];
        this.spares = new int[n][];
        this.spareCount = new int[n];
        this.sequences = new long[n];
        int[] queues = new int[n];
        int[] stores = new int[n];
        try {
            for (int k = 0; k < n; k++) {
                queues[k] = settings.queueOf(k);
                stores[k] = settings.storedOf(k);
                rings[k] = new Handoff(settings.handoffRing());
                backs[k] = new Handoff(share);
                spares[k] = new int[share];
                for (int i = 0; i < share; i++) {
                    spares[k][i] = k * share + share - 1 - i; // the first slot on top
                }
                spareCount[k] = share;
                processors[k] = new FlatProcessor(slab, queues[k], stores[k], rings[k], backs[k], settings.isRealtime());
            }
        } catch (RuntimeException | Error e) {
            slab.close();
            throw e;
        }
        this.group = new ProcessorGroup(processors);
        this.mirror = new QueueMirror(generator, queues, stores);
    }

    @Override
    public void prefill() {
        for (int k = 0; k < n; k++) {
            FlatProcessor p = processors[k];
            for (int i = 0; i < p.storedSize(); i++) {
                int slot = take(k);
                simulate(slot);
                slotView(slot).set(PACKET_INT, PACKET_PROTOCOL, PacketSource.TCP);
                p.prefillStore(i, slot);
                made++;
            }
            for (int i = 0; i < p.queueSize() - 1; i++) {
                int slot = take(k);
                simulate(slot);
                mirror.prefilled(k, isTcp(slot));
                p.prefillQueue(slot);
                made++;
            }
        }
    }

    @Override
    public void start() {
        group.start();
    }

    // hot path: no allocation
    @Override
    public long send(long packets) {
        final QueueMirror mirror = this.mirror;
        final long[] sequences = this.sequences;
        long waits = 0;
        int k = next;
        for (long i = 0; i < packets; i++) {
            int slot = take(k);
            simulate(slot);
            int index = mirror.afterSend(k, isTcp(slot));
            Handoff ring = rings[k];
            if (!ring.offer(null, slot, index, sequences[k])) {
                waits++;
                int waited = 0;
                while (!ring.offer(null, slot, index, sequences[k])) {
                    waited = Idle.pause(waited);
                    if ((waited & 1023) == 0) {
                        group.checkAlive(k);
                    }
                }
            }
            sequences[k]++;
            made++;
            k = k + 1 == n ? 0 : k + 1;
        }
        next = k;
        return waits;
    }

    // hot path: no allocation
    @Override
    public boolean tick() {
        int k = next;
        next = k + 1 == n ? 0 : k + 1;
        long sequence = sequences[k]++;
        Handoff ring = rings[k];
        if (!ring.hasRoom()) {
            return false;
        }
        int slot = take(k);
        simulate(slot);
        int index = mirror.afterSend(k, isTcp(slot));
        ring.offer(null, slot, index, sequence);
        made++;
        return true;
    }

    // hot path: no allocation
    private int take(int k) {
        // the slot freed longest ago of those back, else the spare used last: as the heap pool-per-thread,
        // the slots in circulation are reused rather than every slot of the slab in turn
        Handoff back = backs[k];
        if (!back.poll()) {
            int spare = spareCount[k];
            if (spare > 0) {
                spareCount[k] = spare - 1;
                return spares[k][spare - 1];
            }
            int waited = 0;
            while (!back.poll()) {
                waited = Idle.pause(waited);
                if ((waited & 1023) == 0) {
                    group.checkAlive(k);
                }
            }
        }
        return back.slot();
    }


    /** As {@code FlatAnalyzer.simulate}: the next generated packet into {@code slot}. */
    // hot path: no allocation
    private void simulate(int slot) {
        final PacketSource s = generator;
        final MemorySegment p = slotView(slot);
        int length = s.nextPositive() % 64 + 50;
        p.set(PACKET_INT, PACKET_MARKER, PacketSource.IP_PROTOCOL);
        p.set(PACKET_INT, PACKET_SRC_ADDR, s.nextPositive() % 1024);
        p.set(PACKET_INT, PACKET_DST_ADDR, s.nextPositive() % 1024);
        p.set(PACKET_SHORT, PACKET_SRC_PORT, (short) (s.nextPositive() % 1024));
        p.set(PACKET_SHORT, PACKET_DST_PORT, (short) (s.nextPositive() % 1024));
        p.set(PACKET_INT, PACKET_PROTOCOL, s.nextPositive() % 16 == 0 ? PacketSource.TCP : PacketSource.UDP);
        p.set(PACKET_INT, PACKET_LENGTH, length);
        p.set(RESULT_INT, LENGTH, PacketSource.WRITTEN_BYTES);
    }

    private boolean isTcp(int slot) {
        return slotView(slot).get(PACKET_INT, PACKET_PROTOCOL) == PacketSource.TCP;
    }

    private MemorySegment slotView(int slot) {
        return memory.asSlice(slab.slotOffset(slot), FlatSlotLayout.SLOT_SIZE);
    }

    @Override
    public void stop() {
        group.stop(sequences);
    }

    @Override
    public String stateDigest() {
        return group.stateDigest();
    }

    @Override
    public void drain() {
        group.drain(mirror);
    }

    @Override
    public int circulated() {
        int most = 0;
        for (int k = 0; k < n; k++) {
            most = Math.max(most, settings.poolPerProcessor() - spareCount[k]);
        }
        return most;
    }

    @Override
    public long made() {
        return made;
    }

    @Override
    public boolean allBack() {
        for (int k = 0; k < n; k++) {
            if (backs[k].size() + spareCount[k] != settings.poolPerProcessor()) {
                return false;
            }
        }
        return true;
    }

    @Override
    public List<ProcessorCounts> counts() {
        return group.counts();
    }

    @Override
    public List<Thread> threads() {
        return group.threads();
    }

    /** Stops the processors (if running), then frees the slab; a processor that would not end keeps it allocated. */
    @Override
    public void close() {
        group.close();
        slab.close();
    }
}

package org.allocpool.analyzer.parallel;

import java.util.List;
import org.allocpool.analyzer.packet.Packet;
import org.allocpool.analyzer.packet.PacketSource;
import org.allocpool.memory.pool.ConcurrentObjectPool;

/**
 * The pipeline over heap packets: {@code alloc}, {@code pool-shared} and {@code pool-per-thread}
 * ({@link ParallelPipeline}). The calling thread is the source: it takes a packet (a new one, one from
 * the shared pool, or one its processor gave back through its return ring, else one of that
 * processor's spares, last used first), writes the next generated packet into it and hands it to the
 * processor's ring. The spares are a stack so that a pool far larger than what circulates (the
 * article's 1,000,000) reuses the packets in circulation: taking every packet in turn, as a ring of
 * the whole pool did, made each packet cold in cache and each parse's store of a young header into
 * an old packet dirty a fresh card, which G1 then made the processor thread refine (measured:
 * 2,700-3,700 ns/packet at N = 1 before, 370-1,070 after; docs/analyzer-mt.md).
 *
 * <p>Not thread-safe: the source thread calls every method. Heap only; nothing to free.
 */
final class ObjectPipeline implements ParallelPipeline {

    private final ParallelSettings settings;
    private final ParallelStrategy strategy;
    private final int n;
    private final PacketSource generator = new PacketSource();
    private final QueueMirror mirror;
    private final ObjectProcessor[] processors;
    private final Handoff[] rings;
    private final Handoff[] backs;
    // pool-per-thread: processor k's packets never handed out yet, or not since the ring back ran dry; a stack, top last
    private final Packet[][] spares;
    private final int[] spareCount;
    private final ConcurrentObjectPool<Packet> shared;
    private final ProcessorGroup group;
    private final long[] sequences;
    private int next;
    private long made;

    ObjectPipeline(ParallelSettings settings) {
        this.settings = settings;
        this.strategy = settings.strategy();
        this.n = settings.threads();
        this.processors = new ObjectProcessor[n];
        this.rings = new Handoff[n];
        this.backs = strategy == ParallelStrategy.POOL_PER_THREAD ? new Handoff[n] : null;
        this.spares = backs == null ? null : new Packet[n][];
        this.spareCount = backs == null ? null : new int[n];
        this.shared = strategy == ParallelStrategy.POOL_SHARED
                ? new ConcurrentObjectPool<>(settings.pool(), i -> Packet.onHeap()) : null;
        this.sequences = new long[n];
        int[] queues = new int[n];
        int[] stores = new int[n];
        for (int k = 0; k < n; k++) {
            queues[k] = settings.queueOf(k);
            stores[k] = settings.storedOf(k);
            rings[k] = new Handoff(settings.handoffRing());
            if (backs != null) {
                int own = settings.poolPerProcessor();
                backs[k] = new Handoff(own);
                spares[k] = new Packet[own];
                for (int i = 0; i < own; i++) {
                    spares[k][i] = Packet.onHeap();
                }
                spareCount[k] = own;
            }
            processors[k] = new ObjectProcessor(strategy, queues[k], stores[k], rings[k], backs == null ? null : backs[k],
                    shared, settings.isRealtime());
        }
        this.group = new ProcessorGroup(processors);
        this.mirror = new QueueMirror(generator, queues, stores);
    }

    @Override
    public void prefill() {
        for (int k = 0; k < n; k++) {
            ObjectProcessor p = processors[k];
            for (int i = 0; i < p.storedSize(); i++) {
                Packet packet = take(k);
                generator.simulate(packet.buffer());
                packet.buffer().putInt(PacketSource.PROTOCOL_OFFSET, PacketSource.TCP);
                p.prefillStore(i, packet);
                made++;
            }
            for (int i = 0; i < p.queueSize() - 1; i++) {
                Packet packet = take(k);
                generator.simulate(packet.buffer());
                mirror.prefilled(k, isTcp(packet));
                p.prefillQueue(packet);
                made++;
            }
        }
    }

    @Override
    public void start() {
        group.start();
    }

    // hot path: no allocation but alloc's packet
    @Override
    public long send(long packets) {
        final PacketSource generator = this.generator;
        final QueueMirror mirror = this.mirror;
        final long[] sequences = this.sequences;
        long waits = 0;
        int k = next;
        for (long i = 0; i < packets; i++) {
            Packet p = take(k);
            generator.simulate(p.buffer());
            int index = mirror.afterSend(k, isTcp(p));
            Handoff ring = rings[k];
            if (!ring.offer(p, 0, index, sequences[k])) {
                waits++;
                waitToOffer(k, ring, p, index);
            }
            sequences[k]++;
            made++;
            k = k + 1 == n ? 0 : k + 1;
        }
        next = k;
        return waits;
    }

    private void waitToOffer(int k, Handoff ring, Packet p, int index) {
        int waited = 0;
        while (!ring.offer(p, 0, index, sequences[k])) {
            waited = Idle.pause(waited);
            if ((waited & 1023) == 0) {
                group.checkAlive(k);
            }
        }
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
        Packet p = take(k);
        generator.simulate(p.buffer());
        int index = mirror.afterSend(k, isTcp(p));
        ring.offer(p, 0, index, sequence);
        made++;
        return true;
    }

    private static boolean isTcp(Packet p) {
        return p.buffer().getInt(PacketSource.PROTOCOL_OFFSET) == PacketSource.TCP;
    }

    // hot path: no allocation but alloc's packet
    private Packet take(int k) {
        switch (strategy) {
            case ALLOC:
                return Packet.onHeap();
            case POOL_SHARED: {
                Packet p = shared.acquire();
                if (p == null) {
                    throw new IllegalStateException("Failure to allocate packet: the shared pool ran dry: all "
                            + settings.pool() + " packets are in use (raise --pool)");
                }
                return p;
            }
            default: {
                // the packet freed longest ago of those back, else the spare used last: the pool keeps
                // reusing the packets in circulation (hot in cache, their cards already dirty) instead of
                // cycling through all it holds, as the single-threaded pool's stack does
                Handoff back = backs[k];
                if (back.poll()) {
                    return back.packet();
                }
                int spare = spareCount[k];
                if (spare > 0) {
                    spareCount[k] = spare - 1;
                    Packet p = spares[k][spare - 1];
                    spares[k][spare - 1] = null;
                    return p;
                }
                waitForReturn(k, back);
                return back.packet();
            }
        }
    }

    private void waitForReturn(int k, Handoff back) {
        int waited = 0;
        while (!back.poll()) {
            waited = Idle.pause(waited);
            if ((waited & 1023) == 0) {
                group.checkAlive(k);
            }
        }
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
        if (spareCount == null) {
            return -1;
        }
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
        return switch (strategy) {
            case POOL_SHARED -> shared.available() == shared.capacity();
            case POOL_PER_THREAD -> {
                for (int k = 0; k < n; k++) {
                    if (backs[k].size() + spareCount[k] != settings.poolPerProcessor()) {
                        yield false;
                    }
                }
                yield true;
            }
            default -> true;
        };
    }

    @Override
    public List<ProcessorCounts> counts() {
        return group.counts();
    }

    @Override
    public List<Thread> threads() {
        return group.threads();
    }

    @Override
    public void close() {
        group.close();
    }
}

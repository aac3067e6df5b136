package org.allocpool.analyzer.workload;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.List;
import org.allocpool.analyzer.StateDigest;
import org.allocpool.analyzer.WorkloadCounts;
import org.allocpool.analyzer.WorkloadShape;
import org.allocpool.analyzer.packet.IPHeader;
import org.allocpool.analyzer.packet.IPPacket;
import org.allocpool.analyzer.packet.Packet;
import org.allocpool.analyzer.packet.PacketSource;
import org.allocpool.analyzer.strategy.PacketStrategy;
import org.allocpool.memory.pool.PoolCounts;

/**
 * The article's analyser over packet objects: each packet is taken from the strategy, simulated,
 * queued; once the queue holds {@code queue} packets the oldest is parsed (allocating its header,
 * two addresses, the parsed packet and a read-only view, as the article does) and, if TCP, stored
 * at an index the generator picks, freeing the packet it replaces; UDP packets are freed at once.
 *
 * <p>Single-threaded. Owns the strategy (closed by {@link #close()}) and every packet in the queue
 * and the stored array.
 */
public final class PacketAnalyzer implements Workload {

    private final PacketStrategy packets;
    private final PacketSource source;
    private final ArrayDeque<Packet> queue;
    private final Packet[] stored;
    private final int queueSize;

    /** Counted per batch and on the rare outcomes, not per packet, as {@code flat}'s: see {@link WorkloadTally}. */
    private final WorkloadTally tally = new WorkloadTally();

    /** The article's generator: one packet in 16 kept. */
    public PacketAnalyzer(PacketStrategy packets, int queueSize, int storedSize) {
        this(packets, queueSize, storedSize, WorkloadShape.ARTICLE_KEEP_ONE_IN);
    }

    /** A generator that keeps one packet in {@code keepOneIn} (TCP, stored). */
    public PacketAnalyzer(PacketStrategy packets, int queueSize, int storedSize, int keepOneIn) {
        this.packets = packets;
        this.source = new PacketSource(keepOneIn);
        this.queueSize = queueSize;
        // sized once so the deque never grows while running
        this.queue = new ArrayDeque<>(queueSize + 1);
        this.stored = new Packet[storedSize];
    }

    @Override
    public void run(long count) {
        final PacketStrategy packets = this.packets;
        final PacketSource source = this.source;
        final ArrayDeque<Packet> queue = this.queue;
        final int queueSize = this.queueSize;
        final int queuedBefore = queue.size();
        long i = 0;
        try {
            for (; i < count; i++) {
                Packet p = take();
                source.simulate(p.buffer());
                queue.add(p);
                if (queue.size() >= queueSize) {
                    Packet old = queue.remove();
                    if (!process(old)) {
                        free(old);
                    }
                }
            }
        } finally {
            tally.ran(i, queue.size() - queuedBefore);
        }
    }

    /**
     * {@code run(1)}: the heap strategies' real-time runs keep the batch loop as it was measured
     * (45 ns a packet and more, where the loop's setup matters less than for {@code flat}).
     */
    @Override
    public void runOne() {
        run(1);
    }

    @Override
    public void prefill() {
        for (int i = 0; i < stored.length; i++) {
            if (stored[i] != null) {
                continue;
            }
            Packet p = take();
            tally.madeOne();
            ByteBuffer buffer = p.buffer();
            source.simulate(buffer);
            buffer.putInt(PacketSource.PROTOCOL_OFFSET, PacketSource.TCP);
            parse(p);
            stored[i] = p;
            tally.prefilled();
        }
        while (queue.size() < queueSize - 1) {
            Packet p = take();
            tally.madeOne();
            source.simulate(p.buffer());
            queue.add(p);
        }
    }

    /** A packet from the strategy, not counted: the caller counts it as made. */
    private Packet take() {
        Packet p = packets.get();
        if (p == null) {
            throw failureToAllocate();
        }
        return p;
    }

    /**
     * {@inheritDoc}
     *
     * <p>Rewinds each queued buffer before parsing it: a no-op for packets never read, and it lets
     * the dummy strategies' one packet, queued many times over and already parsed, be parsed again
     * (in {@link #run} every {@code get} re-simulates it instead).
     */
    @Override
    public void drain() {
        while (!queue.isEmpty()) {
            Packet old = queue.remove();
            old.buffer().rewind();
            tally.processedOne();
            if (!process(old)) {
                free(old);
            }
        }
        for (int i = 0; i < stored.length; i++) {
            if (stored[i] != null) {
                tally.drainedStored();
                free(stored[i]);
                stored[i] = null;
            }
        }
    }

    private boolean process(Packet p) {
        int protocol = parse(p);
        if (protocol < 0) {
            tally.notIp();
            return false;
        }
        if (protocol == PacketSource.TCP) {
            int index = source.nextPositive() % stored.length;
            Packet old = stored[index];
            tally.stored(old != null);
            if (old != null) {
                free(old);
            }
            stored[index] = p;
        } else {
            free(p);
        }
        return true;
    }

    /** Parses {@code p} as the article does (header, addresses, a read-only view); its protocol, or -1 if not IP. */
    private int parse(Packet p) {
        ByteBuffer buffer = p.buffer();
        if (buffer.getInt() != PacketSource.IP_PROTOCOL) {
            return -1;
        }
        IPHeader header = new IPHeader(buffer);
        IPPacket ip = new IPPacket(header, buffer.asReadOnlyBuffer());
        p.ipPacket(ip);
        return header.protocol();
    }

    private void free(Packet p) {
        packets.free(p);
    }

    private IllegalStateException failureToAllocate() {
        return new IllegalStateException("Failure to allocate packet: " + packets.exhaustion());
    }

    @Override
    public String stateDigest() {
        StateDigest digest = new StateDigest();
        for (Packet p : stored) {
            if (p == null) {
                digest.empty();
            } else {
                // the dummy strategy's one packet may have been freed since it was stored
                fold(digest, p.ipPacket() != null ? p.ipPacket().header() : headerOf(p));
            }
        }
        for (Packet p : queue) {
            fold(digest, headerOf(p));
        }
        return digest.hex();
    }

    /** The header as the packet's bytes hold it, parsed by the parser without moving the packet's buffer. */
    private static IPHeader headerOf(Packet p) {
        return new IPHeader(p.buffer().duplicate().position(Integer.BYTES)); // after the IP marker
    }

    private static void fold(StateDigest digest, IPHeader h) {
        digest.packet(h.source().address(), h.destination().address(), h.sourcePort(), h.destinationPort(),
                h.protocol());
    }

    @Override
    public WorkloadCounts counts() {
        return tally.counts();
    }

    @Override
    public int available() {
        return packets.available();
    }

    @Override
    public int capacity() {
        return packets.capacity();
    }

    @Override
    public List<PoolCounts> poolCounts() {
        return packets.poolCounts();
    }

    /** The packet stored at {@code index}, or {@code null}; for tests. */
    Packet storedAt(int index) {
        return stored[index];
    }

    /** Packets waiting in the queue; for tests. */
    int queued() {
        return queue.size();
    }

    @Override
    public void close() {
        packets.close();
    }
}

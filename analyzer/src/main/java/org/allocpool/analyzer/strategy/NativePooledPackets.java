package org.allocpool.analyzer.strategy;

import java.util.List;
import org.allocpool.analyzer.packet.Packet;
import org.allocpool.analyzer.packet.PacketSource;
import org.allocpool.memory.pool.FixedObjectPool;
import org.allocpool.memory.pool.PoolCounts;
import org.allocpool.memory.slab.Slab;

/**
 * {@code native-pool}: {@code size} packets made up front, packet {@code i} over slot {@code i}
 * of a native slab, and reused; a dry pool fails like {@code pool}. Single-threaded; the slab is
 * freed by {@link #close()}.
 */
public final class NativePooledPackets extends PacketStrategy {

    private final Slab slab;
    private final FixedObjectPool<Packet> pool;

    public NativePooledPackets(int size) {
        this.slab = new Slab(size, PacketSource.PACKET_SIZE);
        this.pool = new FixedObjectPool<>(size, slot -> new Packet(slab.slotBuffer(slot), slot));
    }

    @Override
    public String name() {
        return "native-pool";
    }

    // hot path: no allocation
    @Override
    public Packet get() {
        return pool.acquire();
    }

    // hot path: no allocation
    @Override
    public void free(Packet packet) {
        packet.free();
        pool.release(packet);
    }

    @Override
    public String exhaustion() {
        return dry(name(), pool.capacity(), "pooled packets");
    }

    @Override
    public int available() {
        return pool.available();
    }

    @Override
    public int capacity() {
        return pool.capacity();
    }

    @Override
    public List<PoolCounts> poolCounts() {
        return List.of(pool.counts());
    }

    @Override
    public void close() {
        slab.close();
    }
}

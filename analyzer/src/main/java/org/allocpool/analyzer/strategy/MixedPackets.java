package org.allocpool.analyzer.strategy;

import java.util.List;
import org.allocpool.analyzer.packet.Packet;
import org.allocpool.memory.pool.BoundedObjectPool;
import org.allocpool.memory.pool.PoolCounts;

/**
 * {@code mix}: a pool of {@code size} heap packets made up front; {@link #get()} allocates a new
 * packet when the pool is empty, and {@link #free(Packet)} keeps a packet only while the pool has
 * room, dropping it for the garbage collector otherwise. Single-threaded.
 */
public final class MixedPackets extends PacketStrategy {

    private final BoundedObjectPool<Packet> pool;

    /** @param size packets made up front; @param packetSize bytes per packet buffer */
    public MixedPackets(int size, int packetSize) {
        this.pool = new BoundedObjectPool<>(size, () -> Packet.onHeap(packetSize));
    }

    @Override
    public String name() {
        return "mix";
    }

    // hot path: no allocation while the pool has packets
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
}

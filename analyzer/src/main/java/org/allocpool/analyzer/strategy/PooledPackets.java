package org.allocpool.analyzer.strategy;

import java.util.List;
import org.allocpool.analyzer.packet.Packet;
import org.allocpool.memory.pool.FixedObjectPool;
import org.allocpool.memory.pool.PoolCounts;
import org.allocpool.memory.slab.Slab;

/**
 * {@code pool} and {@code native-pool}: {@code size} packets made up front and reused, over heap
 * buffers or, for {@code native-pool}, packet {@code i} over slot {@code i} of a native slab.
 * Unlike the article's code, which allocated when its pool ran dry, this pool then fails (the
 * workload throws with {@link #exhaustion()}), so a "pool" figure never hides allocation.
 *
 * <p>Single-threaded. The slab, if any, is freed by {@link #close()}. One class serves both so
 * that a JVM running either still loads a single strategy class (see {@link PacketStrategies}).
 */
public final class PooledPackets extends PacketStrategy {

    private final String name;
    private final Slab slab;
    private final FixedObjectPool<Packet> pool;

    private PooledPackets(String name, Slab slab, FixedObjectPool<Packet> pool) {
        this.name = name;
        this.slab = slab;
        this.pool = pool;
    }

    /** {@code pool}: heap packets with heap buffers of {@code packetSize} bytes. */
    public static PooledPackets onHeap(int size, int packetSize) {
        return new PooledPackets("pool", null, new FixedObjectPool<>(size, i -> Packet.onHeap(packetSize)));
    }

    /** {@code native-pool}: heap packets over the {@code packetSize}-byte slots of one native slab. */
    public static PooledPackets overSlab(int size, int packetSize) {
        Slab slab = new Slab(size, packetSize);
        return new PooledPackets("native-pool", slab,
                new FixedObjectPool<>(size, slot -> new Packet(slab.slotBuffer(slot), slot)));
    }

    @Override
    public String name() {
        return name;
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
        if (slab != null) {
            slab.close();
        }
    }
}

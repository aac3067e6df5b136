package org.allocpool.analyzer.strategy;

import java.util.List;
import org.allocpool.analyzer.packet.Packet;
import org.allocpool.memory.pool.FixedObjectPool;
import org.allocpool.memory.pool.PoolCounts;

/**
 * {@code pool}: {@code size} heap packets made up front and reused. Unlike the article's code,
 * which allocated when its pool ran dry, this pool then fails (the workload throws with
 * {@link #exhaustion()}), so a "pool" figure never hides allocation. Single-threaded.
 */
public final class PooledPackets extends PacketStrategy {

    private final FixedObjectPool<Packet> pool;

    public PooledPackets(int size) {
        this.pool = new FixedObjectPool<>(size, i -> Packet.onHeap());
    }

    @Override
    public String name() {
        return "pool";
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
}

package org.allocpool.analyzer.strategy;

import java.util.List;
import org.allocpool.analyzer.packet.Packet;
import org.allocpool.memory.pool.BoundedObjectPool;
import org.allocpool.memory.pool.IndexPool;
import org.allocpool.memory.pool.PoolCounts;
import org.allocpool.memory.slab.Slab;

/**
 * {@code native-mix}: a native slab of {@code slabSize} slots and a pool of {@code poolSize}
 * packets over slots of it, made up front. When the pool is empty {@link #get()} makes a new
 * packet over a fresh slot; {@link #free(Packet)} keeps the packet (and its slot) while the pool
 * has room, otherwise gives the slot back to the slab and drops the packet.
 *
 * <p>Every slot is always either free in the slab's index pool or held by a packet (pooled or
 * handed out). Single-threaded; the slab is freed by {@link #close()}.
 */
public final class NativeMixedPackets extends PacketStrategy {

    private final Slab slab;
    private final IndexPool slots;
    private final BoundedObjectPool<Packet> pool;

    /** @param packetSize bytes per slab slot */
    public NativeMixedPackets(int slabSize, int poolSize, int packetSize) {
        if (poolSize > slabSize) {
            throw new IllegalArgumentException("--mix-pool must not exceed --pool for native-mix, was "
                    + poolSize + " > " + slabSize);
        }
        this.slab = new Slab(slabSize, packetSize);
        this.slots = new IndexPool(slabSize);
        this.pool = new BoundedObjectPool<>(poolSize, this::newPacket);
    }

    @Override
    public String name() {
        return "native-mix";
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
        if (!pool.release(packet)) {
            slots.release(packet.slot());
        }
    }

    @Override
    public String exhaustion() {
        return dry(name(), slab.slotCount(), "slab slots");
    }

    /** Pooled packets plus free slots: equals {@link #capacity()} when every packet is back. */
    @Override
    public int available() {
        return pool.available() + slots.available();
    }

    @Override
    public int capacity() {
        return slots.capacity();
    }

    @Override
    public List<PoolCounts> poolCounts() {
        return List.of(pool.counts(), slots.counts());
    }

    @Override
    public void close() {
        slab.close();
    }

    private Packet newPacket() {
        int slot = slots.acquire();
        return slot == IndexPool.EMPTY ? null : new Packet(slab.slotBuffer(slot), slot);
    }
}

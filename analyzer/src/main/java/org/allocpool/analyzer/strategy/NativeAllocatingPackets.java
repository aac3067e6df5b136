package org.allocpool.analyzer.strategy;

import java.util.List;
import org.allocpool.analyzer.packet.Packet;
import org.allocpool.memory.pool.IndexPool;
import org.allocpool.memory.pool.PoolCounts;
import org.allocpool.memory.slab.Slab;

/**
 * {@code native-alloc}: packet memory is a native slab of {@code size} slots of the packet size with an
 * index pool; every {@link #get()} takes a free slot and makes a new packet over a new view of it,
 * {@link #free(Packet)} gives the slot back and drops the packet. The packet objects are
 * allocated, the bytes are not. Single-threaded; the slab is freed by {@link #close()}.
 */
public final class NativeAllocatingPackets extends PacketStrategy {

    private final Slab slab;
    private final IndexPool slots;

    /** @param size slab slots; @param packetSize bytes per slot */
    public NativeAllocatingPackets(int size, int packetSize) {
        this.slab = new Slab(size, packetSize);
        this.slots = new IndexPool(size);
    }

    @Override
    public String name() {
        return "native-alloc";
    }

    @Override
    public Packet get() {
        int slot = slots.acquire();
        return slot == IndexPool.EMPTY ? null : new Packet(slab.slotBuffer(slot), slot);
    }

    // hot path: no allocation
    @Override
    public void free(Packet packet) {
        slots.release(packet.slot());
    }

    @Override
    public String exhaustion() {
        return dry(name(), slab.slotCount(), "slab slots");
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

package org.allocpool.analyzer.strategy;

import org.allocpool.analyzer.packet.Packet;

/**
 * {@code alloc}: a new packet with a new 1024-byte heap buffer for every {@link #get()};
 * {@link #free(Packet)} drops it for the garbage collector. Single-threaded.
 */
public final class AllocatingPackets extends PacketStrategy {

    @Override
    public String name() {
        return "alloc";
    }

    @Override
    public Packet get() {
        return Packet.onHeap();
    }

    @Override
    public void free(Packet packet) {
        // dropped: the garbage collector reclaims it
    }
}

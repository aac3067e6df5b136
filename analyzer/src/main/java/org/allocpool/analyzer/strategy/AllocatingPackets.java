package org.allocpool.analyzer.strategy;

import org.allocpool.analyzer.packet.Packet;

/**
 * {@code alloc}: a new packet with a new heap buffer of the packet size (the article's 1,024 bytes) for every {@link #get()};
 * {@link #free(Packet)} drops it for the garbage collector. Single-threaded.
 */
public final class AllocatingPackets extends PacketStrategy {

    private final int packetSize;

    /** @param packetSize bytes per packet buffer */
    public AllocatingPackets(int packetSize) {
        this.packetSize = packetSize;
    }

    @Override
    public String name() {
        return "alloc";
    }

    @Override
    public Packet get() {
        return Packet.onHeap(packetSize);
    }

    @Override
    public void free(Packet packet) {
        // dropped: the garbage collector reclaims it
    }
}

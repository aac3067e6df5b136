package org.allocpool.analyzer.strategy;

import org.allocpool.analyzer.packet.Packet;

/**
 * {@code dummy}: one heap packet handed out by every {@link #get()}; {@link #free(Packet)} does
 * nothing. The floor under every other strategy. Single-threaded; the one packet is never freed.
 */
public final class DummyPackets extends PacketStrategy {

    private final Packet packet;

    /** @param packetSize bytes of the one packet's buffer */
    public DummyPackets(int packetSize) {
        this.packet = Packet.onHeap(packetSize);
    }

    @Override
    public String name() {
        return "dummy";
    }

    // hot path: no allocation
    @Override
    public Packet get() {
        return packet;
    }

    // hot path: no allocation
    @Override
    public void free(Packet p) {
        // the one packet is reused as is
    }
}

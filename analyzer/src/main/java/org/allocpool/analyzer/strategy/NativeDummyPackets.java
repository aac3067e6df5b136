package org.allocpool.analyzer.strategy;

import org.allocpool.analyzer.packet.Packet;
import org.allocpool.memory.slab.Slab;

/**
 * {@code native-dummy}: one packet, its buffer off-heap in a one-slot slab, handed out by every
 * {@link #get()}; {@link #free(Packet)} does nothing. Single-threaded; the slab is freed by
 * {@link #close()}.
 */
public final class NativeDummyPackets extends PacketStrategy {

    private final Slab slab;
    private final Packet packet;

    /** @param packetSize bytes of the one packet's slot */
    public NativeDummyPackets(int packetSize) {
        this.slab = new Slab(1, packetSize);
        this.packet = new Packet(slab.slotBuffer(0), 0);
    }

    @Override
    public String name() {
        return "native-dummy";
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

    @Override
    public void close() {
        slab.close();
    }
}

package org.allocpool.analyzer.packet;

import java.nio.ByteBuffer;

/**
 * A parsed IP packet: its header and a read-only view of the packet's buffer (the payload from
 * where the header ends). The view shares the packet's memory, so it is valid only while the
 * packet is. Immutable once made; single-threaded.
 */
public final class IPPacket {

    private final IPHeader header;
    private final ByteBuffer payload;

    public IPPacket(IPHeader header, ByteBuffer payload) {
        this.header = header;
        this.payload = payload;
    }

    public IPHeader header() {
        return header;
    }

    public ByteBuffer payload() {
        return payload;
    }
}

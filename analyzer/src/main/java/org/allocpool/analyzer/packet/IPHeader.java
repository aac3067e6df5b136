package org.allocpool.analyzer.packet;

import java.nio.ByteBuffer;

/**
 * The parsed header of an IP packet, read from the buffer's position on: source and destination
 * address (a new {@link IP4Address} each), ports (unsigned 16-bit) and protocol. As in the article,
 * parsing allocates: three objects per packet. Immutable once made; single-threaded construction.
 */
public final class IPHeader {

    private final IP4Address source;
    private final IP4Address destination;
    private final int sourcePort;
    private final int destinationPort;
    private final int protocol;

    /** Reads the header from {@code buffer}, advancing its position by 16 bytes. */
    public IPHeader(ByteBuffer buffer) {
        this.source = new IP4Address(buffer.getInt());
        this.destination = new IP4Address(buffer.getInt());
        this.sourcePort = buffer.getShort() & 0xFFFF;
        this.destinationPort = buffer.getShort() & 0xFFFF;
        this.protocol = buffer.getInt();
    }

    public IP4Address source() {
        return source;
    }

    public IP4Address destination() {
        return destination;
    }

    public int sourcePort() {
        return sourcePort;
    }

    public int destinationPort() {
        return destinationPort;
    }

    /** {@link PacketSource#TCP} or {@link PacketSource#UDP}. */
    public int protocol() {
        return protocol;
    }
}

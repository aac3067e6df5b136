package org.allocpool.analyzer.packet;

import java.nio.ByteBuffer;

/**
 * The article's packet generator: a counter, never {@code java.util.Random}, so every run and
 * every strategy (and the C++ analyser) sees the same packets. The same counter also picks the
 * stored-array index of each TCP packet, so calls must come in the article's order.
 *
 * <p>Packet bytes, big-endian, 24 in all:
 * <pre>
 *  0        4          8          12       14       16         20       24
 * +--------+----------+----------+--------+--------+----------+--------+
 * | IP = 1 | src addr | dst addr | s.port | d.port | protocol | length |
 * +--------+----------+----------+--------+--------+----------+--------+
 * </pre>
 * Single-threaded; not thread-safe.
 */
public final class PacketSource {

    /** Bytes in a packet buffer. */
    public static final int PACKET_SIZE = 1024;
    /** The first int of every generated packet: it is an IP packet. */
    public static final int IP_PROTOCOL = 1;
    /** Protocol value of a TCP packet: one in 16. */
    public static final int TCP = 2;
    /** Protocol value of a UDP packet. */
    public static final int UDP = 1;
    /** Where the protocol field sits in a packet's bytes. */
    public static final int PROTOCOL_OFFSET = 16;
    /** Bytes a simulated packet occupies. */
    public static final int WRITTEN_BYTES = 24;

    private int counter;

    /** The next counter value, masked to be non-negative. */
    // hot path: no allocation
    public int nextPositive() {
        return (++counter) & 0x7FFFFFFF;
    }

    /** Clears {@code buffer}, writes the next packet and flips it: position 0, limit {@value #WRITTEN_BYTES}. */
    // hot path: no allocation
    public void simulate(ByteBuffer buffer) {
        buffer.clear();
        int length = nextPositive() % 64 + 50;
        buffer.putInt(IP_PROTOCOL);
        buffer.putInt(nextPositive() % 1024);
        buffer.putInt(nextPositive() % 1024);
        buffer.putShort((short) (nextPositive() % 1024));
        buffer.putShort((short) (nextPositive() % 1024));
        buffer.putInt(nextPositive() % 16 == 0 ? TCP : UDP);
        buffer.putInt(length);
        buffer.flip();
    }
}

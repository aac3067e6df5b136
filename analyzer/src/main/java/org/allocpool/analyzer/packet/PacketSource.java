package org.allocpool.analyzer.packet;

import java.nio.ByteBuffer;
import org.allocpool.analyzer.WorkloadShape;

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
 * The protocol is TCP for one packet in {@code keepOneIn} (the article's 16; {@link WorkloadShape}),
 * whatever the buffer's size. Single-threaded; not thread-safe.
 */
public final class PacketSource {

    /** Bytes in a packet buffer of the article's shape ({@link WorkloadShape#packetSize()} sets others). */
    public static final int PACKET_SIZE = WorkloadShape.ARTICLE_PACKET_SIZE;
    /** The first int of every generated packet: it is an IP packet. */
    public static final int IP_PROTOCOL = 1;
    /** Protocol value of a TCP packet: one in {@code keepOneIn}, 16 in the article. */
    public static final int TCP = 2;
    /** Protocol value of a UDP packet. */
    public static final int UDP = 1;
    /** Where the protocol field sits in a packet's bytes. */
    public static final int PROTOCOL_OFFSET = 16;
    /** Bytes a simulated packet occupies. */
    public static final int WRITTEN_BYTES = 24;

    /** {@code keepOneIn - 1}: {@code keepOneIn} is a power of two. */
    private final int keepMask;
    private int counter;

    /** The article's generator: one packet in 16 is TCP. */
    public PacketSource() {
        this(WorkloadShape.ARTICLE_KEEP_ONE_IN);
    }

    /** A generator whose packets are TCP one in {@code keepOneIn} ({@link WorkloadShape#checkKeepOneIn}). */
    public PacketSource(int keepOneIn) {
        this.keepMask = WorkloadShape.checkKeepOneIn(keepOneIn) - 1;
    }

    /** The next counter value, masked to be non-negative. */
    // hot path: no allocation
    public int nextPositive() {
        return (++counter) & 0x7FFFFFFF;
    }

    /**
     * Whether the counter value {@code n} (non-negative) makes a packet TCP: {@code n % keepOneIn == 0},
     * as a mask ({@code keepOneIn} is a power of two), so that the article's one in 16 stays the AND it
     * compiled to with the constant (a division would add nanoseconds to every packet).
     */
    // hot path: no allocation
    public boolean isKept(int n) {
        return (n & keepMask) == 0;
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
        buffer.putInt(isKept(nextPositive()) ? TCP : UDP);
        buffer.putInt(length);
        buffer.flip();
    }
}

package org.allocpool.analyzer.packet;

import java.nio.ByteBuffer;

/**
 * One captured packet: a {@value PacketSource#PACKET_SIZE}-byte buffer and, once parsed, its
 * {@link IPPacket}. As in the article, the buffer is on the heap for the heap strategies and a
 * view of a native slab slot for the native ones ({@link #slot()} names that slot; the article's
 * {@code NativePacket}). One final class for both keeps every call on a packet monomorphic.
 *
 * <p>Single-threaded. The strategy that handed the packet out owns its buffer's memory (a slab
 * slot for native packets); the workload holds the packet from {@code get} to {@code free}.
 */
public final class Packet {

    /** {@link #slot()} of a packet whose buffer is on the heap. */
    public static final int NO_SLOT = -1;

    private final ByteBuffer buffer;
    private final int slot;
    private IPPacket ipPacket;

    /** A packet over {@code buffer}, which lives in slab slot {@code slot} or on the heap ({@link #NO_SLOT}). */
    public Packet(ByteBuffer buffer, int slot) {
        this.buffer = buffer;
        this.slot = slot;
    }

    /** A heap packet with a new {@value PacketSource#PACKET_SIZE}-byte buffer, as the article's alloc strategy makes it. */
    public static Packet onHeap() {
        return new Packet(ByteBuffer.wrap(new byte[PacketSource.PACKET_SIZE]), NO_SLOT);
    }

    /**
     * A heap packet with a new buffer of {@code bytes} bytes ({@code --packet-size}). The article's size
     * takes its own branch, {@link #onHeap()}: C2 allocates an array of a constant length inline, zeroing
     * it without a loop, and prunes the branch a run never takes; with the length from a field, {@code alloc}
     * ran 707 instructions a packet where it had run 633 (callgrind, case A).
     */
    public static Packet onHeap(int bytes) {
        if (bytes == PacketSource.PACKET_SIZE) {
            return onHeap();
        }
        return new Packet(ByteBuffer.wrap(new byte[bytes]), NO_SLOT);
    }

    public ByteBuffer buffer() {
        return buffer;
    }

    /** The slab slot holding the buffer, or {@link #NO_SLOT}. */
    public int slot() {
        return slot;
    }

    /** The parse result, or {@code null} before parsing and after {@link #free()}. */
    public IPPacket ipPacket() {
        return ipPacket;
    }

    public void ipPacket(IPPacket parsed) {
        this.ipPacket = parsed;
    }

    /** Forgets the parse result, so a pooled packet does not keep it alive. */
    public void free() {
        ipPacket = null;
    }
}

package org.allocpool.analyzer.parallel;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.allocpool.analyzer.packet.Packet;

/**
 * A bounded ring that hands packets from one thread to one other: the source's packets to a
 * processor, or a processor's freed packets back to the source. An entry is a packet (or, for
 * {@code flat}, a slab slot), the store index the source drew for the packet this one pushes out of
 * the processor's queue ({@link ParallelPipeline#NO_INDEX} when none), and a sequence number.
 * "Full" and "empty" are return values. The producer's and the consumer's positions sit on cache
 * lines of their own; each side keeps a cached copy of the other's, read again only when the ring
 * looks full (or empty), so a handoff touches the other side's line rarely.
 *
 * <p>Single producer, single consumer: one thread offers, one other polls; not thread-safe otherwise
 * (between threads started and joined in turn, the thread that holds the ring may change). Holds
 * references to the packets in it, and nothing off the heap. Neither side allocates.
 */
final class Handoff {

    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    // in positions: the producer's line (its published tail, its copy of head), then the consumer's, 128 bytes apart
    private static final int TAIL = 16;
    private static final int HEAD_SEEN = 17;
    private static final int HEAD = 32;
    private static final int TAIL_SEEN = 33;

    private final Packet[] packets;
    private final int[] slots;
    private final int[] indices;
    private final long[] sequences;
    private final long[] positions = new long[50];
    private final int mask;
    private final long limit;

    // what the last poll took; the consumer's
    private Packet packet;
    private int slot;
    private int index;
    private long sequence;

    /** A ring of {@code capacity} entries (its arrays rounded up to a power of two). */
    Handoff(int capacity) {
        if (capacity < 1 || capacity > 1 << 30) {
            throw new IllegalArgumentException("a handoff ring holds 1 to 2^30 entries, not " + capacity);
        }
        int size = Integer.highestOneBit(capacity) == capacity ? capacity : Integer.highestOneBit(capacity) << 1;
        packets = new Packet[size];
        slots = new int[size];
        indices = new int[size];
        sequences = new long[size];
        mask = size - 1;
        limit = capacity;
    }

    /** Entries it holds when full. */
    int capacity() {
        return (int) limit;
    }

    /** Whether an {@link #offer} now would succeed. The producer's. */
    // hot path: no allocation
    boolean hasRoom() {
        final long[] pos = positions;
        if (pos[TAIL] - pos[HEAD_SEEN] >= limit) {
            pos[HEAD_SEEN] = (long) LONGS.getAcquire(pos, HEAD);
            return pos[TAIL] - pos[HEAD_SEEN] < limit;
        }
        return true;
    }

    /** Offers an entry; {@code false} when the ring is full. The producer's. */
    // hot path: no allocation
    boolean offer(Packet p, int s, int storeIndex, long seq) {
        final long[] pos = positions;
        long tail = pos[TAIL];
        if (tail - pos[HEAD_SEEN] >= limit) {
            pos[HEAD_SEEN] = (long) LONGS.getAcquire(pos, HEAD);
            if (tail - pos[HEAD_SEEN] >= limit) {
                return false;
            }
        }
        int at = (int) tail & mask;
        packets[at] = p;
        slots[at] = s;
        indices[at] = storeIndex;
        sequences[at] = seq;
        LONGS.setRelease(pos, TAIL, tail + 1);
        return true;
    }

    /**
     * Takes the oldest entry; {@code false} when the ring is empty. What it took reads from
     * {@link #packet()}, {@link #slot()}, {@link #storeIndex()} and {@link #sequence()} until the
     * next poll. The consumer's.
     */
    // hot path: no allocation
    boolean poll() {
        final long[] pos = positions;
        long head = pos[HEAD];
        if (head >= pos[TAIL_SEEN]) {
            pos[TAIL_SEEN] = (long) LONGS.getAcquire(pos, TAIL);
            if (head >= pos[TAIL_SEEN]) {
                return false;
            }
        }
        int at = (int) head & mask;
        packet = packets[at];
        packets[at] = null;
        slot = slots[at];
        index = indices[at];
        sequence = sequences[at];
        LONGS.setRelease(pos, HEAD, head + 1);
        return true;
    }

    Packet packet() {
        return packet;
    }

    int slot() {
        return slot;
    }

    int storeIndex() {
        return index;
    }

    long sequence() {
        return sequence;
    }

    /** Entries in the ring now: exact for either side, or once both threads are joined. */
    int size() {
        return (int) ((long) LONGS.getAcquire(positions, TAIL) - (long) LONGS.getAcquire(positions, HEAD));
    }
}

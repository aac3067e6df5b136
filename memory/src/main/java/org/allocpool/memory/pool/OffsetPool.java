package org.allocpool.memory.pool;

/**
 * A free list of the byte offsets of {@code capacity} equal slots, {@code 0, stride, 2 × stride, …}:
 * {@link #acquire()} hands out a free slot's offset (lowest offsets first on a fresh pool),
 * {@link #release(long)} takes it back. An {@link IndexPool} whose caller would multiply every index
 * by the slot's size before it touches memory; handing out the offset itself spares the multiply on
 * every access (see {@code FlatAnalyzer}). The caller owns an acquired offset, and the slot it
 * starts, until it releases it.
 *
 * <p>Single-threaded: one thread acquires and releases; not thread-safe otherwise.
 *
 * <p>With {@link PoolDebug#ENABLED} the pool remembers which slots are out, rejects a double release
 * or an offset that is not one of its slots', and counts; the bookkeeping is allocated up front, so
 * even then acquire and release allocate nothing.
 */
public final class OffsetPool {

    /** What {@link #acquire()} returns when every slot is out. */
    public static final long EMPTY = -1;

    private final long[] free;
    private int available;
    private final int stride;

    private final boolean[] out;
    private long handedOut;
    private long returned;

    /** A pool of {@code capacity} slots of {@code stride} bytes, all free. */
    public OffsetPool(int capacity, int stride) {
        if (capacity < 1) {
            throw new IllegalArgumentException("offset pool capacity must be at least 1, was " + capacity);
        }
        if (stride < 1) {
            throw new IllegalArgumentException("offset pool stride must be at least 1 byte, was " + stride);
        }
        this.stride = stride;
        free = new long[capacity];
        // a stack: fill it backwards so that offset 0 is on top and handed out first
        for (int i = 0; i < capacity; i++) {
            free[i] = (long) (capacity - 1 - i) * stride;
        }
        available = capacity;
        out = PoolDebug.ENABLED ? new boolean[capacity] : null;
    }

    /** A free slot's offset, now owned by the caller, or {@link #EMPTY} when none is left. */
    // hot path: no allocation
    public long acquire() {
        if (available == 0) {
            return EMPTY;
        }
        long offset = free[--available];
        if (PoolDebug.ENABLED) {
            out[(int) (offset / stride)] = true;
            handedOut++;
        }
        return offset;
    }

    /** Takes back {@code offset}, acquired earlier from this pool; the caller no longer owns its slot. */
    // hot path: no allocation
    public void release(long offset) {
        if (PoolDebug.ENABLED) {
            checkRelease(offset);
        }
        if (available == free.length) {
            throw overRelease(offset);
        }
        free[available++] = offset;
    }

    /** Slots free now. */
    public int available() {
        return available;
    }

    /** Slots in all. */
    public int capacity() {
        return free.length;
    }

    /** Bytes from one slot's offset to the next. */
    public int stride() {
        return stride;
    }

    /** Slots handed out and returned since the pool was made; needs {@link PoolDebug#ENABLED}. */
    public PoolCounts counts() {
        PoolDebug.requireEnabled();
        return new PoolCounts(handedOut, returned);
    }

    private void checkRelease(long offset) {
        if (offset < 0 || offset % stride != 0 || offset / stride >= out.length) {
            throw new IllegalStateException("offset " + offset + " is not a slot of this pool of " + out.length
                    + " slots of " + stride + " bytes");
        }
        int slot = (int) (offset / stride);
        if (!out[slot]) {
            throw new IllegalStateException("double release of offset " + offset);
        }
        out[slot] = false;
        returned++;
    }

    private IllegalStateException overRelease(long offset) {
        return new IllegalStateException("offset pool of " + free.length
                + " slots is already full; offset " + offset + " was released twice or never acquired");
    }
}

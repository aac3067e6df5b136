package org.allocpool.memory.pool;

/**
 * A free list of slot indices {@code 0 .. capacity-1}: {@link #acquire()} hands out a free index
 * (lowest indices first on a fresh pool), {@link #release(int)} takes it back. The caller owns an
 * acquired index, and whatever it names (a slab slot, an array element), until it releases it.
 *
 * <p>Single-threaded: one thread acquires and releases; not thread-safe otherwise.
 *
 * <p>With {@link PoolDebug#ENABLED} the pool remembers which indices are out, rejects a double
 * release or a foreign index, and counts; the bookkeeping is allocated up front, so even then
 * acquire and release allocate nothing.
 */
public final class IndexPool {

    /** What {@link #acquire()} returns when every index is out. */
    public static final int EMPTY = -1;

    private final int[] free;
    private int available;

    private final boolean[] out;
    private long handedOut;
    private long returned;

    /** A pool of {@code capacity} indices, all free. */
    public IndexPool(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("index pool capacity must be at least 1, was " + capacity);
        }
        free = new int[capacity];
        // a stack: fill it backwards so that index 0 is on top and handed out first
        for (int i = 0; i < capacity; i++) {
            free[i] = capacity - 1 - i;
        }
        available = capacity;
        out = PoolDebug.ENABLED ? new boolean[capacity] : null;
    }

    /** A free index, now owned by the caller, or {@link #EMPTY} when none is left. */
    // hot path: no allocation
    public int acquire() {
        if (available == 0) {
            return EMPTY;
        }
        int index = free[--available];
        if (PoolDebug.ENABLED) {
            out[index] = true;
            handedOut++;
        }
        return index;
    }

    /**
     * Gives {@code index} back; the caller must no longer use it.
     *
     * @throws IllegalStateException if more indices come back than the pool holds (always checked),
     *                               or, with debug accounting, on a double release or foreign index
     */
    // hot path: no allocation
    public void release(int index) {
        if (PoolDebug.ENABLED) {
            checkRelease(index);
        }
        if (available == free.length) {
            throw overRelease(index);
        }
        free[available++] = index;
    }

    /** Indices free now. */
    public int available() {
        return available;
    }

    /** Indices in all, free or out. */
    public int capacity() {
        return free.length;
    }

    /** Handed out and returned so far; needs {@link PoolDebug#ENABLED}. */
    public PoolCounts counts() {
        PoolDebug.requireEnabled();
        return new PoolCounts(handedOut, returned);
    }

    private void checkRelease(int index) {
        if (index < 0 || index >= out.length) {
            throw new IllegalStateException("index " + index + " does not belong to this pool of " + out.length);
        }
        if (!out[index]) {
            throw new IllegalStateException("double release of index " + index);
        }
        out[index] = false;
        returned++;
    }

    private IllegalStateException overRelease(int index) {
        return new IllegalStateException("index pool of " + free.length
                + " is already full; index " + index + " was released twice or never acquired");
    }
}

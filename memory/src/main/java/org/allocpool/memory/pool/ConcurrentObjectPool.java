package org.allocpool.memory.pool;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.IntFunction;

/**
 * A pool of {@code capacity} objects made up front and never more, that any number of threads take
 * from and give back to at once: a bounded lock-free queue of the free objects (Dmitry Vyukov's
 * array queue: one sequence number per cell, a compare-and-set on the taking or giving end), so an
 * object taken by one thread may be released by another. {@link #acquire()} returns {@code null}
 * when every object is out. The caller owns an acquired object until it releases it; the pool holds
 * no reference to objects that are out. Free objects come out in the order they went in (a queue,
 * not a stack: a lock-free stack needs a node per push, or tags against ABA).
 *
 * <p>Thread-safe: any thread may acquire and release. Neither allocates. The two ends sit on cache
 * lines of their own; a cell is written by the thread that gives an object back and read by the one
 * that takes it, which is the cost of sharing a pool across threads.
 *
 * @param <T> the pooled type
 */
public final class ConcurrentObjectPool<T> {

    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle OBJECTS = MethodHandles.arrayElementVarHandle(Object[].class);

    /** Where the taking end ({@link #acquire}) and the giving end ({@link #release}) sit in {@link #ends}: 128 bytes apart and from the array's edges. */
    private static final int TAKE = 16;
    private static final int GIVE = 32;

    private final Object[] items;
    private final long[] sequences;
    private final long[] ends = new long[48];
    private final int mask;
    private final int capacity;

    /**
     * Makes {@code capacity} objects with {@code factory}, called with {@code 0 .. capacity-1}; the
     * object made first is handed out first.
     */
    public ConcurrentObjectPool(int capacity, IntFunction<? extends T> factory) {
        if (capacity < 1 || capacity > 1 << 30) {
            throw new IllegalArgumentException("pool capacity must be 1 to 2^30, was " + capacity);
        }
        this.capacity = capacity;
        int cells = Integer.highestOneBit(capacity) == capacity ? capacity : Integer.highestOneBit(capacity) << 1;
        this.items = new Object[cells];
        this.sequences = new long[cells];
        this.mask = cells - 1;
        for (int i = 0; i < cells; i++) {
            sequences[i] = i;
        }
        for (int i = 0; i < capacity; i++) {
            if (!offer(factory.apply(i))) {
                throw new IllegalStateException("pool of " + capacity + " could not take its own object " + i);
            }
        }
        VarHandle.releaseFence(); // the objects made here are published to whichever thread takes them
    }

    /** A pooled object, now the caller's, or {@code null} when every object is out. */
    // hot path: no allocation
    @SuppressWarnings("unchecked")
    public T acquire() {
        long position = (long) LONGS.getOpaque(ends, TAKE);
        while (true) {
            int cell = (int) position & mask;
            long sequence = (long) LONGS.getAcquire(sequences, cell);
            long difference = sequence - (position + 1);
            if (difference == 0) {
                if (LONGS.weakCompareAndSet(ends, TAKE, position, position + 1)) {
                    Object item = items[cell];
                    items[cell] = null;
                    LONGS.setRelease(sequences, cell, position + mask + 1);
                    return (T) item;
                }
                position = (long) LONGS.getOpaque(ends, TAKE);
            } else if (difference < 0) {
                if ((long) LONGS.getAcquire(ends, GIVE) <= position) {
                    return null; // empty
                }
                // a giver has claimed this cell and not yet filled it: wait for it, a few instructions
                Thread.onSpinWait();
                position = (long) LONGS.getOpaque(ends, TAKE);
            } else {
                position = (long) LONGS.getOpaque(ends, TAKE);
            }
        }
    }

    /**
     * Gives {@code item} back; the caller must no longer use it.
     *
     * @throws IllegalStateException if every cell already holds an object: more came back than the pool
     *                               made (an object released twice, or one it never made). The cells are
     *                               the capacity rounded up to a power of two, so a few extra releases
     *                               can pass; {@link #available()} above {@link #capacity()} shows them
     */
    // hot path: no allocation
    public void release(T item) {
        if (!offer(item)) {
            throw new IllegalStateException("concurrent pool of " + capacity + " is already full: an object was"
                    + " released twice or never acquired");
        }
    }

    private boolean offer(Object item) {
        long position = (long) LONGS.getOpaque(ends, GIVE);
        while (true) {
            int cell = (int) position & mask;
            long sequence = (long) LONGS.getAcquire(sequences, cell);
            long difference = sequence - position;
            if (difference == 0) {
                if (LONGS.weakCompareAndSet(ends, GIVE, position, position + 1)) {
                    OBJECTS.set(items, cell, item);
                    LONGS.setRelease(sequences, cell, position + 1);
                    return true;
                }
                position = (long) LONGS.getOpaque(ends, GIVE);
            } else if (difference < 0) {
                if (position - (long) LONGS.getAcquire(ends, TAKE) >= items.length) {
                    return false; // every cell holds an object
                }
                // a taker has claimed this cell and not yet emptied it: wait for it, a few instructions
                Thread.onSpinWait();
                position = (long) LONGS.getOpaque(ends, GIVE);
            } else {
                position = (long) LONGS.getOpaque(ends, GIVE);
            }
        }
    }

    /**
     * Objects free now: exact when no thread acquires or releases at the same time (after the threads
     * that did were joined); above {@link #capacity()} if objects were released twice.
     */
    public int available() {
        return (int) ((long) LONGS.getAcquire(ends, GIVE) - (long) LONGS.getAcquire(ends, TAKE));
    }

    /** Objects in all, free or out. */
    public int capacity() {
        return capacity;
    }
}

package org.allocpool.memory.pool;

import java.util.function.IntFunction;

/**
 * A pool of {@code capacity} objects made up front and never more: {@link #acquire()} returns
 * {@code null} when every object is out. The caller owns an acquired object until it releases it;
 * the pool keeps no reference to objects that are out.
 *
 * <p>Single-threaded; not thread-safe. With {@link PoolDebug#ENABLED} acquire and release track
 * objects by identity and allocate to do so; with it off (the default) they allocate nothing.
 *
 * @param <T> the pooled type
 */
public final class FixedObjectPool<T> implements ObjectPool<T> {

    private final Object[] items;
    private int available;
    private final ObjectLedger ledger = PoolDebug.ENABLED ? new ObjectLedger() : null;

    /**
     * Makes {@code capacity} objects with {@code factory}, called with {@code 0 .. capacity-1}
     * (so an object can be tied to a slot of the same index).
     */
    public FixedObjectPool(int capacity, IntFunction<? extends T> factory) {
        if (capacity < 1) {
            throw new IllegalArgumentException("pool capacity must be at least 1, was " + capacity);
        }
        items = new Object[capacity];
        for (int i = 0; i < capacity; i++) {
            // a stack: fill it backwards so the object made first is handed out first
            items[capacity - 1 - i] = factory.apply(i);
        }
        available = capacity;
    }

    // hot path: no allocation
    @Override
    @SuppressWarnings("unchecked")
    public T acquire() {
        if (available == 0) {
            return null;
        }
        int top = --available;
        T item = (T) items[top];
        items[top] = null;
        if (PoolDebug.ENABLED) {
            ledger.onAcquire(item);
        }
        return item;
    }

    /** Keeps {@code item}; returns {@code false} only if the pool is already full (a double release). */
    // hot path: no allocation
    @Override
    public boolean release(T item) {
        if (PoolDebug.ENABLED) {
            ledger.onRelease(item);
        }
        if (available == items.length) {
            return false;
        }
        items[available++] = item;
        return true;
    }

    @Override
    public int available() {
        return available;
    }

    @Override
    public int capacity() {
        return items.length;
    }

    @Override
    public PoolCounts counts() {
        PoolDebug.requireEnabled();
        return ledger.counts();
    }
}

package org.allocpool.memory.pool;

import java.util.function.Supplier;

/**
 * A pool that holds at most {@code capacity} objects (all made up front) and allocates beyond
 * that: {@link #acquire()} asks the factory for a new object when the pool is empty, and
 * {@link #release(Object)} keeps an object only while the pool has room, returning {@code false}
 * otherwise so the caller can free what the object refers to (a native slot, say) and drop it.
 * The caller owns an acquired object until it releases it.
 *
 * <p>Single-threaded; not thread-safe. With {@link PoolDebug#ENABLED} acquire and release track
 * objects by identity and allocate to do so; with it off (the default) they allocate nothing.
 *
 * @param <T> the pooled type
 */
public final class BoundedObjectPool<T> implements ObjectPool<T> {

    private final Object[] items;
    private final Supplier<? extends T> factory;
    private int available;
    private final ObjectLedger ledger = PoolDebug.ENABLED ? new ObjectLedger() : null;

    /**
     * Fills the pool with {@code capacity} objects from {@code factory}, which is called again
     * whenever the pool runs empty. The factory may return {@code null} (it has nothing left to
     * make from, say); {@link #acquire()} then returns {@code null}.
     */
    public BoundedObjectPool(int capacity, Supplier<? extends T> factory) {
        if (capacity < 1) {
            throw new IllegalArgumentException("pool capacity must be at least 1, was " + capacity);
        }
        this.items = new Object[capacity];
        this.factory = factory;
        for (int i = capacity - 1; i >= 0; i--) {
            T item = factory.get();
            if (item == null) {
                throw new IllegalStateException("factory gave out after " + (capacity - 1 - i)
                        + " of the " + capacity + " objects the pool starts with");
            }
            items[i] = item;
        }
        available = capacity;
    }

    /** A pooled object, or a new one from the factory when the pool is empty (then possibly {@code null}). */
    // hot path: no allocation while the pool has objects
    @Override
    @SuppressWarnings("unchecked")
    public T acquire() {
        T item;
        if (available == 0) {
            item = factory.get();
            if (item == null) {
                return null;
            }
        } else {
            int top = --available;
            item = (T) items[top];
            items[top] = null;
        }
        if (PoolDebug.ENABLED) {
            ledger.onAcquire(item);
        }
        return item;
    }

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

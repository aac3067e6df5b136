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
public final class BoundedObjectPool<T> extends ObjectStack<T> {

    private final Supplier<? extends T> factory;

    /**
     * Fills the pool with {@code capacity} objects from {@code factory}, which is called again
     * whenever the pool runs empty. The factory may return {@code null} (it has nothing left to
     * make from, say); {@link #acquire()} then returns {@code null}.
     */
    public BoundedObjectPool(int capacity, Supplier<? extends T> factory) {
        super(capacity);
        this.factory = factory;
        for (int i = 0; i < capacity; i++) {
            T item = factory.get();
            if (item == null) {
                throw new IllegalStateException("factory gave out after " + i
                        + " of the " + capacity + " objects the pool starts with");
            }
            fill(item);
        }
    }

    /** A pooled object, or a new one from the factory when the pool is empty (then possibly {@code null}). */
    // hot path: no allocation while the pool has objects
    @Override
    public T acquire() {
        if (available() > 0) {
            return pop();
        }
        T item = factory.get();
        return item == null ? null : handOut(item);
    }
}

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
public final class FixedObjectPool<T> extends ObjectStack<T> {

    /**
     * Makes {@code capacity} objects with {@code factory}, called with {@code 0 .. capacity-1}
     * (so an object can be tied to a slot of the same index); the object made first is handed
     * out first.
     */
    public FixedObjectPool(int capacity, IntFunction<? extends T> factory) {
        super(capacity);
        for (int i = capacity - 1; i >= 0; i--) {
            fill(factory.apply(i));
        }
    }

    /** A pooled object, or {@code null} when every object is out. */
    // hot path: no allocation
    @Override
    public T acquire() {
        return pop();
    }
}

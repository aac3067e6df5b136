package org.allocpool.memory.pool;

/**
 * A pool of reusable objects. {@link #acquire()} transfers ownership of an object to the caller;
 * {@link #release(Object)} transfers it back, and says whether the pool kept it: when it did not,
 * the object is the caller's again (to drop, or to free the native memory it refers to).
 *
 * <p>Implementations are single-threaded unless they say otherwise.
 *
 * @param <T> the pooled type
 */
public interface ObjectPool<T> {

    /** An object now owned by the caller, or {@code null} when the pool has none to give. */
    T acquire();

    /**
     * Returns {@code item} to the pool.
     *
     * @return {@code true} if the pool kept it; {@code false} if it was full and the caller still owns it
     */
    boolean release(T item);

    /** Objects held by the pool now, ready to be acquired. */
    int available();

    /** The most objects the pool holds. */
    int capacity();

    /** Handed out and returned so far; needs {@link PoolDebug#ENABLED}. */
    PoolCounts counts();
}

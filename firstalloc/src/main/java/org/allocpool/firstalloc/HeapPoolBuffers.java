package org.allocpool.firstalloc;

import org.allocpool.memory.pool.FixedObjectPool;

/**
 * Our heap pool as a program sets it up: a {@link FixedObjectPool} filled with {@code pool} arrays of
 * {@code size} bytes when it is made (that is the first buffer's price), then one {@code acquire} per
 * buffer. {@link #close()} releases them all to the pool. Single-threaded, as the pool.
 */
final class HeapPoolBuffers extends HeapArrayBuffers {

    private final FixedObjectPool<byte[]> pool;

    HeapPoolBuffers(int size, int count, int pool) {
        super(count);
        Limits.checkPool(pool, count);
        this.pool = new FixedObjectPool<>(pool, slot -> new byte[size]);
    }

    @Override
    // hot path: no allocation (the pool hands out arrays made up front)
    byte[] take() {
        return pool.acquire();
    }

    @Override
    void giveBack(byte[] buffer) {
        pool.release(buffer);
    }

    /** Arrays the pool holds now. */
    int pooled() {
        return pool.available();
    }
}

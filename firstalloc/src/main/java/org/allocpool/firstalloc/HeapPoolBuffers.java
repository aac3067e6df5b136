package org.allocpool.firstalloc;

import org.allocpool.memory.pool.FixedObjectPool;

/**
 * Our heap pool as a program sets it up: a {@link FixedObjectPool} filled with {@code pool} arrays of
 * {@code size} bytes when it is made (that is the first buffer's price), then one {@code acquire} per
 * buffer. {@link #close()} releases them all to the pool and drops it. Single-threaded, as the pool.
 */
final class HeapPoolBuffers implements FirstBuffers {

    private final FixedObjectPool<byte[]> pool;
    private final byte[][] buffers;
    private int made;

    HeapPoolBuffers(int size, int count, int pool) {
        Limits.checkPool(pool, count);
        this.pool = new FixedObjectPool<>(pool, slot -> new byte[size]);
        this.buffers = new byte[count][];
    }

    @Override
    // hot path: no allocation (the pool hands out arrays made up front)
    public void makeNext() {
        Limits.checkRoom(made, buffers.length);
        byte[] buffer = pool.acquire();
        buffer[0] = FirstBuffers.mark(made);
        buffers[made++] = buffer;
    }

    @Override
    public int made() {
        return made;
    }

    @Override
    public long capacity(int index) {
        return buffers[Limits.checkIndex(index, made)].length;
    }

    @Override
    public byte firstByte(int index) {
        return buffers[Limits.checkIndex(index, made)][0];
    }

    /** Arrays the pool holds now. */
    int pooled() {
        return pool.available();
    }

    @Override
    public void close() {
        for (int i = 0; i < made; i++) {
            pool.release(buffers[i]);
            buffers[i] = null;
        }
        made = 0;
    }
}

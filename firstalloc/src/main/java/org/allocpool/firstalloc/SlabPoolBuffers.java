package org.allocpool.firstalloc;

import java.lang.foreign.ValueLayout;
import org.allocpool.memory.pool.IndexPool;
import org.allocpool.memory.slab.Slab;

/**
 * Our off-heap pool as the analyser's native strategies use it: one {@link Slab} of {@code pool} slots of
 * {@code size} bytes (one {@code Arena.ofShared()} block, zeroed, made up front) and an {@link IndexPool}
 * of its slots; a buffer is a slot index. {@link #close()} releases every index and frees the slab.
 * Single-threaded, as the index pool.
 */
final class SlabPoolBuffers implements FirstBuffers {

    private final Slab slab;
    private final IndexPool slots;
    private final int[] buffers;
    private int made;

    SlabPoolBuffers(int size, int count, int pool) {
        Limits.checkPool(pool, count);
        this.slab = new Slab(pool, size);
        this.slots = new IndexPool(pool);
        this.buffers = new int[count];
    }

    @Override
    // hot path: no allocation
    public void makeNext() {
        Limits.checkRoom(made, buffers.length);
        int slot = slots.acquire();
        slab.memory().set(ValueLayout.JAVA_BYTE, slab.slotOffset(slot), FirstBuffers.mark(made));
        buffers[made++] = slot;
    }

    @Override
    public int made() {
        return made;
    }

    @Override
    public long capacity(int index) {
        Limits.checkIndex(index, made);
        return slab.slotSize();
    }

    @Override
    public byte firstByte(int index) {
        return slab.memory().get(ValueLayout.JAVA_BYTE, slab.slotOffset(buffers[Limits.checkIndex(index, made)]));
    }

    @Override
    public void close() {
        for (int i = 0; i < made; i++) {
            slots.release(buffers[i]);
        }
        made = 0;
        slab.close();
    }
}

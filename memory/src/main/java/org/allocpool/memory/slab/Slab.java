package org.allocpool.memory.slab;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;

/**
 * A block of off-heap memory cut into {@code slotCount} slots of {@code slotSize} bytes each,
 * addressed by slot index. The slab owns one shared {@link Arena}: all slots live until
 * {@link #close()}, which frees them at once; using a slot or a view of it after that throws
 * {@link IllegalStateException}. Memory is zeroed when the slab is made.
 *
 * <p>The slab does not track which slots are in use: pair it with an
 * {@link org.allocpool.memory.pool.IndexPool} of the same size for that, or an
 * {@link org.allocpool.memory.pool.OffsetPool} of its slots' offsets. Views and offsets may be
 * read from any thread (the arena is shared); the contents of a slot belong to whoever holds its
 * index, and the slab gives no ordering guarantees between threads. Close once, from one thread,
 * when no one uses a slot any more.
 */
public final class Slab implements AutoCloseable {

    /** Slots start on a cache-line boundary when {@code slotSize} is a multiple of this. */
    public static final long ALIGNMENT = 64;

    private final Arena arena;
    private final MemorySegment memory;
    private final int slotCount;
    private final int slotSize;

    /** Allocates {@code slotCount × slotSize} bytes, zeroed, aligned to {@link #ALIGNMENT}. */
    public Slab(int slotCount, int slotSize) {
        if (slotCount < 1) {
            throw new IllegalArgumentException("slab slot count must be at least 1, was " + slotCount);
        }
        if (slotSize < 1) {
            throw new IllegalArgumentException("slab slot size must be at least 1, was " + slotSize);
        }
        this.slotCount = slotCount;
        this.slotSize = slotSize;
        this.arena = Arena.ofShared();
        try {
            this.memory = arena.allocate((long) slotCount * slotSize, ALIGNMENT);
        } catch (OutOfMemoryError | RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /** The whole slab: address slot {@code i} at {@link #slotOffset(int) slotOffset(i)}; allocation-free access. */
    public MemorySegment memory() {
        return memory;
    }

    /** Byte offset of slot {@code index} in {@link #memory()}. */
    // hot path: no allocation
    public long slotOffset(int index) {
        return (long) index * slotSize;
    }

    /** A new segment that views slot {@code index} only (bounds-checked to the slot). */
    public MemorySegment slot(int index) {
        return memory.asSlice(slotOffset(checkIndex(index)), slotSize);
    }

    /**
     * A new big-endian {@link ByteBuffer} over slot {@code index}, position 0, limit and capacity
     * {@code slotSize}. The buffer does not keep the memory alive: it is valid until {@link #close()}.
     */
    public ByteBuffer slotBuffer(int index) {
        return slot(index).asByteBuffer();
    }

    /** Slots in the slab. */
    public int slotCount() {
        return slotCount;
    }

    /** Bytes per slot. */
    public int slotSize() {
        return slotSize;
    }

    /** Frees the memory of every slot. */
    @Override
    public void close() {
        arena.close();
    }

    private int checkIndex(int index) {
        if (index < 0 || index >= slotCount) {
            throw new IndexOutOfBoundsException("slot " + index + " is outside a slab of " + slotCount);
        }
        return index;
    }
}

package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;

/**
 * A flyweight over one stored value: the store's mapped segment, the value's offset in it and its
 * length, set by {@link MappedStore#get(long, ValueView)} without copying or allocating. Read the
 * bytes at {@code segment()} from {@code offset()} for {@code length()} bytes.
 *
 * <p>Not thread-safe: one view per thread. The memory belongs to the store: the bytes stay as they
 * were read (a later write of the same key writes a new entry elsewhere, it never overwrites a value
 * in place) for at least 50 ms after the key is written again or removed: then the store may write
 * another value of the same size into that room ({@code FreeEntries}), and the view reads those
 * bytes. And until the store is closed, or has grown and a quarter of a second has passed since:
 * then the mapping is released and reading through the view throws {@link IllegalStateException}.
 * Copy the bytes out promptly (within microseconds, as a flyweight decoding a value does); never
 * write through the view.
 */
public final class ValueView {

    private MemorySegment segment = MemorySegment.NULL;
    private long offset;
    private int length;

    /** An empty view ({@code length() == 0}) to pass to {@code get}. */
    public ValueView() {
    }

    // hot path: no allocation
    void wrap(MemorySegment newSegment, long newOffset, int newLength) {
        this.segment = newSegment;
        this.offset = newOffset;
        this.length = newLength;
    }

    /** The segment holding the value (the whole mapped file). */
    public MemorySegment segment() {
        return segment;
    }

    /** Where the value starts in {@link #segment()}. */
    public long offset() {
        return offset;
    }

    /** The value's length in bytes. */
    public int length() {
        return length;
    }

    /** A new segment viewing exactly the value (allocates; for tests and slow paths). */
    public MemorySegment slice() {
        return segment.asSlice(offset, length);
    }
}

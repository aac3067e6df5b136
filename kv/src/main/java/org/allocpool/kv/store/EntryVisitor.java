package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;

/**
 * Receives the entries of a {@link MappedStore} during {@link MappedStore#forEach(EntryVisitor)}.
 * Called on the iterating thread while a segment of the store is read-locked: it must not write
 * to the same store (that would deadlock), and it must not keep {@code value} after it returns.
 */
@FunctionalInterface
public interface EntryVisitor {

    /**
     * One live entry.
     *
     * @param key   the key
     * @param value a read-only view of the stored bytes, valid only during this call
     */
    void entry(long key, MemorySegment value);
}

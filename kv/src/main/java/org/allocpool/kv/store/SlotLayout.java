package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * One slot of the open-addressing table: 16 bytes, 8-aligned, little-endian. Slot {@code i} of
 * segment {@code s} sits at {@code tableOffset + (s * slotsPerSegment + i) * 16}.
 *
 * <pre>
 *  0                   8                   16
 *  +-------------------+-------------------+
 *  | key               | ref               |
 *  |      int64        |      int64        |
 *  +-------------------+-------------------+
 *  ref: 0 = empty, 1 = removed (tombstone),
 *       otherwise the file offset of the key's current entry (see EntryLayout)
 * </pre>
 *
 * The ref is the commit point of every write: it is stored last, with a release store, after the
 * entry (and, for a new slot, the key) is complete, so a slot seen with an entry offset always
 * names a whole entry. An aligned 8-byte store is atomic: a crash leaves the old ref or the new.
 * Stateless; thread-safe.
 */
final class SlotLayout {

    static final int SLOT_BYTES = 16;
    static final long KEY_OFFSET = 0;
    static final long REF_OFFSET = 8;

    static final long EMPTY = 0;
    static final long REMOVED = 1;

    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle REF = LONG.varHandle();

    private SlotLayout() {
    }

    // hot path: no allocation
    static long key(MemorySegment file, long slot) {
        return file.get(LONG, slot + KEY_OFFSET);
    }

    static void setKey(MemorySegment file, long slot, long key) {
        file.set(LONG, slot + KEY_OFFSET, key);
    }

    // hot path: no allocation
    static long refAcquire(MemorySegment file, long slot) {
        return (long) REF.getAcquire(file, slot + REF_OFFSET);
    }

    /** Publishes {@code ref}: every store before it (entry, key) is visible before it. */
    static void setRefRelease(MemorySegment file, long slot, long ref) {
        REF.setRelease(file, slot + REF_OFFSET, ref);
    }

    /** Whether {@code ref} points at an entry (rather than empty or removed). */
    static boolean isEntry(long ref) {
        return ref > REMOVED;
    }
}

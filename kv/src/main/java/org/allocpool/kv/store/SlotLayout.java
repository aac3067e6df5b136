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
 *  key: the long key, or for a byte-string key the 64-bit hash of its bytes
 *  ref: 0 = empty, 1 = removed (tombstone),
 *       otherwise the file offset of the key's current entry (see EntryLayout), which is
 *       8-aligned: bit 2 (value 4) set means the key is a byte string (its bytes are in the
 *       entry), clear means a long key; bits 0 and 1 are zero
 * </pre>
 *
 * The byte-key bit lets a long-key lookup tell a long key from a byte key whose hash has the same
 * value without reading the entry; a byte-key lookup compares the entry's key bytes after the hash
 * matched (probing steps over collisions). The ref is the commit point of every write: it is stored
 * last, with a release store, after the entry (and, for a new slot, the key) is complete, so a slot
 * seen with an entry offset always names a whole entry. An aligned 8-byte store is atomic: a crash
 * leaves the old ref or the new. Stateless; thread-safe.
 */
final class SlotLayout {

    static final int SLOT_BYTES = 16;
    static final long KEY_OFFSET = 0;
    static final long REF_OFFSET = 8;

    static final long EMPTY = 0;
    static final long REMOVED = 1;
    /** The bit of a ref that marks a byte-string key. */
    static final long BYTE_KEY = 4;
    /** The bits of a ref that are not part of the entry's offset. */
    static final long FLAG_BITS = 7;

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

    /** Whether the entry {@code ref} points at has a byte-string key. */
    // hot path: no allocation
    static boolean isByteKey(long ref) {
        return (ref & BYTE_KEY) != 0;
    }

    /** The entry's file offset in {@code ref}. */
    // hot path: no allocation
    static long entryOf(long ref) {
        return ref & ~FLAG_BITS;
    }

    /** The ref of an entry at {@code entry}, a byte-string key's or a long key's. */
    // hot path: no allocation
    static long refOf(long entry, boolean byteKey) {
        return byteKey ? entry | BYTE_KEY : entry;
    }
}

package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * One slot of the open-addressing table (format version 3): one 64-bit word, 8-aligned,
 * little-endian. Slot {@code i} of segment {@code s} sits at
 * {@code tableOffset + (s * slotsPerSegment + i) * 8}.
 *
 * <pre>
 *  63                      40 39                                   3   2   1 0
 *  +------------------------+--------------------------------------+---+-----+
 *  | tag                    | entry offset / 8                     | B | 0 0 |
 *  | 24 bits of the key's   | (the offset's bits 3..39)            |   |     |
 *  | hash                   |                                      |   |     |
 *  +------------------------+--------------------------------------+---+-----+
 *  0 = empty, 1 = removed (tombstone), otherwise:
 *  tag: bits 40..63 of the key's mixed hash (KeyHash.mix of the long key, or of a byte-string key's
 *       64-bit hash), bits that choose neither the segment (32..39 at most) nor the first slot (0..29)
 *  entry offset: the file offset of the key's current entry (see EntryLayout), 8-aligned and below
 *       2^40 (a store file is at most 1 TiB: MAX_FILE_BYTES)
 *  B (bit 2): the key is a byte string (its bytes are in the entry), clear for a long key
 * </pre>
 *
 * The key is not in the slot: a lookup compares the tag, then reads the key field of the entry the
 * slot points at (a long key), or that field (the byte key's hash) and the key bytes. The byte-key
 * bit keeps a long key and a byte key whose hash has the same value apart. The word is the commit
 * point of every write: it is stored last, with a release store, after the entry is complete, so a
 * slot seen with an entry offset always names a whole entry; an aligned 8-byte store is atomic: a
 * crash leaves the old word or the new. Stateless; thread-safe.
 */
final class SlotLayout {

    static final int SLOT_BYTES = 8;

    static final long EMPTY = 0;
    static final long REMOVED = 1;
    /** The bit of a slot word that marks a byte-string key. */
    static final long BYTE_KEY = 4;
    /** The low bits of a slot word that are not part of the entry's offset. */
    static final long FLAG_BITS = 7;
    /** Bits of the entry offset, and where the tag starts. */
    static final int OFFSET_BITS = 40;
    /** A store file's largest length, exclusive: every entry offset must fit in {@link #OFFSET_BITS} bits. */
    static final long MAX_FILE_BYTES = 1L << OFFSET_BITS;
    /** The bits of a slot word that hold the entry's offset. */
    static final long ENTRY_MASK = (MAX_FILE_BYTES - 1) & ~FLAG_BITS;
    /** The most segments a file may have: the bits choosing one (from bit 32) must stay clear of the tag's. */
    static final int MAX_SEGMENTS = 1 << (OFFSET_BITS - 32);

    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle WORD = LONG.varHandle();

    private SlotLayout() {
    }

    // hot path: no allocation
    static long refAcquire(MemorySegment file, long slot) {
        return (long) WORD.getAcquire(file, slot);
    }

    /** Publishes {@code ref}: every store before it (the entry) is visible before it. */
    // hot path: no allocation
    static void setRefRelease(MemorySegment file, long slot, long ref) {
        WORD.setRelease(file, slot, ref);
    }

    /** Whether {@code ref} points at an entry (rather than empty or removed). */
    // hot path: no allocation
    static boolean isEntry(long ref) {
        return ref != EMPTY && ref != REMOVED;
    }

    /** Whether the entry {@code ref} points at has a byte-string key. */
    // hot path: no allocation
    static boolean isByteKey(long ref) {
        return (ref & BYTE_KEY) != 0;
    }

    /** The entry's file offset in {@code ref}. */
    // hot path: no allocation
    static long entryOf(long ref) {
        return ref & ENTRY_MASK;
    }

    /** The tag of {@code ref}: 24 bits. */
    static long tagOf(long ref) {
        return ref >>> OFFSET_BITS;
    }

    /** Whether {@code ref} carries the tag of the mixed hash {@code hash}. */
    // hot path: no allocation
    static boolean hasTag(long ref, long hash) {
        return ((ref ^ hash) >>> OFFSET_BITS) == 0;
    }

    /** The slot word of an entry at {@code entry} of a key of mixed hash {@code hash}, a byte-string key's or a long key's. */
    // hot path: no allocation
    static long refOf(long entry, boolean byteKey, long hash) {
        return (hash >>> OFFSET_BITS) << OFFSET_BITS | entry | (byteKey ? BYTE_KEY : 0);
    }

    /** {@code ref} moved to the entry at {@code entry} (of the same key): same tag, same kind of key. */
    // hot path: no allocation
    static long withEntry(long ref, long entry) {
        return (ref & ~ENTRY_MASK) | entry;
    }

    /** Whether a bit of {@code ref} is one no store writes in a word pointing at an entry (bits 0 and 1). */
    static boolean hasStrayBits(long ref) {
        return (ref & (FLAG_BITS & ~BYTE_KEY)) != 0;
    }
}

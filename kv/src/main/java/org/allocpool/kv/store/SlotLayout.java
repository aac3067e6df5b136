package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * One slot of the open-addressing table (format versions 4 and 5): one 64-bit word, 8-aligned,
 * little-endian. Slot {@code i} of segment {@code s} sits at
 * {@code tableOffset + (s * slotsPerSegment + i) * 8}.
 *
 * <pre>
 *  63                      40 39                                   3   2   1   0
 *  +------------------------+--------------------------------------+---+---+---+
 *  | tag                    | entry offset / 8                     | B | K | 0 |
 *  | 24 bits                | (the offset's bits 3..39)            |   |   |   |
 *  +------------------------+--------------------------------------+---+---+---+
 *  0 = empty, 1 = removed (tombstone), otherwise:
 *  tag: a long key from 0 to 2^24 - 1 ({@link #HELD_KEYS}): the key itself, and K (bit 1) set;
 *       any other key: bits 40..63 of its mixed hash (KeyHash.mix of the long key, or of a byte-string
 *       key's 64-bit hash), bits that choose neither the segment (32..39 at most) nor the first slot
 *       (0..29), and K clear
 *  entry offset: the file offset of the key's current entry (see EntryLayout), 8-aligned and below
 *       2^40 (a store file is at most 1 TiB: MAX_FILE_BYTES)
 *  B (bit 2): the key is a byte string (its bytes are in the entry), clear for a long key
 * </pre>
 *
 * A slot whose tag is a key (K set) names that key exactly: a lookup of it compares the word and
 * reads no entry, and a put that replaces it writes its new entry without reading the old one
 * first. Other slots name a key only with the entry: a lookup compares the tag, then reads the key
 * field of the entry the slot points at (a long key), or that field (the byte key's hash) and the
 * key bytes. The byte-key bit keeps a long key and a byte key whose hash has the same value apart.
 * The word is the commit point of every write: it is stored last, with a release store, after the
 * entry is complete, so a slot seen with an entry offset always names a whole entry; an aligned
 * 8-byte store is atomic: a crash leaves the old word or the new. Stateless; thread-safe.
 */
final class SlotLayout {

    static final int SLOT_BYTES = 8;

    static final long EMPTY = 0;
    static final long REMOVED = 1;
    /** The bit of a slot word that marks a byte-string key. */
    static final long BYTE_KEY = 4;
    /** The bit of a slot word whose tag is the long key itself. */
    static final long HELD_KEY = 2;
    /** The low bits of a slot word that are not part of the entry's offset. */
    static final long FLAG_BITS = 7;
    /** Bits of the entry offset, and where the tag starts. */
    static final int OFFSET_BITS = 40;
    /** A store file's largest length, exclusive: every entry offset must fit in {@link #OFFSET_BITS} bits. */
    static final long MAX_FILE_BYTES = 1L << OFFSET_BITS;
    /** The bits of a slot word that hold the entry's offset. */
    static final long ENTRY_MASK = (MAX_FILE_BYTES - 1) & ~FLAG_BITS;
    /** Long keys from 0 to this, exclusive, are held whole in their slot's tag. */
    static final long HELD_KEYS = 1L << (64 - OFFSET_BITS);
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

    /** Whether {@code ref}'s tag is its long key itself: it names the key with no entry read. */
    // hot path: no allocation
    static boolean holdsKey(long ref) {
        return (ref & HELD_KEY) != 0;
    }

    /**
     * The bits of the slot word of a long key {@code key}, or of the byte key of hash {@code key}
     * when {@code byteKey}, that are not the entry's offset: its tag and its flags ({@code hash} is
     * {@code KeyHash.mix(key)}). A probe computes them once and compares each slot with
     * {@link #hasMarks}.
     */
    // hot path: no allocation
    static long marks(boolean byteKey, long key, long hash) {
        return refOf(0, byteKey, key, hash);
    }

    /** The bits of {@code ref} that are not its entry's offset: its key's {@link #marks}. */
    // hot path: no allocation
    static long marksOf(long ref) {
        return ref & ~ENTRY_MASK;
    }

    /**
     * Whether {@code ref} (an entry's, not empty or removed) can be the slot of the key of
     * {@code marks} ({@link #marks}): when it {@link #holdsKey}, it is, exactly; otherwise its entry
     * tells.
     */
    // hot path: no allocation
    static boolean hasMarks(long ref, long marks) {
        return marksOf(ref) == marks;
    }

    /**
     * The slot word of an entry at {@code entry} of a long key {@code key}, or of the byte key of
     * hash {@code key} when {@code byteKey}; {@code hash} is {@code KeyHash.mix(key)}.
     */
    // hot path: no allocation
    static long refOf(long entry, boolean byteKey, long key, long hash) {
        if (byteKey) {
            return (hash >>> OFFSET_BITS) << OFFSET_BITS | entry | BYTE_KEY;
        }
        if (key >= 0 && key < HELD_KEYS) {
            return key << OFFSET_BITS | entry | HELD_KEY;
        }
        return (hash >>> OFFSET_BITS) << OFFSET_BITS | entry;
    }

    /** {@code ref} moved to the entry at {@code entry} (of the same key): same tag, same kind of key. */
    // hot path: no allocation
    static long withEntry(long ref, long entry) {
        return (ref & ~ENTRY_MASK) | entry;
    }

    /**
     * Whether {@code ref}, a word pointing at an entry, has bits no store writes: bit 0, or both B
     * and K (a byte key is never held in its slot).
     */
    static boolean hasStrayBits(long ref) {
        return (ref & 1) != 0 || (ref & (BYTE_KEY | HELD_KEY)) == (BYTE_KEY | HELD_KEY);
    }
}

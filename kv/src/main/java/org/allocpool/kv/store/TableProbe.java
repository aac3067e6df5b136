package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;

/**
 * Linear probing of one segment of the open-addressing slot table: from the slot the key's hash
 * names, on through the segment (wrapping at its end) until the key or an empty slot turns up.
 * Removed slots (tombstones) are stepped over, and reused by an insert.
 *
 * <p>A slot holds a long key from 0 to 2^24 - 1 whole, and then it is the key's when its word says
 * so: no entry is read ({@link SlotLayout#holdsKey}). Any other key's slot holds a tag of its hash:
 * the slot is the key's when its tag and flags are the key's and the entry it points at is the
 * key's: for a {@code long} key ({@code bytes == null}) a long-key entry whose key field is the
 * key; for a byte string ({@code key} is its hash) a byte-key entry whose key field is the hash and
 * whose key bytes match. So two byte keys of one hash, or a byte key and a long key of the same
 * value, sit in different slots.
 *
 * <p>Stateless; thread-safety is the caller's: a probe reads slots with acquire loads and is
 * consistent under the segment's lock (a read lock for {@link #find}, the write lock for a probe
 * that a write follows).
 */
final class TableProbe {

    /** {@link #findForInsert} result: the segment has neither the key nor a free slot. */
    static final long NO_ROOM = Long.MIN_VALUE;

    private TableProbe() {
    }

    /** The slot holding {@code key} (or the byte key {@code bytes}, of hash {@code key}) in {@code segment}, or -1. */
    // hot path: no allocation
    static long find(StoreMapping mapping, int segment, long hash, long key, ByteKey bytes) {
        final MemorySegment file = mapping.file;
        final int slots = mapping.slotsPerSegment;
        final int mask = slots - 1;
        final long marks = SlotLayout.marks(bytes != null, key, hash);
        int index = KeyHash.firstSlot(hash, slots);
        for (int probes = 0; probes < slots; probes++) {
            long slot = mapping.slot(segment, index);
            long ref = SlotLayout.refAcquire(file, slot);
            if (ref == SlotLayout.EMPTY) {
                return -1;
            }
            if (ref != SlotLayout.REMOVED && SlotLayout.hasMarks(ref, marks) && holds(file, ref, key, bytes)) {
                return slot;
            }
            index = (index + 1) & mask;
        }
        return -1;
    }

    /**
     * The slot holding {@code key} (a non-negative offset), else {@code ~slot} of the slot to
     * insert it in (the first removed slot on its probe path, or the empty slot that ends it),
     * else {@link #NO_ROOM}.
     */
    // hot path: no allocation
    static long findForInsert(StoreMapping mapping, int segment, long hash, long key, ByteKey bytes) {
        final MemorySegment file = mapping.file;
        final int slots = mapping.slotsPerSegment;
        final int mask = slots - 1;
        final long marks = SlotLayout.marks(bytes != null, key, hash);
        int index = KeyHash.firstSlot(hash, slots);
        long firstRemoved = -1;
        for (int probes = 0; probes < slots; probes++) {
            long slot = mapping.slot(segment, index);
            long ref = SlotLayout.refAcquire(file, slot);
            if (ref == SlotLayout.EMPTY) {
                return ~(firstRemoved >= 0 ? firstRemoved : slot);
            }
            if (ref == SlotLayout.REMOVED) {
                if (firstRemoved < 0) {
                    firstRemoved = slot;
                }
            } else if (SlotLayout.hasMarks(ref, marks) && holds(file, ref, key, bytes)) {
                return slot;
            }
            index = (index + 1) & mask;
        }
        return firstRemoved >= 0 ? ~firstRemoved : NO_ROOM;
    }

    /**
     * The first empty slot on the probe path of {@code hash}: where a growth puts an entry it copies
     * into a new table, whose keys are all distinct and none removed. -1 when the segment is full.
     */
    static long findEmpty(StoreMapping mapping, int segment, long hash) {
        final int slots = mapping.slotsPerSegment;
        int index = KeyHash.firstSlot(hash, slots);
        for (int probes = 0; probes < slots; probes++) {
            long slot = mapping.slot(segment, index);
            if (SlotLayout.refAcquire(mapping.file, slot) == SlotLayout.EMPTY) {
                return slot;
            }
            index = (index + 1) & (slots - 1);
        }
        return -1;
    }

    /**
     * Whether {@code ref}, whose tag and flags are the key's, is the key's: at once when the slot
     * holds the key; else when its entry has the same key field and, for a byte key, the same bytes.
     */
    // hot path: no allocation
    private static boolean holds(MemorySegment file, long ref, long key, ByteKey bytes) {
        if (SlotLayout.holdsKey(ref)) {
            return true;
        }
        long entry = SlotLayout.entryOf(ref);
        if (EntryLayout.key(file, entry) != key) {
            return false;
        }
        return bytes == null || EntryLayout.hasKey(file, entry, bytes);
    }
}

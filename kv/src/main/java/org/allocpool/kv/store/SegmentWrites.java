package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The writes a store makes under one segment's write lock, in the order that keeps the file
 * consistent after a crash at any instant: a put finds the key's slot ({@link #probe}), reserves
 * room for its entry ({@link #reserve}: a freed entry's, of its size or the front of a bigger one,
 * else the log's tail), writes its entry ({@link #write}), then seals it and points the key's slot
 * at it ({@link #publish}, the commit point) and frees the entry the slot pointed at; a remove
 * marks the key's slot removed ({@link #remove}) and frees its entry. In sync mode each of them
 * forces what it wrote before it returns. Keeps the {@link StoreCounts} up to date.
 *
 * <p><b>The replaced entry is freed by the next put.</b> In an async store of one process, a put
 * that replaces a key leaves the entry it replaced to the segment's next put ({@link #settle}),
 * which reads its size, counts it and frees it. A put then reads no entry but its slot when its
 * slot holds the key ({@link SlotLayout#holdsKey}): the old entry's miss is taken by the next put,
 * beside its own slot's, instead of after this one's. Until then the replaced entry is dead room
 * not yet marked freed, as it is for an instant after every put; a growth and a close settle every
 * segment first ({@link #settleAll}); a process killed in between leaves one such entry per
 * segment, dead room that the next growth drops.
 *
 * <p>Thread-safety: every method is called under the segment's write lock ({@link #settleAll}
 * under every write lock); writers of different segments share the log's tail through one atomic
 * add ({@link StoreCounts#reserve}).
 */
final class SegmentWrites {

    /** Longs between two segments' words of {@link #leftToFree}: one cache line, as writers of different segments write them. */
    private static final int LINE = 8;

    private final boolean sync;
    private final StoreCounts counts;
    /** The room of replaced and removed entries, for later puts; null when other processes share the file. */
    private final FreeEntries free;
    /** A growth under way in the background, which every write is applied to as well; set under every write lock. */
    private volatile GrowthAhead ahead;
    /**
     * Per segment, a cache line apart: the slot word of the entry its last replacing put left to
     * free ({@link SlotLayout#EMPTY} for none), and the entry that put wrote, in bytes. Null when
     * puts free what they replace at once (sync, or no reuse).
     */
    private final long[] leftToFree;

    /**
     * Writes in {@code sync} or async mode, keeping {@code counts}, for a store of {@code segments};
     * reusing freed room through {@code free}, unless null.
     */
    SegmentWrites(boolean sync, StoreCounts counts, FreeEntries free, int segments) {
        this.sync = sync;
        this.counts = counts;
        this.free = free;
        this.leftToFree = sync || free == null ? null : new long[segments * LINE];
    }

    /** Puts that wrote into a freed entry's room since the store was opened (tests). */
    long reused() {
        return free == null ? 0 : free.reused();
    }

    /** Of those, the puts that wrote into the front of a bigger freed entry (tests). */
    long split() {
        return free == null ? 0 : free.split();
    }

    /** The bytes of freed entries of {@code m} waiting out their grace time before puts reuse them ({@link FreeEntries#inGraceBytes}); read without locks. */
    long roomInGrace(StoreMapping m) {
        return free == null ? 0 : free.inGraceBytes(m);
    }

    /** {@link #reserve} result: the key's presence did not meet the put's condition; nothing was reserved. */
    static final long CONDITION_NOT_MET = -2;

    /**
     * The slot of {@code key} (or the byte key {@code bytes}, of hash {@code hash}) in
     * {@code segment}, as {@link TableProbe#findForInsert} gives it: the put's one probe, handed to
     * {@link #reserve} and {@link #publish} (the table does not change under the segment's lock).
     */
    // hot path: no allocation
    static long probe(StoreMapping m, int segment, long hash, long key, ByteKey bytes) {
        return TableProbe.findForInsert(m, segment, hash, key, bytes);
    }

    /**
     * Reserves room for an entry of {@code entryBytes} in {@code segment}, whose slot for the key
     * {@link #probe} found as {@code found}: the room of a freed entry when there is one
     * ({@link FreeEntries#take}), else the log's tail; -1 when the segment's table or the log is
     * full (the caller grows the store and retries); {@link #CONDITION_NOT_MET} when
     * {@code condition} wants the key absent and it is there, or present and it is not (an expired
     * entry counts as absent).
     */
    // hot path: no allocation
    long reserve(StoreMapping m, int segment, long found, long entryBytes, PutCondition condition) {
        if (condition != PutCondition.ALWAYS) {
            boolean present = found >= 0
                    && !EntryLayout.isExpired(m.file, SlotLayout.entryOf(SlotLayout.refAcquire(m.file, found)));
            if (present != (condition == PutCondition.IF_PRESENT)) {
                return CONDITION_NOT_MET;
            }
        }
        if (found == TableProbe.NO_ROOM) {
            return -1;
        }
        boolean takesEmptySlot = found < 0 && SlotLayout.refAcquire(m.file, ~found) == SlotLayout.EMPTY;
        if (takesEmptySlot && counts.isCrowded(m, segment)) {
            return -1;
        }
        if (free != null) {
            long room = free.take(m, segment, entryBytes);
            if (room >= 0) {
                return room;
            }
        }
        long entry = counts.reserve(m, entryBytes);
        return entry + entryBytes <= m.logEnd ? entry : -1;
    }

    /**
     * Writes the entry of {@code key} (or the byte key {@code bytes}, of hash {@code key}) at
     * {@code entry}, reserved by {@link #reserve}: its header, the key bytes, and {@code length}
     * value bytes from {@code segment}, or else from {@code array} at {@code offset}. Not visible to
     * readers until {@link #publish}.
     */
    // hot path: no allocation
    static void write(StoreMapping m, long entry, long key, ByteKey bytes, long expiresAt, MemorySegment segment,
                      byte[] array, int offset, int length) {
        MemorySegment f = m.file;
        int keyBytes = bytes == null ? 0 : bytes.length();
        long at = EntryLayout.writeHeader(f, entry, key, bytes == null ? EntryLayout.LONG_KEY : keyBytes, length,
                expiresAt);
        if (bytes != null) {
            MemorySegment.copy(bytes.segment(), 0, f, at, keyBytes);
            at += keyBytes;
        }
        if (array != null) {
            MemorySegment.copy(array, offset, f, ValueLayout.JAVA_BYTE, at, length);
        } else {
            MemorySegment.copy(segment, 0, f, at, length);
        }
    }

    /**
     * Seals the entry written at {@code entry} (its checksum), then points the key's slot at it:
     * the commit point. In sync mode the entry reaches the disk before the slot, and the slot
     * before this returns.
     */
    // hot path: no allocation (in async mode)
    void publish(StoreMapping m, int segment, long found, long key, ByteKey bytes, long entry, long entryBytes) {
        EntryLayout.seal(m.file, entry);
        if (sync) {
            m.force(entry, entryBytes);
            long previous = link(m, segment, found, key, bytes, entry, entryBytes);
            m.force(found >= 0 ? found : ~found, SlotLayout.SLOT_BYTES);
            release(m, segment, previous);
        } else if (leftToFree != null && found >= 0) {
            int at = segment * LINE;
            leftToFree[at] = point(m, segment, found, key, bytes, entry);
            leftToFree[at + 1] = entryBytes;
        } else {
            release(m, segment, link(m, segment, found, key, bytes, entry, entryBytes));
        }
    }

    /**
     * Counts and frees the entry the segment's last replacing put left ({@link #publish}), if any:
     * a put calls it first, before its probe, so that reading the old entry's size overlaps the
     * probe's read of the slot.
     */
    // hot path: no allocation
    void settle(StoreMapping m, int segment) {
        if (leftToFree == null) {
            return;
        }
        int at = segment * LINE;
        long previous = leftToFree[at];
        if (previous != SlotLayout.EMPTY) {
            leftToFree[at] = SlotLayout.EMPTY;
            long previousBytes = EntryLayout.entryBytes(m.file, SlotLayout.entryOf(previous));
            counts.replaced(m, segment, leftToFree[at + 1], previousBytes);
            free.free(m, segment, SlotLayout.entryOf(previous), previousBytes);
        }
    }

    /** {@link #settle} for every segment of {@code m}, the current mapping: before a growth replaces it, or a close; under every write lock. */
    void settleAll(StoreMapping m) {
        for (int segment = 0; leftToFree != null && segment < leftToFree.length / LINE; segment++) {
            settle(m, segment);
        }
    }

    /**
     * Points the key's slot, found by {@link #probe} as {@code found} (not {@link TableProbe#NO_ROOM}),
     * at the sealed entry {@code entry} (one release store of the slot's word, the commit point), applies it to a growth
     * under way and counts it; forces nothing and frees nothing: {@link #publish} in sync mode and
     * {@link SyncBatch} force around it, then {@link #release} the entry it replaced.
     *
     * @return the ref the slot held before: {@link SlotLayout#EMPTY}, {@link SlotLayout#REMOVED} or
     *         the replaced entry's
     */
    // hot path: no allocation
    long link(StoreMapping m, int segment, long found, long key, ByteKey bytes, long entry, long entryBytes) {
        long previous = point(m, segment, found, key, bytes, entry);
        if (found >= 0) {
            counts.replaced(m, segment, entryBytes, EntryLayout.entryBytes(m.file, SlotLayout.entryOf(previous)));
        } else {
            counts.inserted(m, segment, entryBytes, previous == SlotLayout.EMPTY);
        }
        return previous;
    }

    /** {@link #link} but for the counts: the slot's release store, and the same in a growth under way; returns the slot's word before. */
    // hot path: no allocation
    private long point(StoreMapping m, int segment, long found, long key, ByteKey bytes, long entry) {
        MemorySegment f = m.file;
        long slot = found >= 0 ? found : ~found;
        long previous = SlotLayout.refAcquire(f, slot);
        long ref = SlotLayout.refOf(entry, bytes != null, key, KeyHash.mix(key));
        SlotLayout.setRefRelease(f, slot, ref);
        GrowthAhead next = ahead;
        if (next != null && next.source == m) {
            next.put(segment, key, ref);
        }
        return previous;
    }

    /**
     * Frees the entry a slot pointed at before {@link #link} moved it on ({@code previous}, as link
     * returned it; nothing for an empty or removed slot), for a later put to write into: only once
     * that slot is as durable as the mode asks (forced, in sync mode), so that the room is never
     * rewritten while the disk may still hold a slot pointing at it. Under the segment's write lock.
     */
    // hot path: no allocation
    void release(StoreMapping m, int segment, long previous) {
        if (free != null && SlotLayout.isEntry(previous)) {
            long entry = SlotLayout.entryOf(previous);
            free.free(m, segment, entry, EntryLayout.entryBytes(m.file, entry));
        }
    }

    /**
     * Marks {@code slot} of {@code segment}, which points at {@code entry}, removed; in sync mode
     * forces it before returning.
     *
     * @return 0 (a {@link SlotLookup.SlotAction} result)
     */
    int remove(StoreMapping m, int segment, long slot, long entry) {
        GrowthAhead next = ahead;
        if (next != null && next.source == m) {
            next.remove(segment, slot);
        }
        SlotLayout.setRefRelease(m.file, slot, SlotLayout.REMOVED);
        if (sync) {
            m.force(slot, SlotLayout.SLOT_BYTES);
        }
        long entryBytes = EntryLayout.entryBytes(m.file, entry);
        counts.removed(m, segment, entryBytes);
        if (free != null) {
            free.free(m, segment, entry, entryBytes);
        }
        return 0;
    }

    /** Whether every write is forced to the disk before it returns ({@link Durability#SYNC}). */
    boolean isSync() {
        return sync;
    }

    /** The growth under way in the background, or null. */
    GrowthAhead ahead() {
        return ahead;
    }

    /** Applies every write to {@code next}'s new file as well from now on (null: no more); under every write lock. */
    void ahead(GrowthAhead next) {
        ahead = next;
    }
}

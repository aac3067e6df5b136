package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The writes a store makes under one segment's write lock, in the order that keeps the file
 * consistent after a crash at any instant: a put reserves log space ({@link #reserve}), writes
 * its entry ({@link #write}), then seals it and points the key's slot at it ({@link #publish}, the
 * commit point); a remove marks the key's slot removed ({@link #remove}). In sync mode each of
 * them forces what it wrote before it returns. Keeps the {@link StoreCounts} up to date.
 *
 * <p>Thread-safety: every method is called under the segment's write lock; writers of different
 * segments share the log's tail through one atomic add ({@link StoreCounts#reserve}).
 */
final class SegmentWrites {

    private final boolean sync;
    private final StoreCounts counts;
    /** A growth under way in the background, which every write is applied to as well; set under every write lock. */
    private volatile GrowthAhead ahead;

    SegmentWrites(boolean sync, StoreCounts counts) {
        this.sync = sync;
        this.counts = counts;
    }

    /** {@link #reserve} result: the key's presence did not meet the put's condition; nothing was reserved. */
    static final long CONDITION_NOT_MET = -2;

    /**
     * Reserves log space for an entry of {@code key} (or the byte key {@code bytes}, of hash
     * {@code key}) in {@code segment}: its file offset; -1 when the segment's table or the log is
     * full (the caller grows the store and retries); {@link #CONDITION_NOT_MET} when
     * {@code condition} wants the key absent and it is there, or present and it is not (an expired
     * entry counts as absent).
     */
    // hot path: no allocation
    long reserve(StoreMapping m, int segment, long hash, long key, ByteKey bytes, long entryBytes,
                 PutCondition condition) {
        long found = TableProbe.findForInsert(m, segment, hash, key, bytes);
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
        EntryLayout.writeHeader(f, entry, key, bytes == null ? EntryLayout.LONG_KEY : keyBytes, length, expiresAt);
        long at = entry + EntryLayout.KEY_BYTES_OFFSET;
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
    void publish(StoreMapping m, int segment, long hash, long key, ByteKey bytes, long entry, long entryBytes) {
        EntryLayout.seal(m.file, entry);
        if (sync) {
            m.force(entry, entryBytes);
        }
        long slot = link(m, segment, hash, key, bytes, entry, entryBytes);
        if (sync) {
            m.force(slot, SlotLayout.SLOT_BYTES);
        }
    }

    /**
     * Points the key's slot at the sealed entry {@code entry} (a release store, the commit point),
     * applies it to a growth under way and counts it; forces nothing: {@link #publish} in sync mode
     * and {@link SyncBatch} force around it.
     *
     * @return the slot's file offset, or {@link TableProbe#NO_ROOM} (nothing changed) when the key
     *         is not there and its segment has no free slot
     */
    // hot path: no allocation
    long link(StoreMapping m, int segment, long hash, long key, ByteKey bytes, long entry, long entryBytes) {
        MemorySegment f = m.file;
        long found = TableProbe.findForInsert(m, segment, hash, key, bytes);
        if (found == TableProbe.NO_ROOM) {
            return TableProbe.NO_ROOM;
        }
        boolean exists = found >= 0;
        long slot = exists ? found : ~found;
        long previous = SlotLayout.refAcquire(f, slot);
        if (!exists) {
            SlotLayout.setKey(f, slot, key);
        }
        SlotLayout.setRefRelease(f, slot, SlotLayout.refOf(entry, bytes != null));
        GrowthAhead next = ahead;
        if (next != null && next.source == m) {
            next.put(segment, key, SlotLayout.refOf(entry, bytes != null));
        }
        if (exists) {
            counts.replaced(m, segment, entryBytes, EntryLayout.entryBytes(f, SlotLayout.entryOf(previous)));
        } else {
            counts.inserted(m, segment, entryBytes, previous == SlotLayout.EMPTY);
        }
        return slot;
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
        counts.removed(m, segment, EntryLayout.entryBytes(m.file, entry));
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

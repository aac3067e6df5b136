package org.allocpool.kv.store;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A growth made in the background while the store goes on serving: the live entries are copied
 * into the next file a few hundred slots at a time, each batch under its segment's write lock, and
 * meanwhile every put and remove is applied to both files ({@link #put}, {@link #remove}, called
 * by {@link SegmentWrites} under the same lock). Once every segment is copied the new file is
 * forced without any lock held, and {@link StoreGrowth} swaps it in under every lock: a second
 * force of the few pages written since, the rename, the remap. Until the rename the old file is the
 * store and holds every write, so a crash at any moment leaves it, or the complete new file.
 *
 * <p>Why in the background: a growth copies every live entry and forces the new file, 0.8 to 1.6 s
 * for 1M users on the development VM, and a synchronous one stalls every reader and writer that
 * long; copied in batches, a put waits at most for one batch.
 *
 * <p>Thread-safety: made and run by one background thread; {@link #put} and {@link #remove} are
 * called by writers under their segment's write lock, the copy of a segment's batch holds that
 * lock too, so each slot of each segment is written by one thread at a time. The per-segment
 * counts are guarded by the segment's lock. Memory: owns the new mapping until the swap hands it
 * to {@link LiveMapping}, or {@link #abandon} unmaps it and deletes its file.
 */
final class GrowthAhead {

    /** Slots of the old table copied per lock hold: about 200 live entries at half full, some tens of microseconds. */
    static final int BATCH_SLOTS = 512;

    final StoreMapping source;
    final StoreMapping target;
    final Path temp;
    private final AtomicLong tail;
    final int[] liveBySegment;
    final int[] usedBySegment;
    /** Set when the new file ran out of room or a copy failed: the next growth is made the old way. */
    private volatile boolean failed;

    GrowthAhead(StoreMapping source, StoreMapping target, Path temp) {
        this.source = source;
        this.target = target;
        this.temp = temp;
        this.tail = new AtomicLong(target.logOffset);
        this.liveBySegment = new int[target.header.segments()];
        this.usedBySegment = new int[target.header.segments()];
    }

    /** Whether the copy went wrong and the new file must be dropped. */
    boolean hasFailed() {
        return failed;
    }

    /** Where appends resume in the new file. */
    long tail() {
        return tail.get();
    }

    /** Copies slots {@code [from, from + count)} of {@code segment} of the old table; under the segment's write lock. */
    void copyBatch(int segment, int from, int count) {
        MemorySegment file = source.file;
        for (int index = from; index < from + count && !failed; index++) {
            long slot = source.slot(segment, index);
            long ref = SlotLayout.refAcquire(file, slot);
            if (SlotLayout.isEntry(ref)) {
                long key = EntryLayout.key(file, SlotLayout.entryOf(ref));
                long found = findSame(segment, KeyHash.mix(key), key, ref);
                if (found < 0) { // else a write since the growth began put a newer value there
                    insert(segment, key, ref, found);
                }
            }
        }
    }

    /** A put published {@code ref} for {@code key} in {@code segment} of the old file: do the same in the new one. */
    // hot path: no allocation
    void put(int segment, long key, long ref) {
        if (failed) {
            return;
        }
        long found = findSame(segment, KeyHash.mix(key), key, ref);
        if (found >= 0) {
            long at = append(ref);
            if (at >= 0) {
                SlotLayout.setRefRelease(target.file, found, SlotLayout.withEntry(ref, at));
            }
        } else {
            insert(segment, key, ref, found);
        }
    }

    /** The key of slot {@code slot} of the old file (of entry {@code ref}) is being removed: remove it from the new one. */
    void remove(int segment, long slot) {
        if (failed) {
            return;
        }
        long ref = SlotLayout.refAcquire(source.file, slot);
        long key = EntryLayout.key(source.file, SlotLayout.entryOf(ref)); // the entry is freed only after this
        long found = findSame(segment, KeyHash.mix(key), key, ref);
        if (found >= 0) {
            SlotLayout.setRefRelease(target.file, found, SlotLayout.REMOVED);
            liveBySegment[segment]--;
        }
    }

    private void insert(int segment, long key, long ref, long found) {
        if (found == TableProbe.NO_ROOM) {
            failed = true;
            return;
        }
        long slot = ~found;
        boolean empty = SlotLayout.refAcquire(target.file, slot) == SlotLayout.EMPTY;
        if (empty && usedBySegment[segment] + 1 > (int) (target.slotsPerSegment * LiveCounts.MAX_LOAD)) {
            failed = true;
            return;
        }
        long at = append(ref);
        if (at < 0) {
            return;
        }
        SlotLayout.setRefRelease(target.file, slot, SlotLayout.withEntry(ref, at));
        liveBySegment[segment]++;
        if (empty) {
            usedBySegment[segment]++;
        }
    }

    /** Copies the entry {@code ref} points at in the old file to the new log: its offset there, or -1 (failed) when full. */
    private long append(long ref) {
        long entry = SlotLayout.entryOf(ref);
        long bytes = EntryLayout.entryBytes(source.file, entry);
        long at = tail.getAndAdd(bytes);
        if (at + bytes > target.logEnd) {
            failed = true;
            return -1;
        }
        MemorySegment.copy(source.file, entry, target.file, at, bytes);
        return at;
    }

    /**
     * The slot of the new table that holds the key of old entry {@code ref} (key field {@code key}),
     * else {@code ~slot} where to insert it, else {@link TableProbe#NO_ROOM}.
     */
    private long findSame(int segment, long hash, long key, long ref) {
        MemorySegment file = target.file;
        int slots = target.slotsPerSegment;
        int index = KeyHash.firstSlot(hash, slots);
        long firstRemoved = -1;
        for (int probes = 0; probes < slots; probes++) {
            long slot = target.slot(segment, index);
            long there = SlotLayout.refAcquire(file, slot);
            if (there == SlotLayout.EMPTY) {
                return ~(firstRemoved >= 0 ? firstRemoved : slot);
            }
            if (there == SlotLayout.REMOVED) {
                if (firstRemoved < 0) {
                    firstRemoved = slot;
                }
            } else if (SlotLayout.hasMarks(there, SlotLayout.marksOf(ref)) && sameKey(key, ref, there)) {
                return slot;
            }
            index = (index + 1) & (slots - 1);
        }
        return firstRemoved >= 0 ? ~firstRemoved : TableProbe.NO_ROOM;
    }

    /** Whether old entry {@code ref} (of key field {@code key}) and new entry {@code there}, whose tags and flags match, are one key. */
    private boolean sameKey(long key, long ref, long there) {
        if (SlotLayout.holdsKey(there)) {
            return true;
        }
        long b = SlotLayout.entryOf(there);
        if (EntryLayout.key(target.file, b) != key) {
            return false;
        }
        if (!SlotLayout.isByteKey(ref)) {
            return true;
        }
        long a = SlotLayout.entryOf(ref);
        int length = EntryLayout.keyLength(source.file, a);
        return length == EntryLayout.keyLength(target.file, b)
                && MemorySegment.mismatch(source.file, a + EntryLayout.KEY_BYTES_OFFSET, a + EntryLayout.KEY_BYTES_OFFSET + length,
                target.file, b + EntryLayout.KEY_BYTES_OFFSET, b + EntryLayout.KEY_BYTES_OFFSET + length) < 0;
    }

    /** Unmaps the new file and deletes it; nobody may reach it any more. Best effort. */
    void abandon() {
        try {
            target.close();
        } catch (IOException | RuntimeException e) {
            // best effort: the next open deletes the file
        }
        try {
            Files.deleteIfExists(temp);
        } catch (IOException e) {
            // best effort: the next open deletes the file
        }
    }
}

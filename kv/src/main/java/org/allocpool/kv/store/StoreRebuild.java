package org.allocpool.kv.store;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * Copies the live entries of a store into a new, bigger (or just compacted) file: how a store
 * grows. The new file is written beside the old one under a temporary name and forced to the disk
 * whole; the caller then renames it over the old file, so a crash at any moment leaves either the
 * old file or the complete new one. Removed slots and superseded entries are left behind.
 *
 * <p>Single-threaded: the caller holds every segment's write lock, so nobody writes the old file
 * meanwhile.
 */
final class StoreRebuild {

    /** The new mapping, where appends resume in it, and its live entries per segment. */
    record Rebuilt(StoreMapping mapping, long tail, int[] liveBySegment) {
    }

    static final int MAX_SLOTS_PER_SEGMENT = 1 << 30;
    /**
     * After a growth the live entries fill at most 1/4 of the log. Each growth copies the live
     * entries and forces the new file (7 to 35 ms for 10,000 entries on the development VM), so
     * under updates the room left between growths is what makes them rare: with 1/2 instead, a
     * replace-only load spent most of its time growing.
     */
    static final int LOG_HEADROOM = 4;

    private StoreRebuild() {
    }

    /**
     * Writes every live entry of {@code old} into a new file at {@code temp} laid out as
     * {@code next}, forced to the disk. {@code path} is the name it will have once moved into place.
     */
    static Rebuilt rebuild(StoreMapping old, Path temp, Path path, StoreHeader next) throws IOException {
        StoreMapping fresh = StoreMapping.create(temp, path, next);
        try {
            int[] live = new int[next.segments()];
            long tail = fresh.logOffset;
            MemorySegment from = old.file;
            MemorySegment to = fresh.file;
            for (int segment = 0; segment < old.header.segments(); segment++) {
                for (int index = 0; index < old.slotsPerSegment; index++) {
                    long ref = SlotLayout.refAcquire(from, old.slot(segment, index));
                    if (!SlotLayout.isEntry(ref)) {
                        continue;
                    }
                    long entry = SlotLayout.entryOf(ref);
                    long key = EntryLayout.key(from, entry);
                    long bytes = EntryLayout.entryBytes(from, entry);
                    MemorySegment.copy(from, entry, to, tail, bytes);
                    long hash = KeyHash.mix(key);
                    int newSegment = KeyHash.segment(hash, next.segments());
                    long slot = TableProbe.findEmpty(fresh, newSegment, hash);
                    SlotLayout.setKey(to, slot, key);
                    SlotLayout.setRefRelease(to, slot, SlotLayout.refOf(tail, SlotLayout.isByteKey(ref)));
                    live[newSegment]++;
                    tail += bytes;
                }
            }
            fresh.forceAll();
            return new Rebuilt(fresh, tail, live);
        } catch (RuntimeException e) {
            fresh.close();
            throw e;
        }
    }

    /**
     * The layout after a growth of {@code old}: twice the slots while the fullest segment would be
     * over half full, twice the log while the live bytes and one more entry of {@code entryBytes}
     * would fill over a quarter of it (neither grows when dropping removed slots and dead bytes is
     * enough).
     *
     * @throws IllegalStateException when a segment cannot have more slots
     */
    static StoreHeader grownHeader(StoreMapping old, int[] liveBySegment, long liveBytes, long entryBytes) {
        StoreHeader header = old.header;
        int fullest = 0;
        for (int live : liveBySegment) {
            fullest = Math.max(fullest, live);
        }
        int slotsPerSegment = header.slotsPerSegment();
        while (fullest + 1 > slotsPerSegment / 2) {
            if (slotsPerSegment >= MAX_SLOTS_PER_SEGMENT) {
                throw new IllegalStateException(old.path + ": the store is full (a segment holds at most "
                        + MAX_SLOTS_PER_SEGMENT + " slots)");
            }
            slotsPerSegment *= 2;
        }
        long logBytes = header.logBytes();
        while (liveBytes + entryBytes > logBytes / LOG_HEADROOM) {
            logBytes *= 2;
        }
        return new StoreHeader(header.segments(), slotsPerSegment, logBytes, header.maxValueBytes(),
                header.durability(), header.maxKeyBytes());
    }
}

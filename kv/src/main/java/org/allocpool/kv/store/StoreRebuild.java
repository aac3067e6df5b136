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
    private StoreRebuild() {
    }

    /**
     * Writes every live entry of {@code old} into a new file at {@code temp} laid out as
     * {@code next}, forced to the disk. {@code path} is the name it will have once moved into place;
     * {@code largePages}: map the new file with large pages ({@link LargePages}) before filling it.
     */
    static Rebuilt rebuild(StoreMapping old, Path temp, Path path, StoreHeader next, boolean largePages)
            throws IOException {
        StoreMapping fresh = StoreMapping.create(temp, path, next);
        try {
            if (largePages) {
                LargePages.advise(fresh.file);
            }
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
                    SlotLayout.setRefRelease(to, slot, SlotLayout.withEntry(ref, tail));
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
}

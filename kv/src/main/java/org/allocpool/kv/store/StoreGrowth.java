package org.allocpool.kv.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Grows a store whose segment or log is full: under every segment's write lock, rebuilds the live
 * entries into a new file ({@link StoreRebuild}), renames it over the old one, forces the
 * directory, makes the new mapping current and resets the log's tail and the counts. A crash at
 * any moment leaves the old file or the complete new one.
 *
 * <p>Thread-safe: any writer may call {@link #grow}; it takes every lock itself, and a writer that
 * lost the race to another growth (the generation moved on) finds nothing to do and retries.
 */
final class StoreGrowth {

    private final Path file;
    private final SegmentLocks locks;
    private final LiveMapping mapping;
    private final LiveCounts counts;
    private final SegmentWrites writes;

    StoreGrowth(Path file, SegmentLocks locks, LiveMapping mapping, LiveCounts counts, SegmentWrites writes) {
        this.file = file;
        this.locks = locks;
        this.mapping = mapping;
        this.counts = counts;
        this.writes = writes;
    }

    /**
     * Rebuilds the store into a new file with room for the live entries and one more entry of
     * {@code entryBytes}, unless another thread grew it since {@code seenGeneration} or it was
     * closed meanwhile. Call it holding no segment lock.
     *
     * @throws UncheckedIOException  when the new file cannot be written or moved into place
     * @throws IllegalStateException when a segment cannot have more slots
     */
    void grow(long seenGeneration, long entryBytes) {
        long[] stamps = locks.lockAll();
        try {
            if (!mapping.isOpen() || mapping.generation() != seenGeneration) {
                return;
            }
            StoreMapping old = mapping.current();
            StoreHeader next = StoreRebuild.grownHeader(old, counts.liveBySegment(), counts.liveBytes(), entryBytes);
            Path temp = file.resolveSibling(MappedStore.FILE_NAME + MappedStore.GROW_SUFFIX);
            Files.deleteIfExists(temp);
            StoreRebuild.Rebuilt rebuilt = StoreRebuild.rebuild(old, temp, file, next);
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                ProcessLock.forceDirectory(file.getParent());
            } catch (IOException | RuntimeException e) {
                rebuilt.mapping().close();
                throw e;
            }
            writes.resumeAt(rebuilt.tail());
            counts.rebuilt(rebuilt.liveBySegment());
            mapping.replace(rebuilt.mapping());
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot grow the store: " + e.getMessage(), e);
        } finally {
            locks.unlockAll(stamps);
        }
    }
}

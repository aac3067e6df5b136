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

    /**
     * After a growth the log has room for twice the live entries: the file and the process's
     * resident size stay within about twice the live data (the log's dead bytes are resident until
     * the next growth drops them). 4 (with the log doubled until it fit) made the file 5.6 times the
     * live bytes after a replace-only load, 520 MB for 93 MB of users. The price: under replacements
     * a growth recurs every time the live bytes were written once more.
     */
    static final long LOG_HEADROOM = 2;
    /**
     * How long the mapping a growth replaced stays mapped, so that a {@link ValueView} filled just
     * before the growth stays readable: a reader copies or decodes a view within microseconds.
     * Its pages (the whole old file, deleted) count in the resident size meanwhile.
     */
    static final long RETIRED_GRACE_NANOS = 250_000_000L;
    private static final long PAGE = HeaderLayout.HEADER_BYTES;

    private final Path file;
    private final SegmentLocks locks;
    private final LiveMapping mapping;
    private final LiveCounts counts;
    private final SegmentWrites writes;
    private final long retiredGraceNanos;

    StoreGrowth(Path file, SegmentLocks locks, LiveMapping mapping, LiveCounts counts, SegmentWrites writes,
                long retiredGraceNanos) {
        this.retiredGraceNanos = retiredGraceNanos;
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
            StoreHeader next = grownHeader(old, counts.liveBySegment(), counts.liveBytes(), entryBytes);
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

    /**
     * Unmaps the mapping the last growth replaced once it has been retired for the grace time
     * ({@link #RETIRED_GRACE_NANOS} unless a test says otherwise; its pages of the old file count in
     * the process's resident size until then; the next growth unmaps it in any case). Call it holding
     * no segment lock; cheap (one volatile read) when there is nothing to unmap.
     */
    // hot path: no allocation (while there is nothing to unmap)
    void releaseRetired() {
        long retiredAt = mapping.retiredAtNanos();
        if (retiredAt == 0 || System.nanoTime() - retiredAt < retiredGraceNanos) {
            return;
        }
        StoreMapping retired;
        long[] stamps = locks.lockAll();
        try {
            retired = mapping.isOpen() ? mapping.takeRetired() : null;
        } finally {
            locks.unlockAll(stamps);
        }
        if (retired != null) {
            try {
                retired.close(); // a reader still reading a view of it gets IllegalStateException, never freed memory
            } catch (IOException e) {
                throw new UncheckedIOException(file + ": cannot unmap the store's previous file: " + e.getMessage(), e);
            }
        }
    }

    /**
     * The layout after a growth of {@code old}: twice the slots while the fullest segment would be
     * over half full; a log of {@link #LOG_HEADROOM} times the live bytes and one more entry of
     * {@code entryBytes} when the old log is smaller than that (else the old log's size: dropping
     * dead bytes is enough).
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
            if (slotsPerSegment >= StoreRebuild.MAX_SLOTS_PER_SEGMENT) {
                throw new IllegalStateException(old.path + ": the store is full (a segment holds at most "
                        + StoreRebuild.MAX_SLOTS_PER_SEGMENT + " slots)");
            }
            slotsPerSegment *= 2;
        }
        long needed = (liveBytes + entryBytes) * LOG_HEADROOM;
        long logBytes = Math.max(header.logBytes(), (needed + PAGE - 1) / PAGE * PAGE);
        return new StoreHeader(header.segments(), slotsPerSegment, logBytes, header.maxValueBytes(),
                header.durability(), header.maxKeyBytes());
    }
}

package org.allocpool.kv.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * This process's side of a store file shared with others ({@link StoreConfig#shared()}): takes and
 * frees the locks in the file ({@link FileLocks}) for {@link SegmentLocks}, notices that another
 * process's growth replaced the file (the moved word of {@link SharedLayout}, read once per lock
 * taken) and maps the new one, and checks a segment whose lock it took over from a dead process.
 *
 * <p>After a takeover: when the file at the store's path is no longer the mapped one (the dead
 * process was growing the store and had renamed the new file into place), the mapped file is
 * marked moved and everyone remaps; otherwise every slot of the segment is checked as an opening
 * checks it (the entry it points at is whole: key, lengths, CRC32C), one that fails is marked
 * removed, and the segment's used and live slots are counted again. A dead writer's commit is one
 * aligned 8-byte store made after its entry was sealed, so every committed write is whole and kept,
 * and the rest (an entry written but not committed) is dead space in the log.
 *
 * <p>Thread-safety: {@link #enter} and {@link #exit} are called holding the segment's in-process
 * lock, {@link #enterAll}, {@link #exitAll} and {@link #remapIfMoved} holding every in-process
 * lock (so the current mapping does not change under them unless they change it).
 */
final class SharedMapping {

    private final Path file;
    private final LiveMapping mapping;
    private final int segments;
    final FileLocks locks = new FileLocks();
    /** The mapping whose every lock {@link #enterAll} took; guarded by every in-process lock. */
    private StoreMapping allLocked;
    /** Slots found pointing at a damaged entry after a takeover, and marked removed (tests). */
    private volatile long droppedAfterTakeover;
    /**
     * A lock was taken over in a file a growth had replaced: the takeover is counted in the file
     * mapped next too, so that the last closer of the session records no clean close. Set holding a
     * segment's in-process lock, read and cleared holding every one ({@link #remapIfMoved}).
     */
    private volatile boolean takeoverInReplacedFile;

    SharedMapping(Path file, LiveMapping mapping, int segments) {
        this.file = file;
        this.mapping = mapping;
        this.segments = segments;
    }

    /**
     * Takes {@code segment}'s lock in the current file.
     *
     * @return false (and no lock held) when the file was replaced: call {@link #remapIfMoved} and retry
     */
    // hot path: no allocation (while the lock is not taken over)
    boolean enter(int segment) {
        StoreMapping m = mapping.current();
        boolean tookOver = locks.lock(m.file, segment);
        if (tookOver && !isInPlace(m)) {
            SharedLayout.markMoved(m.file);
        }
        if (SharedLayout.isMoved(m.file)) {
            if (tookOver) {
                takeoverInReplacedFile = true;
            }
            locks.unlock(m.file, segment);
            return false;
        }
        if (tookOver) {
            repair(m, segment);
        }
        return true;
    }

    /** Frees {@code segment}'s lock in the current file. */
    // hot path: no allocation
    void exit(int segment) {
        locks.unlock(mapping.current().file, segment);
    }

    /**
     * Takes every segment's lock in the current file, in segment order.
     *
     * @return false (and none held) when the file was replaced: call {@link #remapIfMoved} and retry
     */
    boolean enterAll() {
        StoreMapping m = mapping.current();
        boolean moved = false;
        for (int s = 0; s < segments; s++) {
            if (locks.lock(m.file, s)) {
                if (!isInPlace(m)) {
                    SharedLayout.markMoved(m.file);
                }
                if (!SharedLayout.isMoved(m.file)) {
                    repair(m, s);
                } else {
                    takeoverInReplacedFile = true;
                }
            }
        }
        moved = SharedLayout.isMoved(m.file);
        if (moved) {
            for (int s = segments - 1; s >= 0; s--) {
                locks.unlock(m.file, s);
            }
            return false;
        }
        allLocked = m;
        return true;
    }

    /** Frees what {@link #enterAll} took, in the file it took it in (a growth may have replaced it since). */
    void exitAll() {
        StoreMapping m = allLocked;
        allLocked = null;
        for (int s = segments - 1; s >= 0; s--) {
            locks.unlock(m.file, s);
        }
    }

    /** Whether another process's growth replaced the mapped file (a hint, read without a lock). */
    boolean isReplaced() {
        return SharedLayout.isMoved(mapping.current().file);
    }

    /** Maps the file at the store's path while the current one was replaced by a growth. */
    void remapIfMoved() {
        try {
            while (mapping.isOpen() && SharedLayout.isMoved(mapping.current().file)) {
                mapping.replace(StoreMapping.open(file, true));
                if (takeoverInReplacedFile) {
                    takeoverInReplacedFile = false;
                    SharedLayout.countTakeover(mapping.current().file);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot map the store's file another process grew: "
                    + e.getMessage(), e);
        }
    }

    /** Whether no segment lock of {@code m} is held (by anyone): at a last close, no holder died holding one. */
    boolean isUnlocked(StoreMapping m) {
        for (int s = 0; s < segments; s++) {
            if (SharedLayout.lockAcquire(m.file, s) != 0) {
                return false;
            }
        }
        return true;
    }

    /** Locks taken over from a dead process in the current file's session (tests). */
    long takeovers() {
        return SharedLayout.takeovers(mapping.current().file);
    }

    /** Slots this process marked removed after a takeover because their entry was not whole (tests). */
    long droppedAfterTakeover() {
        return droppedAfterTakeover;
    }

    /** Whether {@code m} is still the file at the store's path. */
    private boolean isInPlace(StoreMapping m) {
        try {
            return Objects.equals(StoreMapping.fileKey(file), m.fileKey);
        } catch (IOException e) {
            return true; // cannot tell: keep the mapped file, whose moved word a live grower sets
        }
    }

    /** Checks every slot of {@code segment} after its holder died, and counts its slots again. */
    private void repair(StoreMapping m, int segment) {
        int used = 0;
        int live = 0;
        for (int index = 0; index < m.slotsPerSegment; index++) {
            long slot = m.slot(segment, index);
            long ref = SlotLayout.refAcquire(m.file, slot);
            if (ref == SlotLayout.EMPTY) {
                continue;
            }
            used++;
            if (ref == SlotLayout.REMOVED) {
                continue;
            }
            if (TableScan.entryProblem(m, segment, slot, ref) != null) {
                SlotLayout.setRefRelease(m.file, slot, SlotLayout.REMOVED);
                droppedAfterTakeover++;
                continue;
            }
            live++;
        }
        SharedLayout.setUsed(m.file, segment, used);
        SharedLayout.setLive(m.file, segment, live);
    }
}

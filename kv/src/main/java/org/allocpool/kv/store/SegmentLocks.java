package org.allocpool.kv.store;

import java.util.concurrent.locks.StampedLock;

/**
 * One {@link StampedLock} per segment of the slot table, picked by a key's mixed hash: reads of a
 * segment take its lock shared, writes exclusive, so keys of different segments are read and
 * written in parallel; whatever replaces the whole table (growth, close) takes every lock
 * exclusive, in segment order, so two such callers cannot deadlock.
 *
 * <p>When other processes share the file ({@link SharedMapping} given), the segment's lock in the
 * file is taken after the in-process one, for reads too (it is exclusive), and freed before it:
 * the in-process locks keep this process's threads apart and guard its mapping, the file's keep
 * the processes apart. A lock taken in a file another process's growth replaced is given back,
 * the new file mapped under every in-process lock, and the lock taken again, so a caller always
 * holds its segment in the current file. Lock order everywhere: in-process locks, then the
 * file's, each in segment order.
 *
 * <p>Thread-safe. Not reentrant: a thread holding a segment's lock must not take it again, nor
 * call {@link #lockAll()}; a thread whose {@link SyncBatch} holds the gate may ({@link #lockAll()}
 * commits the batch first).
 */
final class SegmentLocks {

    private final StampedLock[] locks;
    /**
     * Held shared by a {@link SyncBatch} from its first staged entry until its slots are published,
     * and exclusive by {@link #lockAll()} before any segment lock: the mapping a batch wrote its
     * entries into cannot be replaced (grown, closed) before it publishes them. Lock order: the
     * gate, then segment locks.
     */
    private final StampedLock batchGate = new StampedLock();
    /**
     * The calling thread's batch while it holds the gate: {@link #lockAll()} on that thread (a direct
     * put that grows the store, a close) commits it first, as the gate's write lock would otherwise
     * wait for the thread's own read lock for ever (issue 34).
     */
    private final ThreadLocal<SyncBatch> batchInGate = new ThreadLocal<>();
    /** This process's side of a file shared with others; null when it has the file to itself. */
    private final SharedMapping sharing;

    /** Locks for {@code segments} segments, a power of two; {@code sharing} null when no other process shares the file. */
    SegmentLocks(int segments, SharedMapping sharing) {
        locks = new StampedLock[segments];
        for (int i = 0; i < segments; i++) {
            locks[i] = new StampedLock();
        }
        this.sharing = sharing;
    }

    /** How many segments (and locks) there are. */
    int segments() {
        return locks.length;
    }

    /** The segment of a key's mixed hash ({@link KeyHash#mix}). */
    // hot path: no allocation
    int segmentOf(long hash) {
        return KeyHash.segment(hash, locks.length);
    }

    /**
     * Takes {@code segment}'s lock, exclusive (for a write) or shared (for a read); in a shared
     * file, its lock in the file as well.
     *
     * @return the stamp to give {@link #unlock}
     */
    // hot path: no allocation
    long lock(int segment, boolean exclusive) {
        StampedLock lock = locks[segment];
        long stamp = exclusive ? lock.writeLock() : lock.readLock();
        return sharing == null ? stamp : enterShared(segment, exclusive, stamp);
    }

    /**
     * A stamp for reading {@code segment} without taking its lock ({@link StampedLock#tryOptimisticRead}),
     * to be checked by {@link #validate}; 0 when the segment is write-locked now, or when other
     * processes share the file (their writes are not seen by this process's locks).
     */
    // hot path: no allocation
    long tryOptimisticRead(int segment) {
        return sharing == null ? locks[segment].tryOptimisticRead() : 0;
    }

    /** Whether no write lock of {@code segment} was taken since {@link #tryOptimisticRead} gave {@code stamp}. */
    // hot path: no allocation
    boolean validate(int segment, long stamp) {
        return locks[segment].validate(stamp);
    }

    /** Releases {@code segment}'s lock taken by {@link #lock} (in either mode) as {@code stamp}. */
    // hot path: no allocation
    void unlock(int segment, long stamp) {
        if (sharing != null) {
            sharing.exit(segment);
        }
        locks[segment].unlock(stamp);
    }

    /**
     * Takes every segment's lock exclusive in this process, in segment order; the stamps go to
     * {@link #unlockAll}. A batch of the calling thread holding the gate is committed first.
     *
     * @throws RuntimeException when that commit fails (nothing is locked)
     */
    long[] lockAll() {
        SyncBatch own = batchInGate.get();
        if (own != null) {
            own.commit(); // publishes its puts and leaves the gate, which this thread would else wait for itself
        }
        long[] stamps = new long[locks.length + 1];
        stamps[locks.length] = batchGate.writeLock(); // waits for the batches between staging and publishing
        for (int i = 0; i < locks.length; i++) {
            stamps[i] = locks[i].writeLock();
        }
        return stamps;
    }

    /** Releases what {@link #lockAll()} took, in reverse order. */
    void unlockAll(long[] stamps) {
        for (int i = locks.length - 1; i >= 0; i--) {
            locks[i].unlockWrite(stamps[i]);
        }
        batchGate.unlockWrite(stamps[locks.length]);
    }

    /**
     * Enters the gate of batches ({@link SyncBatch}): until {@link #exitBatch}, no {@link #lockAll()}
     * (a growth, a close) can begin. Take it holding no segment lock.
     *
     * @return the stamp to give {@link #exitBatch}
     */
    long enterBatch(SyncBatch batch) {
        long stamp = batchGate.readLock();
        batchInGate.set(batch); // set, not remove, on the way out: an entry reused, no allocation
        return stamp;
    }

    /** Leaves the gate of batches entered as {@code stamp}, on the thread that entered it. */
    void exitBatch(long stamp) {
        batchInGate.set(null);
        batchGate.unlockRead(stamp);
    }

    /**
     * As {@link #lockAll()}, and in a shared file every lock in the file as well, in the current
     * file (a replaced one is remapped first: the caller sees the mapping's generation move on).
     * The stamps go to {@link #unlockAllEverywhere}.
     */
    long[] lockAllEverywhere() {
        long[] stamps = lockAll();
        if (sharing != null) {
            try {
                while (!sharing.enterAll()) {
                    sharing.remapIfMoved();
                }
            } catch (RuntimeException | Error e) {
                unlockAll(stamps);
                throw e;
            }
        }
        return stamps;
    }

    /** Releases what {@link #lockAllEverywhere()} took. */
    void unlockAllEverywhere(long[] stamps) {
        try {
            if (sharing != null) {
                sharing.exitAll();
            }
        } finally {
            unlockAll(stamps);
        }
    }

    /**
     * In a shared file that another process's growth replaced since this process last took a lock:
     * maps the file now at the store's path, under every in-process lock, so that figures read
     * without a lock (entries, length) are the current file's. Call holding no lock; one load of the
     * moved word when nothing moved (or when the store is not shared: nothing).
     */
    void remapIfReplaced() {
        if (sharing != null && sharing.isReplaced()) {
            long[] all = lockAll();
            try {
                sharing.remapIfMoved();
            } finally {
                unlockAll(all);
            }
        }
    }

    /** Takes the file's lock of {@code segment}, whose in-process lock is held as {@code stamp}, remapping while the file was replaced. */
    private long enterShared(int segment, boolean exclusive, long stamp) {
        StampedLock lock = locks[segment];
        for (;;) {
            boolean entered;
            try {
                entered = sharing.enter(segment);
            } catch (RuntimeException | Error e) {
                lock.unlock(stamp); // e.g. the store was closed
                throw e;
            }
            if (entered) {
                return stamp;
            }
            lock.unlock(stamp);
            long[] all = lockAll();
            try {
                sharing.remapIfMoved();
            } finally {
                unlockAll(all);
            }
            stamp = exclusive ? lock.writeLock() : lock.readLock();
        }
    }
}

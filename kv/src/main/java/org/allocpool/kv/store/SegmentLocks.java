package org.allocpool.kv.store;

import java.util.concurrent.locks.StampedLock;

/**
 * One {@link StampedLock} per segment of the slot table, picked by a key's mixed hash: reads of a
 * segment take its lock shared, writes exclusive, so keys of different segments are read and
 * written in parallel; whatever replaces the whole table (growth, close) takes every lock
 * exclusive, in segment order, so two such callers cannot deadlock.
 *
 * <p>Thread-safe. Not reentrant: a thread holding a segment's lock must not take it again, nor
 * call {@link #lockAll()}.
 */
final class SegmentLocks {

    private final StampedLock[] locks;

    /** Locks for {@code segments} segments, a power of two. */
    SegmentLocks(int segments) {
        locks = new StampedLock[segments];
        for (int i = 0; i < segments; i++) {
            locks[i] = new StampedLock();
        }
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
     * Takes {@code segment}'s lock, exclusive (for a write) or shared (for a read).
     *
     * @return the stamp to give {@link #unlock}
     */
    // hot path: no allocation
    long lock(int segment, boolean exclusive) {
        StampedLock lock = locks[segment];
        return exclusive ? lock.writeLock() : lock.readLock();
    }

    /** Releases {@code segment}'s lock taken by {@link #lock} (in either mode) as {@code stamp}. */
    // hot path: no allocation
    void unlock(int segment, long stamp) {
        locks[segment].unlock(stamp);
    }

    /** Takes every segment's lock exclusive, in segment order; the stamps go to {@link #unlockAll}. */
    long[] lockAll() {
        long[] stamps = new long[locks.length];
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
    }
}

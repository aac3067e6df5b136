package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * The per-segment locks of a store file that several processes share: one 64-bit word per segment
 * in the file's header page ({@link SharedLayout}), taken with a compare-and-set of 0 to this
 * process's owner word (its pid in the high 32 bits, a random tag of this open in the low 32) and
 * freed with a release store of 0, through FFM {@code VarHandle}s on the mapped memory. A waiter
 * spins, then yields, then parks for 50 µs at a time.
 *
 * <p>A holder that died ({@code kill -9}) never frees its lock. So a waiter looks now and then
 * (every 32 parks, about every 2 ms) whether the owner is alive ({@link ProcessHandle#of}); when it is
 * not, it takes the lock over with a compare-and-set from the dead owner's word, and {@link #lock}
 * says so: the caller then checks what the dead holder may have half-written. The session tag tells
 * a dead earlier process that had this process's pid from a thread of this one. Limits: a pid
 * reused by a new process before a waiter looks keeps the lock held until that process ends; a
 * zombie (dead, not yet reaped by its parent) counts as alive on some systems.
 *
 * <p>Exclusive, not reentrant: a thread of this process that holds a segment's lock must not take it
 * again (the in-process {@link SegmentLocks} come first and make sure of it). Thread-safe.
 */
final class FileLocks {

    private static final int SPINS = 100;
    private static final int YIELDS = 100;
    private static final long PARK_NANOS = 50_000;
    private static final int PARKS_PER_CHECK = 32;

    private final long pid = ProcessHandle.current().pid();
    /** This open's owner word: pid and a non-zero random tag. */
    final long owner = pid << 32 | (ThreadLocalRandom.current().nextInt(1, Integer.MAX_VALUE) & 0xFFFF_FFFFL);

    /**
     * Takes {@code segment}'s lock in {@code file}.
     *
     * @return whether the lock was taken over from a dead holder (the segment may be half-written)
     */
    // hot path: no allocation (unless the lock is contended)
    boolean lock(MemorySegment file, int segment) {
        if (SharedLayout.compareAndSetLock(file, segment, 0, owner)) {
            return false;
        }
        return lockContended(file, segment);
    }

    /** Frees {@code segment}'s lock in {@code file}, held by this process. */
    // hot path: no allocation
    void unlock(MemorySegment file, int segment) {
        SharedLayout.unlockRelease(file, segment);
    }

    private boolean lockContended(MemorySegment file, int segment) {
        for (long round = 1; ; round++) {
            long word = SharedLayout.lockAcquire(file, segment);
            if (word == 0) {
                if (SharedLayout.compareAndSetLock(file, segment, 0, owner)) {
                    return false;
                }
                continue;
            }
            if (round < SPINS) {
                Thread.onSpinWait();
            } else if (round < SPINS + YIELDS) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(PARK_NANOS);
                if ((round - SPINS - YIELDS) % PARKS_PER_CHECK == 0 && isDead(word)
                        && SharedLayout.compareAndSetLock(file, segment, word, owner)) {
                    SharedLayout.countTakeover(file);
                    return true;
                }
            }
        }
    }

    /** Whether the holder whose owner word is {@code word} is gone. */
    boolean isDead(long word) {
        long holder = word >>> 32;
        if (holder == pid) {
            return word != owner; // another open of this pid: a dead earlier process that had it
        }
        Optional<ProcessHandle> process = ProcessHandle.of(holder);
        return process.isEmpty() || !process.get().isAlive();
    }
}

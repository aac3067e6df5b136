package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * The per-segment locks of a store file that several processes share: one 64-bit word per segment
 * in the file's header page ({@link SharedLayout}), taken with a compare-and-set of 0 to this
 * process's owner word (its pid in the high 32 bits, a tag of its start time in the low 32) and
 * freed with a release store of 0, through FFM {@code VarHandle}s on the mapped memory. A waiter
 * spins, then yields, then parks for 50 µs at a time.
 *
 * <p>A holder that died ({@code kill -9}) never frees its lock. So a waiter looks now and then
 * (every 32 parks, about every 2 ms) whether the owner is alive; when it is not, it takes the lock
 * over with a compare-and-set from the dead owner's word, and {@link #lock} says so: the caller then
 * checks what the dead holder may have half-written. "Alive" means: a process with the word's pid
 * runs ({@link ProcessHandle#of}) <em>and</em> it is the process that took the lock, i.e. the tag
 * of its start time ({@link ProcessHandle.Info#startInstant()}, {@link #startTag}) is the word's.
 * A pid the OS handed to a new process after the holder died carries another start time, so the
 * lock is taken over all the same (before 2026-11-24 such a pid kept the lock until the new process
 * ended). The same tag tells a dead earlier process that had this process's pid from this one.
 *
 * <p>Limits: where the OS does not tell a process's start time the tag is random and a live pid
 * counts as the holder (the old rule); two processes of one pid whose start times share a 32-bit
 * tag (one chance in 2<sup>32</sup> per reuse) are taken for one; a zombie (dead, not yet reaped
 * by its parent) counts as alive on some systems. A waiter does not time out.
 *
 * <p>Exclusive, not reentrant: a thread of this process that holds a segment's lock must not take it
 * again (the in-process {@link SegmentLocks} come first and make sure of it). Thread-safe.
 */
final class FileLocks {

    private static final int SPINS = 100;
    private static final int YIELDS = 100;
    private static final long PARK_NANOS = 50_000;
    private static final int PARKS_PER_CHECK = 32;
    /** What {@link #startTag} returns when the OS does not tell the start time. */
    static final int UNKNOWN_START = 0;

    private final long pid = ProcessHandle.current().pid();
    /** This process's owner word: pid and the non-zero tag of its start time (random when unknown). */
    final long owner = ownerWord(pid, ownTag());

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

    /**
     * Whether the holder whose owner word is {@code word} is gone: no process has its pid, or the
     * one that has it started at another time (the pid was reused), or the pid is this process's
     * and the word is not ({@code word} was left by a dead earlier process that had this pid).
     */
    boolean isDead(long word) {
        long holder = word >>> 32;
        if (holder == pid) {
            return word != owner;
        }
        Optional<ProcessHandle> process = ProcessHandle.of(holder);
        if (process.isEmpty() || !process.get().isAlive()) {
            return true;
        }
        int tag = startTag(process.get());
        return tag != UNKNOWN_START && tag != (int) word;
    }

    /** The owner word of process {@code pid} whose start-time tag is {@code tag}. */
    static long ownerWord(long pid, int tag) {
        return pid << 32 | (tag & 0xFFFF_FFFFL);
    }

    /**
     * A non-zero 32-bit tag of the start time of {@code process}, the same for every process that
     * asks (Linux derives it from {@code /proc/PID/stat}); {@link #UNKNOWN_START} when the OS does
     * not tell it (or the process ended meanwhile).
     */
    static int startTag(ProcessHandle process) {
        Optional<Instant> start = process.info().startInstant();
        if (start.isEmpty()) {
            return UNKNOWN_START;
        }
        Instant at = start.get();
        long mixed = (at.getEpochSecond() * 1_000_000_000L + at.getNano()) * 0x9E37_79B9_7F4A_7C15L;
        int tag = (int) (mixed >>> 32);
        return tag == UNKNOWN_START ? 1 : tag;
    }

    private static int ownTag() {
        int tag = startTag(ProcessHandle.current());
        return tag != UNKNOWN_START ? tag : ThreadLocalRandom.current().nextInt(1, Integer.MAX_VALUE);
    }
}

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
 * runs <em>and</em> it is the process that took the lock, i.e. the tag of its start time
 * ({@link #startTag}) is the word's. On Linux the start time is the kernel's count of clock ticks
 * since boot ({@link ProcessTable}), which no clock step moves (until issue 34 it was
 * {@link ProcessHandle.Info#startInstant()}, which moves with the wall clock: a sharer started after
 * a step computed another tag for a live holder and took its lock); a zombie is dead. A pid the OS
 * handed to a new process after the holder died carries another start time, so the lock is taken
 * over all the same. The same tag tells a dead earlier process that had this process's pid from
 * this one. A pid whose {@code /proc} entry this process cannot read ({@code hidepid=2},
 * {@code ProtectProc=invisible}, another user's) is asked with {@code kill(pid, 0)}: alive unless
 * the kernel says there is no such process (until issue 34 it counted as dead, and a live holder's
 * lock was taken).
 *
 * <p>Limits: a hidden pid that runs counts as the holder even if it was reused (its start time
 * cannot be read): the lock then waits for that process to end, a wait where a wrong takeover would
 * lose writes. Without native access (no {@code kill}), a hidden pid is asked of
 * {@link ProcessHandle} and counts as dead, as before. Where the OS has no {@code /proc} the tag is
 * {@link ProcessHandle.Info#startInstant()}'s, or random, and a live pid counts as the holder; two
 * processes of one pid whose start times share a 32-bit tag (one chance in 2<sup>32</sup> per reuse)
 * are taken for one. Every process sharing a file must run a build that computes the tag the same
 * way. A waiter does not time out.
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

    private final ProcessTable processes;
    private final long pid = ProcessHandle.current().pid();
    /** This process's owner word: pid and the non-zero tag of its start time (random when unknown). */
    final long owner;

    FileLocks() {
        this(ProcessTable.SYSTEM);
    }

    /** Locks that ask {@code processes} whether a holder lives (tests: a {@code /proc} laid out by the test). */
    FileLocks(ProcessTable processes) {
        this.processes = processes;
        this.owner = ownerWord(pid, ownTag(processes, pid));
    }

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
     * one that has it started at another time (the pid was reused) or is a zombie, or the pid is
     * this process's and the word is not ({@code word} was left by a dead earlier process that had
     * this pid).
     */
    boolean isDead(long word) {
        long holder = word >>> 32;
        if (holder == pid) {
            return word != owner;
        }
        ProcessTable.Stat stat = processes.stat(holder);
        if (stat != null) {
            return stat.isDead() || tagOfTicks(stat.startTicks()) != (int) word;
        }
        // no entry this process can read: gone, or hidden from it
        return switch (processes.presence(holder)) {
            case GONE -> true;
            case RUNNING -> false;
            case UNKNOWN -> isDeadByHandle(holder, word);
        };
    }

    /** Where neither {@code /proc} nor {@code kill} answers: the JDK's word. */
    private static boolean isDeadByHandle(long holder, long word) {
        Optional<ProcessHandle> process = ProcessHandle.of(holder);
        if (process.isEmpty() || !process.get().isAlive()) {
            return true;
        }
        int tag = instantTag(process.get());
        return tag != UNKNOWN_START && tag != (int) word;
    }

    /** The owner word of process {@code pid} whose start-time tag is {@code tag}. */
    static long ownerWord(long pid, int tag) {
        return pid << 32 | (tag & 0xFFFF_FFFFL);
    }

    /**
     * A non-zero 32-bit tag of the start time of {@code process}, the same for every process that
     * asks and whatever the wall clock did meanwhile (on Linux, of its start in clock ticks since
     * boot); {@link #UNKNOWN_START} when the OS does not tell it (or the process ended meanwhile).
     */
    static int startTag(ProcessHandle process) {
        return startTag(ProcessTable.SYSTEM, process.pid());
    }

    private static int startTag(ProcessTable processes, long pid) {
        ProcessTable.Stat stat = processes.stat(pid);
        if (stat != null) {
            return tagOfTicks(stat.startTicks());
        }
        return ProcessHandle.of(pid).map(FileLocks::instantTag).orElse(UNKNOWN_START);
    }

    /** The tag of a start at {@code ticks} clock ticks after boot ({@code /proc/PID/stat}). */
    static int tagOfTicks(long ticks) {
        return nonZero((int) ((ticks * 0x9E37_79B9_7F4A_7C15L) >>> 32));
    }

    /** The tag of {@link ProcessHandle.Info#startInstant()}: where the OS has no {@code /proc}. */
    private static int instantTag(ProcessHandle process) {
        Optional<Instant> start = process.info().startInstant();
        if (start.isEmpty()) {
            return UNKNOWN_START;
        }
        Instant at = start.get();
        long mixed = (at.getEpochSecond() * 1_000_000_000L + at.getNano()) * 0x9E37_79B9_7F4A_7C15L;
        return nonZero((int) (mixed >>> 32));
    }

    private static int nonZero(int tag) {
        return tag == UNKNOWN_START ? 1 : tag;
    }

    private static int ownTag(ProcessTable processes, long pid) {
        int tag = startTag(processes, pid);
        return tag != UNKNOWN_START ? tag : ThreadLocalRandom.current().nextInt(1, Integer.MAX_VALUE);
    }
}

package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The words that processes sharing one store file ({@link StoreConfig#shared()}) keep in its header
 * page, after the header's checksummed fields (which end at byte 64, see {@link HeaderLayout}): a
 * lock and the counts of each segment, the log's tail, and a word that says the file was replaced
 * by a growth. Little-endian, every word aligned to its size (the mapping starts on a page), so that
 * {@code compareAndSet} and {@code getAndAdd} through the {@link VarHandle}s below are atomic across
 * processes mapping the same pages.
 *
 * <pre>
 *  1024                1032        1088                1096                1104        1152
 *  +-------------------+ ... ------+-------------------+-------------------+ ... ------+
 *  | moved int64       |  (line)   | log tail int64    | live bytes int64  |  (line)   |
 *  +-------------------+ ... ------+-------------------+-------------------+ ... ------+
 *  1152                1160        2048
 *  +-------------------+ ... ------+
 *  | takeovers int64   |           |
 *  +-------------------+ ... ------+
 *  2048 + 32 x s       +8        +12       +16                 +32
 *  +-------------------+---------+---------+-------------------+
 *  | lock: owner pid   | used    | live    | zero              |   segment s (s &lt; 64)
 *  | &lt;&lt; 32 | start tag| slots   | slots   |                   |
 *  +-------------------+---------+---------+-------------------+
 *  moved:     0 while the file is the store's; 1 once a growth renamed a new file over it
 *  log tail:  where the next entry goes (an atomic add reserves room)
 *  live bytes: log bytes of live entries (exact unless a writer died mid-write, see SharedCounts)
 *  takeovers: locks taken over from a dead owner during this sharing session
 *  lock:      0 = free, else the holder's pid (high 32 bits) and a tag of its process's start time
 *             (low 32 bits; FileLocks: a live process with that pid but another start reused it)
 * </pre>
 *
 * The tail and the live bytes share a cache line (a put changes both); the moved word, read by
 * every operation and written once, has one of its own. A store's first shared opener writes every
 * word ({@link #initialize}); a process that opens the file alone never reads them. They are not
 * part of what a crash must keep: the first opener of the next session rebuilds them from a scan
 * or a clean close's record. Stateless; thread-safe.
 */
final class SharedLayout {

    static final long MOVED_OFFSET = 1024;
    static final long TAIL_OFFSET = 1088;
    static final long LIVE_BYTES_OFFSET = 1096;
    static final long TAKEOVERS_OFFSET = 1152;
    static final long SEGMENTS_OFFSET = 2048;
    static final int SEGMENT_BYTES = 32;
    /** The most segments whose words fit in the header page. */
    static final int MAX_SEGMENTS = (int) ((HeaderLayout.HEADER_BYTES - SEGMENTS_OFFSET) / SEGMENT_BYTES);

    private static final long LOCK = 0;
    private static final long USED = 8;
    private static final long LIVE = 12;

    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle WORD = LONG.varHandle();

    private SharedLayout() {
    }

    /** Where the lock word of {@code segment} is. */
    static long lockOffset(int segment) {
        return SEGMENTS_OFFSET + (long) segment * SEGMENT_BYTES + LOCK;
    }

    /**
     * Sets every shared word of a file that no other process has mapped: no lock held, not moved,
     * no takeover, and the counts a scan or a clean close's record found.
     */
    static void initialize(MemorySegment file, int segments, long tail, long liveBytes, int[] used, int[] live) {
        file.asSlice(MOVED_OFFSET, HeaderLayout.HEADER_BYTES - MOVED_OFFSET).fill((byte) 0);
        for (int s = 0; s < segments; s++) {
            setUsed(file, s, used[s]);
            setLive(file, s, live[s]);
        }
        file.set(LONG, LIVE_BYTES_OFFSET, liveBytes);
        WORD.setRelease(file, TAIL_OFFSET, tail); // last: publishes the words above
    }

    // hot path: no allocation
    static boolean compareAndSetLock(MemorySegment file, int segment, long expected, long owner) {
        return WORD.compareAndSet(file, lockOffset(segment), expected, owner);
    }

    // hot path: no allocation
    static long lockAcquire(MemorySegment file, int segment) {
        return (long) WORD.getAcquire(file, lockOffset(segment));
    }

    /** Frees {@code segment}'s lock: every write made under it is visible before. */
    // hot path: no allocation
    static void unlockRelease(MemorySegment file, int segment) {
        WORD.setRelease(file, lockOffset(segment), 0L);
    }

    /** Whether a growth replaced this file (read under a segment's lock, after taking it). */
    // hot path: no allocation
    static boolean isMoved(MemorySegment file) {
        return (long) WORD.getAcquire(file, MOVED_OFFSET) != 0;
    }

    /** Marks the file replaced: every process that takes one of its locks from now on remaps. */
    static void markMoved(MemorySegment file) {
        WORD.setRelease(file, MOVED_OFFSET, 1L);
    }

    /** Reserves {@code bytes} of log: where they start (past the log's end when it is full). */
    // hot path: no allocation
    static long reserveTail(MemorySegment file, long bytes) {
        return (long) WORD.getAndAdd(file, TAIL_OFFSET, bytes);
    }

    static long tail(MemorySegment file) {
        return (long) WORD.getVolatile(file, TAIL_OFFSET);
    }

    // hot path: no allocation
    static void addLiveBytes(MemorySegment file, long delta) {
        WORD.getAndAdd(file, LIVE_BYTES_OFFSET, delta);
    }

    static long liveBytes(MemorySegment file) {
        return (long) WORD.getVolatile(file, LIVE_BYTES_OFFSET);
    }

    static void countTakeover(MemorySegment file) {
        WORD.getAndAdd(file, TAKEOVERS_OFFSET, 1L);
    }

    /** Copies the takeover count of a file a growth replaces into its successor. */
    static void carryTakeovers(MemorySegment from, MemorySegment to) {
        WORD.setVolatile(to, TAKEOVERS_OFFSET, takeovers(from));
    }

    static long takeovers(MemorySegment file) {
        return (long) WORD.getVolatile(file, TAKEOVERS_OFFSET);
    }

    /** Slots of {@code segment} in use (live or removed); under its lock. */
    // hot path: no allocation
    static int used(MemorySegment file, int segment) {
        return file.get(INT, SEGMENTS_OFFSET + (long) segment * SEGMENT_BYTES + USED);
    }

    // hot path: no allocation
    static void setUsed(MemorySegment file, int segment, int used) {
        file.set(INT, SEGMENTS_OFFSET + (long) segment * SEGMENT_BYTES + USED, used);
    }

    /** Live slots of {@code segment}; under its lock (a read without it is a hint). */
    // hot path: no allocation
    static int live(MemorySegment file, int segment) {
        return file.get(INT, SEGMENTS_OFFSET + (long) segment * SEGMENT_BYTES + LIVE);
    }

    // hot path: no allocation
    static void setLive(MemorySegment file, int segment, int live) {
        file.set(INT, SEGMENTS_OFFSET + (long) segment * SEGMENT_BYTES + LIVE, live);
    }
}

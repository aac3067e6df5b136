package org.allocpool.kv.store;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What a store holds, counted as it changes: live entries and their log bytes over the whole
 * store, and per segment the live slots and the used ones (live or removed), which decide when a
 * segment is too full and the store must grow.
 *
 * <p>Thread-safety: the store totals are atomic and may be read by any thread; a segment's counts
 * are guarded by that segment's lock (written under its write lock), and read whole only under
 * every segment's write lock ({@link #liveBySegment()}, {@link #rebuilt}).
 */
final class LiveCounts {

    /** A segment grows when this share of its slots is used (live or removed). */
    static final double MAX_LOAD = 0.75;

    private final int[] usedBySegment;
    private final int[] liveBySegment;
    private final AtomicLong entries = new AtomicLong();
    private final AtomicLong liveBytes = new AtomicLong();

    /** The counts the opening found: by a scan of the file, or in the record of a clean close. */
    LiveCounts(CleanClose.Counts found) {
        usedBySegment = found.usedBySegment().clone();
        liveBySegment = found.liveBySegment().clone();
        entries.set(found.entries());
        liveBytes.set(found.liveBytes());
    }

    /** The counts now, with appends resuming at {@code tail}, for the record of a clean close; under every write lock. */
    CleanClose.Counts snapshot(long tail) {
        return new CleanClose.Counts(usedBySegment.clone(), liveBySegment.clone(), entries.get(), liveBytes.get(), tail);
    }

    /** Live entries in the store. */
    long entries() {
        return entries.get();
    }

    /** Log bytes taken by live entries (headers and padding included). */
    long liveBytes() {
        return liveBytes.get();
    }

    /** Whether one more used slot would take {@code segment} over {@link #MAX_LOAD}. */
    // hot path: no allocation
    boolean isCrowded(int segment, int slotsPerSegment) {
        return usedBySegment[segment] + 1 > (int) (slotsPerSegment * MAX_LOAD);
    }

    /** A new key took a slot of {@code segment}: an empty one, or a removed one taken back. */
    // hot path: no allocation
    void inserted(int segment, long entryBytes, boolean tookEmptySlot) {
        entries.incrementAndGet();
        liveBytes.addAndGet(entryBytes);
        liveBySegment[segment]++;
        if (tookEmptySlot) {
            usedBySegment[segment]++;
        }
    }

    /** A key's entry of {@code previousBytes} was replaced by one of {@code entryBytes}. */
    // hot path: no allocation
    void replaced(long entryBytes, long previousBytes) {
        liveBytes.addAndGet(entryBytes - previousBytes);
    }

    /** A key of {@code segment} whose entry took {@code entryBytes} was removed (its slot stays used). */
    void removed(int segment, long entryBytes) {
        entries.decrementAndGet();
        liveBytes.addAndGet(-entryBytes);
        liveBySegment[segment]--;
    }

    /** The live slots per segment, for sizing a growth; the array itself, read under every write lock. */
    int[] liveBySegment() {
        return liveBySegment;
    }

    /** Slots of {@code segment} in use (live or removed); a racy read without its lock is only a hint. */
    int used(int segment) {
        return usedBySegment[segment];
    }

    /** After a growth in the background: {@code live} entries and {@code used} slots per segment. */
    void rebuilt(int[] live, int[] used) {
        System.arraycopy(live, 0, liveBySegment, 0, liveBySegment.length);
        System.arraycopy(used, 0, usedBySegment, 0, usedBySegment.length);
    }

    /** After a growth: {@code live} entries per segment, and no removed slots. */
    void rebuilt(int[] live) {
        System.arraycopy(live, 0, liveBySegment, 0, liveBySegment.length);
        System.arraycopy(live, 0, usedBySegment, 0, usedBySegment.length);
    }
}

package org.allocpool.kv.store;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What a store that has its file to itself holds, counted on the heap as it changes: live entries
 * and their log bytes over the whole store, per segment the live slots and the used ones (live or
 * removed), which decide when a segment is too full and the store must grow, and the log's tail.
 * The mapping arguments of {@link StoreCounts} are not needed: there is one set of counts, of the
 * current file.
 *
 * <p>Every count is kept per segment and changed under that segment's write lock with plain
 * stores, so a put replacing a value makes no atomic operation here (the totals are sums over the
 * segments, each segment's live bytes on a cache line of its own, so that writers of different
 * segments do not share one); only an append's reservation of log room is atomic (the tail).
 *
 * <p>Thread-safety: a segment's counts are guarded by that segment's lock (written under its write
 * lock), and read whole only under every segment's write lock ({@link #liveBySegment},
 * {@link #grown}, {@link #snapshot}); the totals may be read by any thread at any time, as a sum of
 * racy reads (exact under every write lock); the tail is atomic.
 */
final class LiveCounts implements StoreCounts {

    /** A segment grows when this share of its slots is used (live or removed). */
    static final double MAX_LOAD = 0.75;

    /** Longs between two segments' live bytes: one 64-byte cache line each. */
    private static final int LINE = 8;

    private final int[] usedBySegment;
    private final int[] liveBySegment;
    /** Segment {@code s}'s live bytes at {@code s * LINE}; segment 0's also holds those the opening counted. */
    private final long[] liveBytesBySegment;
    /** Where the next entry goes; past the log's end when it is full. */
    private final AtomicLong tail;

    /** The counts the opening found: by a scan of the file, or in the record of a clean close. */
    LiveCounts(CleanClose.Counts found) {
        usedBySegment = found.usedBySegment().clone();
        liveBySegment = found.liveBySegment().clone();
        liveBytesBySegment = new long[liveBySegment.length * LINE];
        liveBytesBySegment[0] = found.liveBytes();
        tail = new AtomicLong(found.tail());
    }

    @Override
    public CleanClose.Counts snapshot(StoreMapping m) {
        return new CleanClose.Counts(usedBySegment.clone(), liveBySegment.clone(), entries(), liveBytes(),
                tail.get());
    }

    @Override
    // hot path: no allocation
    public long reserve(StoreMapping m, long bytes) {
        return tail.getAndAdd(bytes);
    }

    @Override
    public long tail(StoreMapping m) {
        return tail.get();
    }

    @Override
    public long entries() {
        long sum = 0;
        for (int live : liveBySegment) {
            sum += live;
        }
        return sum;
    }

    @Override
    // hot path: no allocation
    public long liveBytes() {
        long sum = 0;
        for (int i = 0; i < liveBytesBySegment.length; i += LINE) {
            sum += liveBytesBySegment[i];
        }
        return sum;
    }

    @Override
    // hot path: no allocation
    public boolean isCrowded(StoreMapping m, int segment) {
        return usedBySegment[segment] + 1 > (int) (m.slotsPerSegment * MAX_LOAD);
    }

    @Override
    // hot path: no allocation
    public void inserted(StoreMapping m, int segment, long entryBytes, boolean tookEmptySlot) {
        liveBytesBySegment[segment * LINE] += entryBytes;
        liveBySegment[segment]++;
        if (tookEmptySlot) {
            usedBySegment[segment]++;
        }
    }

    @Override
    // hot path: no allocation
    public void replaced(StoreMapping m, int segment, long entryBytes, long previousBytes) {
        liveBytesBySegment[segment * LINE] += entryBytes - previousBytes;
    }

    @Override
    public void removed(StoreMapping m, int segment, long entryBytes) {
        liveBytesBySegment[segment * LINE] -= entryBytes;
        liveBySegment[segment]--;
    }

    /** The live slots per segment, the array itself; read under every write lock. */
    @Override
    public int[] liveBySegment(StoreMapping m) {
        return liveBySegment;
    }

    @Override
    public int used(int segment) {
        return usedBySegment[segment];
    }

    @Override
    public void prepare(StoreMapping old, StoreMapping next, long newTail, int[] live, int[] used) {
        // on the heap: nothing to do until the new file is in place (grown)
    }

    /** After a growth: appends resume at {@code newTail}, {@code live} entries and {@code used} slots per segment. */
    @Override
    public void grown(long newTail, int[] live, int[] used) {
        System.arraycopy(live, 0, liveBySegment, 0, liveBySegment.length);
        System.arraycopy(used, 0, usedBySegment, 0, usedBySegment.length);
        tail.set(newTail);
    }
}

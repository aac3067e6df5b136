package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;

/**
 * The counts of a store whose file several processes share ({@link StoreConfig#shared()}), kept
 * in the file's header page ({@link SharedLayout}) so that every process sees every other's writes:
 * per segment the used and live slots (plain words, changed under the segment's lock, which lives
 * in the file too), and over the store the log's tail and the live bytes (atomic adds). The entries
 * are the sum of the live slots of the 64 segments, read without a lock: a snapshot.
 *
 * <p>What a writer killed between its commit and its count leaves: the segment's slots are counted
 * again by whoever takes its lock over ({@link SharedMapping}), so the entries stay exact; the live
 * bytes may be off by that writer's one entry until the next growth or scan (the takeover is
 * recorded, and the last closer then writes no clean-close record, so the next first opener scans).
 *
 * <p>Thread-safety: as {@link StoreCounts}; the no-mapping reads ({@link #entries}, {@link #liveBytes},
 * {@link #used}) read the current mapping. Memory: the words are in the mappings {@link LiveMapping} owns.
 */
final class SharedCounts implements StoreCounts {

    private final LiveMapping mapping;
    private final int segments;

    SharedCounts(LiveMapping mapping, int segments) {
        this.mapping = mapping;
        this.segments = segments;
    }

    @Override
    // hot path: no allocation
    public long reserve(StoreMapping m, long bytes) {
        return SharedLayout.reserveTail(m.file, bytes);
    }

    @Override
    public long tail(StoreMapping m) {
        return SharedLayout.tail(m.file);
    }

    @Override
    // hot path: no allocation
    public boolean isCrowded(StoreMapping m, int segment) {
        return SharedLayout.used(m.file, segment) + 1 > (int) (m.slotsPerSegment * LiveCounts.MAX_LOAD);
    }

    @Override
    // hot path: no allocation
    public void inserted(StoreMapping m, int segment, long entryBytes, boolean tookEmptySlot) {
        MemorySegment f = m.file;
        SharedLayout.setLive(f, segment, SharedLayout.live(f, segment) + 1);
        if (tookEmptySlot) {
            SharedLayout.setUsed(f, segment, SharedLayout.used(f, segment) + 1);
        }
        SharedLayout.addLiveBytes(f, entryBytes);
    }

    @Override
    // hot path: no allocation
    public void replaced(StoreMapping m, int segment, long entryBytes, long previousBytes) {
        if (entryBytes != previousBytes) {
            SharedLayout.addLiveBytes(m.file, entryBytes - previousBytes);
        }
    }

    @Override
    public void removed(StoreMapping m, int segment, long entryBytes) {
        MemorySegment f = m.file;
        SharedLayout.setLive(f, segment, SharedLayout.live(f, segment) - 1);
        SharedLayout.addLiveBytes(f, -entryBytes);
    }

    @Override
    public long entries() {
        MemorySegment f = mapping.current().file;
        long sum = 0;
        for (int s = 0; s < segments; s++) {
            sum += SharedLayout.live(f, s);
        }
        return sum;
    }

    @Override
    public long liveBytes() {
        return SharedLayout.liveBytes(mapping.current().file);
    }

    @Override
    public int used(int segment) {
        return SharedLayout.used(mapping.current().file, segment);
    }

    @Override
    public int[] liveBySegment(StoreMapping m) {
        int[] live = new int[segments];
        for (int s = 0; s < segments; s++) {
            live[s] = SharedLayout.live(m.file, s);
        }
        return live;
    }

    /** A growth (made the blocking way) packed the live entries from the new log's start: their bytes are exact again. */
    @Override
    public void prepare(StoreMapping old, StoreMapping next, long tail, int[] live, int[] used) {
        SharedLayout.initialize(next.file, segments, tail, tail - next.logOffset, used, live);
        SharedLayout.carryTakeovers(old.file, next.file);
    }

    @Override
    public void grown(long tail, int[] live, int[] used) {
        // the counts are in the new file already (prepare)
    }

    @Override
    public CleanClose.Counts snapshot(StoreMapping m) {
        int[] used = new int[segments];
        int[] live = liveBySegment(m);
        long entries = 0;
        for (int s = 0; s < segments; s++) {
            used[s] = SharedLayout.used(m.file, s);
            entries += live[s];
        }
        return new CleanClose.Counts(used, live, entries, SharedLayout.liveBytes(m.file),
                Math.min(SharedLayout.tail(m.file), m.logEnd));
    }
}

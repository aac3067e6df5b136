package org.allocpool.kv.store;

/**
 * What a store holds, counted as it changes, and where its log's next entry goes: kept on the heap
 * by a store that has its file to itself ({@link LiveCounts}), in the file's header page by stores
 * that share it with other processes ({@link SharedCounts}). A segment's counts are changed under
 * that segment's write lock; the methods taking a mapping act on that mapping's file.
 *
 * <p>Thread-safety: as each implementation says; the totals ({@link #entries}, {@link #liveBytes})
 * may be read by any thread at any time.
 */
sealed interface StoreCounts permits LiveCounts, SharedCounts {

    /** Reserves {@code bytes} of log in {@code m}: where they start (past the log's end when it is full). */
    long reserve(StoreMapping m, long bytes);

    /** Where the next entry goes in {@code m} (past the log's end when it is full). */
    long tail(StoreMapping m);

    /** Whether one more used slot would take {@code segment} of {@code m} over {@link LiveCounts#MAX_LOAD}. */
    boolean isCrowded(StoreMapping m, int segment);

    /** A new key took a slot of {@code segment}: an empty one, or a removed one taken back. */
    void inserted(StoreMapping m, int segment, long entryBytes, boolean tookEmptySlot);

    /** A key of {@code segment} whose entry took {@code previousBytes} got one of {@code entryBytes}. */
    void replaced(StoreMapping m, int segment, long entryBytes, long previousBytes);

    /** A key of {@code segment} whose entry took {@code entryBytes} was removed (its slot stays used). */
    void removed(StoreMapping m, int segment, long entryBytes);

    /** Live entries in the store. */
    long entries();

    /** Log bytes taken by live entries (headers and padding included). */
    long liveBytes();

    /** Slots of {@code segment} in use (live or removed); a racy read without its lock is only a hint. */
    int used(int segment);

    /** The live slots per segment of {@code m}, for sizing a growth; under every write lock. */
    int[] liveBySegment(StoreMapping m);

    /**
     * A growth copied the live entries of {@code old} into {@code next}, which is not yet in place:
     * counts kept in the file are written into {@code next} now, before other processes can see it.
     */
    void prepare(StoreMapping old, StoreMapping next, long tail, int[] live, int[] used);

    /** A growth put its file in place: counts kept on the heap take its numbers; under every write lock. */
    void grown(long tail, int[] live, int[] used);

    /** The counts of {@code m} now, for the record of a clean close; under every write lock. */
    CleanClose.Counts snapshot(StoreMapping m);
}

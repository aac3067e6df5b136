package org.allocpool.kv.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.locks.StampedLock;
import org.allocpool.kv.store.SlotLookup.SlotAction;

/**
 * A persistent off-heap hash map from {@code long} keys and byte-string keys ({@link ByteKey}, up
 * to {@link #maxKeyBytes()} bytes) to byte values, over one memory-mapped
 * file ({@code dir/store.kv}) reached through {@code FileChannel.map(..., arena)} and
 * {@link MemorySegment}: no {@code Unsafe}, no JNI, no restricted method.
 *
 * <p><b>Layout.</b> A header page ({@link HeaderLayout}), an open-addressing table of 8-byte slots
 * ({@link SlotLayout}: a tag of the key's hash and the entry's offset) cut into 64 segments, and an
 * append-only value log ({@link EntryLayout}): each entry carries its key (a long, or a byte key's
 * hash and bytes), length, an optional expiry time and a CRC32C; an entry of a long key without an
 * expiry time has a 16-byte header, others 32 bytes. The two kinds of key live side by side: the long 7 and the byte key "7" are
 * different keys. A value put with an expiry time is absent to reads once it has passed (it keeps
 * its room, and {@link #size()} counts it, until it is overwritten or removed: expiry is lazy). A put appends an entry and then points the slot
 * at it with a release store; a remove marks the slot removed. When a segment's table is 75% used
 * or the log is full, the store grows: it copies the live entries into a new file with twice the
 * slots or a bigger log as needed, forces it, renames it over the old one and remaps; usually in
 * the background before it is full ({@link StoreGrowth}, {@link GrowthAhead}).
 *
 * <p><b>Thread-safety.</b> Safe for any number of reader and writer threads in one process. Each of
 * the 64 table segments has its own {@link StampedLock}, chosen by the key's hash: {@code get} and
 * {@code containsKey} take the segment's read lock, {@code put} and {@code remove} its write lock,
 * so operations on keys of different segments run in parallel (appends to the shared log reserve
 * space with one atomic add). A read first tries without the lock, on an optimistic stamp it
 * validates after ({@link SlotLookup}): readers then write nothing shared. Growth and {@link #close()} take every segment's write lock.
 * One process at a time: a lock file ({@code dir/store.lock}) refuses a second opener, unless every
 * opener asks for {@link StoreConfig#shared()}: then several processes use the file at once, each
 * segment's lock, the counts and the log's tail living in the file's header page
 * ({@link SharedLayout}, {@link FileLocks}, {@link SharedCounts}, {@link SharedMapping}); a growth
 * is made the blocking way and the others remap; a lock whose holder died is taken over and its
 * segment checked.
 *
 * <p><b>Durability and crash safety.</b> See {@link Durability}. Every write is ordered so that a
 * crash of the process at any instant (even {@code kill -9}) leaves a consistent file: the entry
 * and its checksum are complete before the slot is published, so every acknowledged write is
 * there on reopen and no entry is half-written; a half-written entry that was never published is
 * dead space, overwritten by later appends. On reopen every live entry's checksum is verified.
 * In sync mode, puts may be group-committed through a {@link SyncBatch} ({@link #beginBatch()}):
 * two forces for the batch, entries before slots. The file's disk blocks are reserved as it grows
 * ({@link FileBlocks}): a full disk makes the put that needs the room throw
 * {@link UncheckedIOException}, writing and counting nothing, and never faults a later write.
 *
 * <p><b>Memory.</b> The mapping lives in a shared arena owned by the store. A growth maps the new
 * file and keeps the old mapping open for a quarter of a second (so a {@link ValueView} filled just
 * before a growth, and a read without a lock that began in it, stay readable), then a put releases
 * it (its pages count in the resident size until then); {@link #close()} releases them all.
 * Reading a released mapping throws {@link IllegalStateException}, never reads freed memory. The
 * room of a replaced or removed value is written again by a later put of the same size, 50 ms
 * after at the soonest ({@link FreeEntries}).
 *
 * <p><b>Inside.</b> This class is the API and the put loop; the jobs are done by
 * {@link SegmentLocks} (the locks), {@link SlotLookup} (lock, probe, act, unlock: every keyed call
 * but put), {@link TableProbe} (the open-addressing probes), {@link SegmentWrites} (the log and
 * slot writes of put and remove, in crash-safe order), {@link LiveCounts} (what is live, when to
 * grow), {@link StoreGrowth} (growth) and {@link LiveMapping} (the current and retired mappings).
 */
public final class MappedStore implements AutoCloseable {

    /** Returned by {@code get} when the key is absent. */
    public static final int ABSENT = SlotLookup.ABSENT;
    /** The store's file in its directory. */
    public static final String FILE_NAME = "store.kv";
    /** The suffix of a growing store's new file, beside the store's file, until it is renamed over it. */
    static final String GROW_SUFFIX = ".grow";

    // What the keyed calls do with the slot they find: constants that capture nothing, so no call allocates.
    private static final SlotAction<MemorySegment> COPY_INTO_SEGMENT = MappedStore::copyInto;
    private static final SlotAction<byte[]> COPY_INTO_ARRAY_IF_FITS = MappedStore::copyIntoIfFits;
    private static final SlotAction<ValueView> POINT_VIEW = MappedStore::pointAt;
    private static final SlotAction<Object> FOUND = (ignored, mapping, segment, slot, entry) -> 0;
    private static final SlotAction<SegmentWrites> REMOVE = SegmentWrites::remove;

    private final Path file;
    private final int maxValueBytes;
    private final int maxKeyBytes;
    private final ProcessLock processLock;
    private final SharedProcessLock sharedLock;
    /** This process's side of a file shared with other processes; null when it has the file alone. */
    private final SharedMapping sharing;
    private final SegmentLocks locks;
    private final LiveMapping mapping;
    private final StoreCounts counts;
    private final SegmentWrites writes;
    private final SlotLookup lookup;
    private final StoreGrowth growth;
    private final long entriesCheckedAtOpen;
    private final MappedFault fault;
    /** The key of the byte-key hash, the file's ({@link StoreHeader#keySeed}); every file of the store has it. */
    private final long keySeed;

    private MappedStore(StoreOpening.Opened opened, long retiredGraceNanos, boolean largePages) {
        this.file = opened.mapping().path;
        this.maxValueBytes = opened.maxValueBytes();
        this.maxKeyBytes = opened.maxKeyBytes();
        this.processLock = opened.lock();
        this.sharedLock = opened.sharedLock();
        int segments = opened.mapping().header.segments();
        this.mapping = new LiveMapping(opened.mapping());
        this.sharing = sharedLock == null ? null : new SharedMapping(file, mapping, segments);
        this.locks = new SegmentLocks(segments, sharing);
        this.entriesCheckedAtOpen = opened.entriesChecked();
        this.counts = sharing == null ? new LiveCounts(opened.counts()) : new SharedCounts(mapping, segments);
        this.writes = new SegmentWrites(opened.durability() == Durability.SYNC, counts,
                sharing == null ? new FreeEntries(segments,
                        Math.min(retiredGraceNanos, FreeEntries.REUSE_GRACE_NANOS)) : null, segments);
        this.fault = new MappedFault(file);
        this.keySeed = opened.mapping().header.keySeed();
        this.lookup = new SlotLookup(locks, mapping, fault, keySeed);
        this.growth = new StoreGrowth(file, locks, mapping, counts, writes, retiredGraceNanos, sharing == null,
                largePages);
        if (largePages) {
            LargePages.advise(opened.mapping().file); // before puts fault in the pages not in the page cache yet
        }
        mapping.onRetire(growth::unmapLater); // a growth's, or a sharer's remap of another process's growth
    }

    /**
     * Opens the store in {@code dir}, creating the directory and an empty store laid out for
     * {@code config} if there is none. An existing store keeps its layout; {@code config}'s value
     * limit and durability apply to this session.
     *
     * @throws StoreFileException when the file is not a store, of another version, truncated,
     *                            corrupted, or open in another process
     */
    public static MappedStore open(Path dir, StoreConfig config) throws IOException {
        return open(dir, config, StoreGrowth.RETIRED_GRACE_NANOS);
    }

    /** As {@link #open}, a store made here keyed by {@code keySeed}: 0 is format version 4's unkeyed hash (tests). */
    static MappedStore openWithKeySeed(Path dir, StoreConfig config, long keySeed) throws IOException {
        return new MappedStore(StoreOpening.open(dir, config, keySeed), StoreGrowth.RETIRED_GRACE_NANOS, false);
    }

    /** As {@link #open}, keeping the mapping a growth replaced for {@code retiredGraceNanos} (tests). */
    static MappedStore open(Path dir, StoreConfig config, long retiredGraceNanos) throws IOException {
        if (config.largePages()) {
            LargePages.requireAvailable();
        }
        return new MappedStore(StoreOpening.open(dir, config), retiredGraceNanos, config.largePages());
    }

    /**
     * Opens the store in {@code dir} with the value limit and durability it was created with.
     *
     * @throws StoreFileException when there is no store there, or it cannot be used (as {@link #open})
     */
    public static MappedStore openExisting(Path dir) throws IOException {
        return new MappedStore(StoreOpening.openExisting(dir), StoreGrowth.RETIRED_GRACE_NANOS, false);
    }

    /** Stores {@code value} (all of it) under {@code key}, replacing any previous value. */
    // hot path: no allocation (in async mode, when the store need not grow)
    public void put(long key, MemorySegment value) {
        put(key, null, value, null, 0, value.byteSize(), 0, PutCondition.ALWAYS);
    }

    /** Stores {@code length} bytes of {@code value} from {@code offset} under {@code key}. */
    // hot path: no allocation (in async mode, when the store need not grow)
    public void put(long key, byte[] value, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, value.length);
        put(key, null, null, value, offset, length, 0, PutCondition.ALWAYS);
    }

    /** Stores {@code length} bytes of {@code value} from {@code offset} under the byte key {@code key}. */
    // hot path: no allocation (in async mode, when the store need not grow)
    public void put(ByteKey key, byte[] value, int offset, int length) {
        put(key, value, offset, length, 0, PutCondition.ALWAYS);
    }

    /**
     * Stores {@code length} bytes of {@code value} from {@code offset} under the byte key {@code key}
     * if {@code condition} holds, the test and the write under one lock.
     *
     * @param expiresAtMillis when the value expires, in milliseconds since 1970 ({@link System#currentTimeMillis()}),
     *                        or 0 for never; from then on reads find the key absent
     * @return whether the value was stored
     * @throws IllegalArgumentException for a key or value over this session's limits
     */
    // hot path: no allocation (in async mode, when the store need not grow)
    public boolean put(ByteKey key, byte[] value, int offset, int length, long expiresAtMillis,
                       PutCondition condition) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(condition, "condition");
        Objects.checkFromIndexSize(offset, length, value.length);
        if (key.length() > maxKeyBytes) {
            throw new IllegalArgumentException("key of " + key.length() + " bytes is over the store's limit of "
                    + maxKeyBytes + " bytes (max key size)");
        }
        if (expiresAtMillis < 0) {
            throw new IllegalArgumentException("expiry time must be 0 (never) or positive, was " + expiresAtMillis);
        }
        return put(key.hash(keySeed), key, null, value, offset, length, expiresAtMillis, condition);
    }

    /**
     * Stores the value from {@code segment}, or else from {@code array} at {@code offset}, under
     * {@code key} (a long key when {@code bytes} is null, else the hash of the byte key {@code bytes}).
     */
    private boolean put(long key, ByteKey bytes, MemorySegment segment, byte[] array, int offset, long length,
                        long expiresAt, PutCondition condition) {
        if (length > maxValueBytes) {
            throw new IllegalArgumentException("value of " + length + " bytes is over the store's limit of "
                    + maxValueBytes + " bytes (max value size)");
        }
        fault.checkWritable();
        long hash = KeyHash.mix(key);
        int seg = locks.segmentOf(hash);
        long entryBytes = EntryLayout.entryBytes(EntryLayout.isExtended(bytes != null, expiresAt),
                bytes == null ? 0 : bytes.length(), length);
        for (;;) {
            long stamp = locks.lock(seg, true);
            long seenGeneration;
            boolean stored = false;
            try {
                StoreMapping m = mapping.current();
                seenGeneration = mapping.generation();
                writes.settle(m, seg);
                long found = SegmentWrites.probe(m, seg, hash, key, bytes);
                long entry = writes.reserve(m, seg, found, entryBytes, condition);
                if (entry == SegmentWrites.CONDITION_NOT_MET) {
                    return false;
                }
                if (entry >= 0) {
                    SegmentWrites.write(m, entry, key, bytes, expiresAt, segment, array, offset, (int) length);
                    writes.publish(m, seg, found, key, bytes, entry, entryBytes);
                    stored = true;
                }
            } catch (InternalError e) { // SIGBUS on the mapping: fail-stop, never a success
                throw fault.stop(e);
            } finally {
                locks.unlock(seg, stamp);
            }
            if (stored) {
                growth.releaseRetired();
                growth.growAheadIfFilling(seg);
                return true;
            }
            growth.grow(seenGeneration, entryBytes);
        }
    }

    /**
     * A group commit of puts for this store: puts made through it are forced to the disk together,
     * by its {@code commit()} (see {@link SyncBatch}). Only a {@link Durability#SYNC} store of one
     * process gains from it; in others its puts are made at once. One per thread; reusable.
     */
    public SyncBatch beginBatch() {
        return new SyncBatch(this, locks, mapping, writes, growth, writes.isSync() && sharing == null);
    }

    /** The durability of this session. */
    public Durability durability() {
        return writes.isSync() ? Durability.SYNC : Durability.ASYNC;
    }

    /**
     * Copies the value of {@code key} into {@code dst} from its start.
     *
     * @return the value's length, or {@link #ABSENT}
     * @throws IllegalArgumentException when {@code dst} is smaller than the value
     */
    // hot path: no allocation
    public int get(long key, MemorySegment dst) {
        return lookup.withSlot(key, null, false, dst, COPY_INTO_SEGMENT);
    }

    /** As {@link #get(long, MemorySegment)}, into a {@code byte[]} from index 0. */
    // hot path: no allocation
    public int get(long key, byte[] dst) {
        int length = getIfFits(key, dst);
        if (length > dst.length) {
            throw tooSmall(key, length, dst.length);
        }
        return length;
    }

    /**
     * Copies the value of {@code key} into {@code dst} from index 0 if it fits: a caller that sizes
     * its array to the values it meets asks again with a bigger one.
     *
     * @return the value's length (when over {@code dst.length}, nothing was copied), or {@link #ABSENT}
     */
    // hot path: no allocation
    public int getIfFits(long key, byte[] dst) {
        return lookup.withSlot(key, null, false, dst, COPY_INTO_ARRAY_IF_FITS);
    }

    /**
     * Points {@code view} at the stored value of {@code key}, without copying.
     *
     * @return false (and {@code view} untouched) when the key is absent
     */
    // hot path: no allocation
    public boolean get(long key, ValueView view) {
        return lookup.withSlot(key, null, false, view, POINT_VIEW) != ABSENT;
    }

    /** Removes {@code key}; false when it was absent. */
    public boolean remove(long key) {
        return lookup.withSlot(key, null, true, writes, REMOVE) != ABSENT;
    }

    /** Whether {@code key} has a value. */
    // hot path: no allocation
    public boolean containsKey(long key) {
        return lookup.withSlot(key, null, false, null, FOUND) != ABSENT;
    }

    /**
     * Copies the value of the byte key {@code key} into {@code dst} from index 0 if it fits (as
     * {@link #getIfFits(long, byte[])}).
     *
     * @return the value's length (when over {@code dst.length}, nothing was copied), or {@link #ABSENT}
     */
    // hot path: no allocation
    public int getIfFits(ByteKey key, byte[] dst) {
        return lookup.withSlot(0, Objects.requireNonNull(key, "key"), false, dst, COPY_INTO_ARRAY_IF_FITS);
    }

    /** Points {@code view} at the stored value of the byte key {@code key}, without copying (as {@link #get(long, ValueView)}). */
    // hot path: no allocation
    public boolean get(ByteKey key, ValueView view) {
        return lookup.withSlot(0, Objects.requireNonNull(key, "key"), false, view, POINT_VIEW) != ABSENT;
    }

    /** Removes the byte key {@code key}; false when it was absent (or had expired: it is removed all the same). */
    public boolean remove(ByteKey key) {
        return lookup.withSlot(0, Objects.requireNonNull(key, "key"), true, writes, REMOVE) != ABSENT;
    }

    /** Whether the byte key {@code key} has an unexpired value. */
    // hot path: no allocation
    public boolean containsKey(ByteKey key) {
        return lookup.withSlot(0, Objects.requireNonNull(key, "key"), false, null, FOUND) != ABSENT;
    }

    /** Live entries of both kinds of key (values that expired but were not yet removed or replaced included). */
    public long size() {
        locks.remapIfReplaced(); // shared: another process may have grown the store since our last lock
        return counts.entries();
    }

    /**
     * Calls {@code visitor} once per live entry of a {@code long} key (byte-string keys are not
     * visited; expired values are), segment by segment, each segment under its read
     * lock (writers to other segments go on meanwhile; an entry written during the walk may or may
     * not be seen). Allocates one read-only slice per entry.
     */
    public void forEach(EntryVisitor visitor) {
        for (int segment = 0; segment < locks.segments(); segment++) {
            long stamp = locks.lock(segment, false);
            try {
                StoreMapping m = mapping.current();
                for (int index = 0; index < m.slotsPerSegment; index++) {
                    long slot = m.slot(segment, index);
                    long ref = SlotLayout.refAcquire(m.file, slot);
                    if (SlotLayout.isEntry(ref) && !SlotLayout.isByteKey(ref)) {
                        long entry = SlotLayout.entryOf(ref);
                        int length = EntryLayout.length(m.file, entry);
                        visitor.entry(EntryLayout.key(m.file, entry),
                                m.file.asSlice(EntryLayout.valueOffset(m.file, entry), length).asReadOnly());
                    }
                }
            } finally {
                locks.unlock(segment, stamp);
            }
        }
    }

    /** The store's file. */
    public Path file() {
        return file;
    }

    /** The file's current length (header, table and log). */
    public long fileBytes() {
        locks.remapIfReplaced(); // shared: another process may have grown the store since our last lock
        return mapping.current().header.fileBytes();
    }

    /** The largest value this session accepts. */
    public int maxValueBytes() {
        return maxValueBytes;
    }

    /** The longest byte-string key this session accepts. */
    public int maxKeyBytes() {
        return maxKeyBytes;
    }

    /**
     * Log bytes taken by live entries (headers and padding included). Takes each segment's write
     * lock in turn, to count out the entries that replacing puts left to the next put
     * ({@link SegmentWrites#settle}).
     */
    public long liveBytes() {
        locks.remapIfReplaced(); // shared: another process may have grown the store since our last lock
        for (int segment = 0; segment < locks.segments(); segment++) {
            long stamp = locks.lock(segment, true);
            try {
                writes.settle(mapping.current(), segment);
            } finally {
                locks.unlock(segment, stamp);
            }
        }
        return counts.liveBytes();
    }

    /** Grows the store as the background does, on the calling thread, while others go on writing (tests). */
    boolean growInBackgroundWayNow() {
        return growth.growAheadNow();
    }

    /** Waits (at most 10 s) until a growth under way in the background has been swapped in or dropped (tests). */
    void awaitGrowthInBackground() {
        growth.awaitAhead();
    }

    /** Puts that wrote into the room of a replaced or removed entry instead of appending, since the open (tests). */
    long reusedEntries() {
        return writes.reused();
    }

    /** Of those, the puts that wrote into the front of a bigger freed entry (tests). */
    long splitEntries() {
        return writes.split();
    }

    /** Whether a mapping a growth replaced is still mapped, waiting out its grace time (tests). */
    boolean hasRetiredMappings() {
        return mapping.retiredAtNanos() != 0;
    }

    /** The store's segments (tests). */
    int segments() {
        return locks.segments();
    }

    /** Bytes of the log up to its tail: every entry ever appended since the last copy (tests). */
    long logTailBytes() {
        StoreMapping m = mapping.current();
        return counts.tail(m) - m.logOffset;
    }

    /** Logs grown in place (no copy) since the open (tests). */
    long logExtensions() {
        return growth.extensions();
    }

    /** Growths that copied the live entries into a new file since the open (tests). */
    long growthsByCopy() {
        return growth.copies();
    }

    /** Live entries whose checksum the opening verified: all of them after a crash, none after a clean close. */
    long entriesCheckedAtOpen() {
        return entriesCheckedAtOpen;
    }

    /** The key of the byte-key hash in this store's files ({@link KeyHash#ofBytes}). */
    long keySeed() {
        return keySeed;
    }

    /** The store's fail-stop switch for faults of its mapping ({@link SyncBatch} writes through it too). */
    MappedFault fault() {
        return fault;
    }

    /** Whether other processes may have this store's file open too ({@link StoreConfig#shared()}). */
    public boolean isShared() {
        return sharing != null;
    }

    /** Segment locks taken over from a dead process since the shared file was set up (tests); 0 when not shared. */
    long takeovers() {
        return sharing == null ? 0 : sharing.takeovers();
    }

    /** Slots this process dropped after a takeover because their entry was not whole (tests). */
    long droppedAfterTakeover() {
        return sharing == null ? 0 : sharing.droppedAfterTakeover();
    }

    /** Takes {@code segment}'s lock and never gives it back: a process that then dies holds it (tests). */
    void lockSegmentForever(int segment) {
        locks.lock(segment, true);
    }

    /** How many times this process mapped a new file: its own growths and, when shared, other processes' (tests). */
    long generation() {
        return mapping.generation();
    }

    /** The segment of a {@code long} key (tests). */
    int segmentOf(long key) {
        return locks.segmentOf(KeyHash.mix(key));
    }

    /**
     * Forces the file to the disk (in both durability modes), unmaps it and releases the process
     * lock; idempotent. Later calls throw {@link IllegalStateException}. Of processes sharing the
     * file, only the last to close records a clean close (and only when no process died holding a
     * lock during the session): the next open then skips the scan.
     */
    @Override
    public void close() {
        long[] stamps = locks.lockAll();
        try {
            if (mapping.isOpen() && sharing != null) {
                closeShared();
            } else if (mapping.isOpen()) {
                growth.stopAhead();
                try (processLock) {
                    writes.settleAll(mapping.current());
                    CleanClose.Counts closing = counts.snapshot(mapping.current());
                    mapping.close();
                    // forced and unmapped: the counts describe the file as the next open will find it;
                    // after a fault of the mapping they may not, and the next open checks every entry
                    if (!fault.hasStopped()) {
                        CleanClose.write(file, closing);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot close the store: " + e.getMessage(), e);
        } finally {
            locks.unlockAll(stamps);
            growth.awaitAhead();
        }
    }

    /** Closes a shared store, under every in-process lock: the last process out records a clean close. */
    private void closeShared() throws IOException {
        try (sharedLock) {
            CleanClose.Counts closing = null;
            if (sharedLock.leave()) {
                sharing.remapIfMoved(); // the record describes the file at the path
                StoreMapping m = mapping.current();
                if (sharing.isUnlocked(m) && SharedLayout.takeovers(m.file) == 0) {
                    closing = counts.snapshot(m);
                }
            }
            mapping.close();
            if (closing != null) {
                CleanClose.write(file, closing);
            }
        }
    }

    // hot path: no allocation
    private static int copyInto(MemorySegment dst, StoreMapping m, int segment, long slot, long entry) {
        int length = EntryLayout.length(m.file, entry);
        if (length > dst.byteSize()) {
            throw tooSmall(EntryLayout.key(m.file, entry), length, dst.byteSize());
        }
        MemorySegment.copy(m.file, EntryLayout.valueOffset(m.file, entry), dst, 0, length);
        return length;
    }

    // hot path: no allocation
    private static int copyIntoIfFits(byte[] dst, StoreMapping m, int segment, long slot, long entry) {
        int length = EntryLayout.length(m.file, entry);
        if (length <= dst.length) {
            MemorySegment.copy(m.file, ValueLayout.JAVA_BYTE, EntryLayout.valueOffset(m.file, entry), dst, 0, length);
        }
        return length;
    }

    // hot path: no allocation
    private static int pointAt(ValueView view, StoreMapping m, int segment, long slot, long entry) {
        int length = EntryLayout.length(m.file, entry);
        view.wrap(m.file, EntryLayout.valueOffset(m.file, entry), length);
        return length;
    }

    private static IllegalArgumentException tooSmall(long key, int length, long room) {
        return new IllegalArgumentException("the value of key " + key + " has " + length
                + " bytes, the destination only " + room);
    }
}

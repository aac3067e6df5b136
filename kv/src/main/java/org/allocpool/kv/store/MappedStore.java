package org.allocpool.kv.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.StampedLock;

/**
 * A persistent off-heap hash map from {@code long} keys to byte values, over one memory-mapped
 * file ({@code dir/store.kv}) reached through {@code FileChannel.map(..., arena)} and
 * {@link MemorySegment}: no {@code Unsafe}, no JNI, no restricted method.
 *
 * <p><b>Layout.</b> A header page ({@link HeaderLayout}), an open-addressing table of 16-byte slots
 * ({@link SlotLayout}) cut into 64 segments, and an append-only value log ({@link EntryLayout}):
 * each entry carries its key, length and a CRC32C. A put appends an entry and then points the slot
 * at it with a release store; a remove marks the slot removed. When a segment's table is 75% used
 * or the log is full, the store grows: it copies the live entries into a new file with twice the
 * slots or log as needed, forces it, renames it over the old one and remaps.
 *
 * <p><b>Thread-safety.</b> Safe for any number of reader and writer threads in one process. Each of
 * the 64 table segments has its own {@link StampedLock}, chosen by the key's hash: {@code get} and
 * {@code containsKey} take the segment's read lock, {@code put} and {@code remove} its write lock,
 * so operations on keys of different segments run in parallel (appends to the shared log reserve
 * space with one atomic add). Growth and {@link #close()} take every segment's write lock.
 * One process at a time: a lock file ({@code dir/store.lock}) refuses a second opener.
 *
 * <p><b>Durability and crash safety.</b> See {@link Durability}. Every write is ordered so that a
 * crash of the process at any instant (even {@code kill -9}) leaves a consistent file: the entry
 * and its checksum are complete before the slot is published, so every acknowledged write is
 * there on reopen and no entry is half-written; a half-written entry that was never published is
 * dead space, overwritten by later appends. On reopen every live entry's checksum is verified.
 *
 * <p><b>Memory.</b> The mapping lives in a shared arena owned by the store. A growth maps the new
 * file and keeps the old mapping open until the following growth (so a {@link ValueView} filled
 * just before a growth stays readable), then releases it; {@link #close()} releases both. Reading
 * a released mapping throws {@link IllegalStateException}, never reads freed memory.
 */
public final class MappedStore implements AutoCloseable {

    /** Returned by {@code get} when the key is absent. */
    public static final int ABSENT = -1;
    /** The store's file in its directory. */
    public static final String FILE_NAME = "store.kv";
    static final String GROW_SUFFIX = ".grow";

    /** A segment grows when this share of its slots is used (live or removed). */
    static final double MAX_LOAD = 0.75;

    private final Path file;
    private final int maxValueBytes;
    private final boolean sync;
    private final ProcessLock processLock;
    private final StampedLock[] locks;
    /** Per segment: slots live or removed; guarded by the segment's lock. */
    private final int[] usedBySegment;
    /** Per segment: live slots; guarded by the segment's lock. */
    private final int[] liveBySegment;
    private final AtomicLong size = new AtomicLong();
    private final AtomicLong liveBytes = new AtomicLong();
    /** Where the next entry goes; past the log's end when it is full. */
    private final AtomicLong tail = new AtomicLong();
    /** Replaced under every segment's write lock; null once closed. */
    private volatile StoreMapping mapping;
    /** Bumped by each growth, under every write lock. */
    private long generation;
    /**
     * The mapping the last growth replaced, kept open until the next growth so that a
     * {@link ValueView} filled just before a growth stays readable; guarded by every write lock.
     */
    private StoreMapping retired;

    private MappedStore(StoreOpening.Opened opened) {
        this.file = opened.mapping().path;
        this.mapping = opened.mapping();
        this.maxValueBytes = opened.maxValueBytes();
        this.sync = opened.durability() == Durability.SYNC;
        this.processLock = opened.lock();
        TableScan scan = opened.scan();
        int segments = mapping.header.segments();
        this.locks = new StampedLock[segments];
        for (int i = 0; i < segments; i++) {
            locks[i] = new StampedLock();
        }
        this.usedBySegment = scan.usedBySegment.clone();
        this.liveBySegment = scan.liveBySegment.clone();
        this.size.set(scan.entries);
        this.liveBytes.set(scan.liveBytes);
        this.tail.set(scan.tail);
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
        return new MappedStore(StoreOpening.open(dir, config));
    }

    /**
     * Opens the store in {@code dir} with the value limit and durability it was created with.
     *
     * @throws StoreFileException when there is no store there, or it cannot be used (as {@link #open})
     */
    public static MappedStore openExisting(Path dir) throws IOException {
        return new MappedStore(StoreOpening.openExisting(dir));
    }

    /** Stores {@code value} (all of it) under {@code key}, replacing any previous value. */
    // hot path: no allocation (in async mode, when the store need not grow)
    public void put(long key, MemorySegment value) {
        put(key, value, null, 0, value.byteSize());
    }

    /** Stores {@code length} bytes of {@code value} from {@code offset} under {@code key}. */
    // hot path: no allocation (in async mode, when the store need not grow)
    public void put(long key, byte[] value, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, value.length);
        put(key, null, value, offset, length);
    }

    /** Stores the value from {@code segment}, or else from {@code array} at {@code offset}. */
    private void put(long key, MemorySegment segment, byte[] array, int offset, long length) {
        if (length > maxValueBytes) {
            throw new IllegalArgumentException("value of " + length + " bytes is over the store's limit of "
                    + maxValueBytes + " bytes (max value size)");
        }
        long hash = KeyHash.mix(key);
        int seg = KeyHash.segment(hash, locks.length);
        long entryBytes = EntryLayout.entryBytes(length);
        for (;;) {
            StampedLock lock = locks[seg];
            long stamp = lock.writeLock();
            long seenGeneration;
            try {
                StoreMapping m = openMapping();
                seenGeneration = generation;
                long entry = append(m, seg, hash, key, entryBytes);
                if (entry >= 0) {
                    MemorySegment f = m.file;
                    EntryLayout.writeHeader(f, entry, key, (int) length);
                    if (array != null) {
                        MemorySegment.copy(array, offset, f, ValueLayout.JAVA_BYTE,
                                entry + EntryLayout.VALUE_OFFSET, (int) length);
                    } else {
                        MemorySegment.copy(segment, 0, f, entry + EntryLayout.VALUE_OFFSET, length);
                    }
                    publish(m, seg, hash, key, entry, entryBytes);
                    return;
                }
            } finally {
                lock.unlockWrite(stamp);
            }
            grow(seenGeneration, entryBytes);
        }
    }

    /**
     * Reserves log space for an entry of {@code key} in {@code segment}: its file offset, or -1
     * when the segment's table or the log is full (the caller grows the store and retries).
     * Called under the segment's write lock.
     */
    private long append(StoreMapping m, int segment, long hash, long key, long entryBytes) {
        long found = m.findForInsert(segment, hash, key);
        if (found == StoreMapping.NO_ROOM) {
            return -1;
        }
        boolean takesEmptySlot = found < 0 && SlotLayout.refAcquire(m.file, ~found) == SlotLayout.EMPTY;
        if (takesEmptySlot && usedBySegment[segment] + 1 > (int) (m.slotsPerSegment * MAX_LOAD)) {
            return -1;
        }
        long entry = tail.getAndAdd(entryBytes);
        return entry + entryBytes <= m.logEnd ? entry : -1;
    }

    /**
     * Seals the entry written at {@code entry} (its checksum), then points the key's slot at it:
     * the commit point. In sync mode the entry reaches the disk before the slot, and the slot
     * before this returns. Called under the segment's write lock, right after {@link #append}.
     */
    private void publish(StoreMapping m, int segment, long hash, long key, long entry, long entryBytes) {
        MemorySegment f = m.file;
        EntryLayout.seal(f, entry);
        if (sync) {
            m.force(entry, entryBytes);
        }
        long found = m.findForInsert(segment, hash, key);
        boolean exists = found >= 0;
        long slot = exists ? found : ~found;
        long previous = SlotLayout.refAcquire(f, slot);
        if (!exists) {
            SlotLayout.setKey(f, slot, key);
        }
        SlotLayout.setRefRelease(f, slot, entry);
        if (sync) {
            m.force(slot, SlotLayout.SLOT_BYTES);
        }
        if (exists) {
            liveBytes.addAndGet(entryBytes - EntryLayout.entryBytes(EntryLayout.length(f, previous)));
        } else {
            size.incrementAndGet();
            liveBytes.addAndGet(entryBytes);
            liveBySegment[segment]++;
            if (previous == SlotLayout.EMPTY) {
                usedBySegment[segment]++;
            }
        }
    }

    /**
     * Copies the value of {@code key} into {@code dst} from its start.
     *
     * @return the value's length, or {@link #ABSENT}
     * @throws IllegalArgumentException when {@code dst} is smaller than the value
     */
    // hot path: no allocation
    public int get(long key, MemorySegment dst) {
        long hash = KeyHash.mix(key);
        int segment = KeyHash.segment(hash, locks.length);
        StampedLock lock = locks[segment];
        long stamp = lock.readLock();
        try {
            StoreMapping m = openMapping();
            long slot = m.find(segment, hash, key);
            if (slot < 0) {
                return ABSENT;
            }
            long entry = SlotLayout.refAcquire(m.file, slot);
            int length = EntryLayout.length(m.file, entry);
            if (length > dst.byteSize()) {
                throw tooSmall(key, length, dst.byteSize());
            }
            MemorySegment.copy(m.file, entry + EntryLayout.VALUE_OFFSET, dst, 0, length);
            return length;
        } finally {
            lock.unlockRead(stamp);
        }
    }

    /** As {@link #get(long, MemorySegment)}, into a {@code byte[]} from index 0. */
    // hot path: no allocation
    public int get(long key, byte[] dst) {
        long hash = KeyHash.mix(key);
        int segment = KeyHash.segment(hash, locks.length);
        StampedLock lock = locks[segment];
        long stamp = lock.readLock();
        try {
            StoreMapping m = openMapping();
            long slot = m.find(segment, hash, key);
            if (slot < 0) {
                return ABSENT;
            }
            long entry = SlotLayout.refAcquire(m.file, slot);
            int length = EntryLayout.length(m.file, entry);
            if (length > dst.length) {
                throw tooSmall(key, length, dst.length);
            }
            MemorySegment.copy(m.file, ValueLayout.JAVA_BYTE, entry + EntryLayout.VALUE_OFFSET, dst, 0, length);
            return length;
        } finally {
            lock.unlockRead(stamp);
        }
    }

    /**
     * Points {@code view} at the stored value of {@code key}, without copying.
     *
     * @return false (and {@code view} untouched) when the key is absent
     */
    // hot path: no allocation
    public boolean get(long key, ValueView view) {
        long hash = KeyHash.mix(key);
        int segment = KeyHash.segment(hash, locks.length);
        StampedLock lock = locks[segment];
        long stamp = lock.readLock();
        try {
            StoreMapping m = openMapping();
            long slot = m.find(segment, hash, key);
            if (slot < 0) {
                return false;
            }
            long entry = SlotLayout.refAcquire(m.file, slot);
            view.wrap(m.file, entry + EntryLayout.VALUE_OFFSET, EntryLayout.length(m.file, entry));
            return true;
        } finally {
            lock.unlockRead(stamp);
        }
    }

    /** Removes {@code key}; false when it was absent. */
    public boolean remove(long key) {
        long hash = KeyHash.mix(key);
        int segment = KeyHash.segment(hash, locks.length);
        StampedLock lock = locks[segment];
        long stamp = lock.writeLock();
        try {
            StoreMapping m = openMapping();
            long slot = m.find(segment, hash, key);
            if (slot < 0) {
                return false;
            }
            long entry = SlotLayout.refAcquire(m.file, slot);
            SlotLayout.setRefRelease(m.file, slot, SlotLayout.REMOVED);
            if (sync) {
                m.force(slot, SlotLayout.SLOT_BYTES);
            }
            size.decrementAndGet();
            liveBytes.addAndGet(-EntryLayout.entryBytes(EntryLayout.length(m.file, entry)));
            liveBySegment[segment]--;
            return true;
        } finally {
            lock.unlockWrite(stamp);
        }
    }

    /** Whether {@code key} has a value. */
    // hot path: no allocation
    public boolean containsKey(long key) {
        long hash = KeyHash.mix(key);
        int segment = KeyHash.segment(hash, locks.length);
        StampedLock lock = locks[segment];
        long stamp = lock.readLock();
        try {
            return openMapping().find(segment, hash, key) >= 0;
        } finally {
            lock.unlockRead(stamp);
        }
    }

    /** Live entries. */
    public long size() {
        return size.get();
    }

    /**
     * Calls {@code visitor} once per live entry, segment by segment, each segment under its read
     * lock (writers to other segments go on meanwhile; an entry written during the walk may or may
     * not be seen). Allocates one read-only slice per entry.
     */
    public void forEach(EntryVisitor visitor) {
        for (int segment = 0; segment < locks.length; segment++) {
            StampedLock lock = locks[segment];
            long stamp = lock.readLock();
            try {
                StoreMapping m = openMapping();
                for (int index = 0; index < m.slotsPerSegment; index++) {
                    long slot = m.slot(segment, index);
                    long entry = SlotLayout.refAcquire(m.file, slot);
                    if (SlotLayout.isEntry(entry)) {
                        int length = EntryLayout.length(m.file, entry);
                        visitor.entry(SlotLayout.key(m.file, slot),
                                m.file.asSlice(entry + EntryLayout.VALUE_OFFSET, length).asReadOnly());
                    }
                }
            } finally {
                lock.unlockRead(stamp);
            }
        }
    }

    /** The store's file. */
    public Path file() {
        return file;
    }

    /** The file's current length (header, table and log). */
    public long fileBytes() {
        return openMapping().header.fileBytes();
    }

    /** The largest value this session accepts. */
    public int maxValueBytes() {
        return maxValueBytes;
    }

    /** Log bytes taken by live entries (headers and padding included). */
    public long liveBytes() {
        return liveBytes.get();
    }

    /**
     * Forces the file to the disk (in both durability modes), unmaps it and releases the process
     * lock; idempotent. Later calls throw {@link IllegalStateException}.
     */
    @Override
    public void close() {
        long[] stamps = lockAll();
        try {
            StoreMapping m = mapping;
            if (m != null) {
                mapping = null;
                try (processLock; m) {
                    m.forceAll(); // a clean close leaves nothing for the OS to write back later
                    if (retired != null) {
                        retired.close();
                        retired = null;
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot close the store: " + e.getMessage(), e);
        } finally {
            unlockAll(stamps);
        }
    }

    /**
     * Rebuilds the store into a new file with room for the live entries and one more entry of
     * {@code entryBytes}, unless another thread grew it since {@code seenGeneration}.
     */
    private void grow(long seenGeneration, long entryBytes) {
        long[] stamps = lockAll();
        try {
            StoreMapping old = mapping;
            if (old == null || generation != seenGeneration) {
                return;
            }
            StoreHeader next = StoreRebuild.grownHeader(old, liveBySegment, liveBytes.get(), entryBytes);
            Path temp = file.resolveSibling(FILE_NAME + GROW_SUFFIX);
            Files.deleteIfExists(temp);
            StoreRebuild.Rebuilt rebuilt = StoreRebuild.rebuild(old, temp, file, next);
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                ProcessLock.forceDirectory(file.getParent());
            } catch (IOException | RuntimeException e) {
                rebuilt.mapping().close();
                throw e;
            }
            mapping = rebuilt.mapping();
            if (retired != null) {
                retired.close();
            }
            retired = old;
            tail.set(rebuilt.tail());
            System.arraycopy(rebuilt.liveBySegment(), 0, liveBySegment, 0, liveBySegment.length);
            System.arraycopy(rebuilt.liveBySegment(), 0, usedBySegment, 0, usedBySegment.length);
            generation++;
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot grow the store: " + e.getMessage(), e);
        } finally {
            unlockAll(stamps);
        }
    }

    private StoreMapping openMapping() {
        StoreMapping m = mapping;
        if (m == null) {
            throw new IllegalStateException(file + ": the store is closed");
        }
        return m;
    }

    private long[] lockAll() {
        long[] stamps = new long[locks.length];
        for (int i = 0; i < locks.length; i++) {
            stamps[i] = locks[i].writeLock();
        }
        return stamps;
    }

    private void unlockAll(long[] stamps) {
        for (int i = locks.length - 1; i >= 0; i--) {
            locks[i].unlockWrite(stamps[i]);
        }
    }

    private static IllegalArgumentException tooSmall(long key, int length, long room) {
        return new IllegalArgumentException("the value of key " + key + " has " + length
                + " bytes, the destination only " + room);
    }
}

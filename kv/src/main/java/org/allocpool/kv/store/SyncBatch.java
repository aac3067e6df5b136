package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Objects;

/**
 * A group commit of puts for a {@link Durability#SYNC} store: the puts of a batch cost two
 * synchronous disk writes in all, where one at a time they cost two each. A server runs the
 * writes of one event-loop turn (of every connection it read) through it and sends their replies
 * after {@link #commit()}.
 *
 * <p><b>How.</b> {@link #put} reserves log space, writes the entry and seals it (its checksum)
 * under its segment's lock, like a put, but publishes nothing: no reader can see it, and a crash
 * leaves it as dead space. {@link #commit()} then
 * <ol>
 *   <li>forces the log range that covers the batch's entries, one {@code msync} (entries of other
 *       writers in that range are forced too: harmless);</li>
 *   <li>takes the write lock of every segment the batch touches, in segment order (as
 *       {@link SegmentLocks#lockAll()} does, so no deadlock), and points each key's slot at its
 *       entry in the order the puts were made (two puts of one key: the later wins);</li>
 *   <li>forces the smallest range of the slot table that covers the slots it wrote, one
 *       {@code msync} (one per page would be one disk flush per page: many more), and only then
 *       releases the segments' locks.</li>
 * </ol>
 * So an entry is on the disk before any slot points at it (the file is consistent after a machine
 * crash at any instant: a slot on the disk names a whole entry on the disk), every put of the
 * batch is on the disk when {@code commit} returns (a reply sent after it acknowledges a durable
 * write), and no other thread reads a slot of the batch before it is on the disk either, since its
 * segment stays locked until then (Redis's rule: replies go out after the fsync). Between
 * {@code put} and {@code commit} the batch holds the store's gate of batches shared
 * ({@link SegmentLocks#enterBatch}): a growth or a close, which replace or unmap the mapping the
 * entries were written into, waits for it. Another thread's put of the same key between a batch's
 * {@code put} and its {@code commit} is overwritten by the commit or overwrites it, as the locks
 * fall: either order is a valid order of two concurrent writes, since neither was acknowledged
 * before both began.
 *
 * <p><b>What the batch does not do.</b> A reader of the batch's own thread does not see its pending
 * puts: a caller commits before any read or remove (a server: before any request that is not an
 * unconditional put). A conditional put ({@link PutCondition#IF_ABSENT}, {@code IF_PRESENT})
 * commits the pending puts and is then made the ordinary way, since its test must see them. When
 * the store must grow (the log or a segment is full) the pending puts are committed and the put is
 * made the ordinary way, which grows. In a store shared with other processes, or an
 * {@link Durability#ASYNC} one, every put is made the ordinary way at once (there the batch saves
 * nothing, or the shared locks in the file are not built for it) and {@code commit} has nothing to
 * do. A put whose segment filled up between its {@code put} and its {@code commit} (other writers
 * took the last free slots) is made again the ordinary way after the commit, from a copy of its
 * entry; its reply waits for that too.
 *
 * <p>On the batch's own thread, a direct {@link MappedStore#put} that grows the store, or the store's
 * {@code close()}, commits the pending puts first (they would otherwise hold the gate the growth or
 * close waits for, on the thread that waits: before issue 34, a deadlock); a failure of that commit
 * is thrown by the put or close, and kept as below.
 *
 * <p>When a commit fails (an I/O error of {@code msync}, the store closed), none of the pending puts
 * may be acknowledged: the failure is kept, and every later {@code put} and {@code commit} throws it
 * again; the caller drops its pending replies (a server closes the connection).
 *
 * <p>Thread-safety: not thread-safe; one per thread (a server: one per event loop, used on its
 * thread), as many as wanted per store. Made by {@link MappedStore#beginBatch()}. Holds no
 * memory of its own beyond a few arrays; the entries are in the store's file. A batch with pending
 * puts holds up growths and the store's close: commit it promptly.
 */
public final class SyncBatch {

    /** Puts committed at once at most: a bigger batch is committed as it fills. */
    public static final int CAPACITY = 1024;

    private final MappedStore store;
    private final SegmentLocks locks;
    private final LiveMapping mapping;
    private final SegmentWrites writes;
    private final StoreGrowth growth;
    /** Whether puts are staged here (a sync store of one process) or made at once. */
    private final boolean grouped;
    private final int maxValueBytes;
    private final int maxKeyBytes;
    /** The byte key of an entry being published, read back from the entry. */
    private final ByteKey published;
    private final long[] entries = new long[CAPACITY];
    private final long[] sizes = new long[CAPACITY];
    private final int[] segmentOf = new int[CAPACITY];
    /** Per put linked by the commit under way: the ref its slot held before, released once the slots are forced. */
    private final long[] replaced = new long[CAPACITY];
    /** Per segment: touched by a pending put, and its lock stamp while the commit holds it. */
    private final boolean[] touched;
    private final long[] stamps;
    /** Keys, values and expiry times of puts to make again after the commit (a full segment); rare. */
    private byte[][] again;
    private int pending;
    private long gateStamp;
    /** The mapping the pending entries are in; fixed while the gate is held. */
    private StoreMapping staged;
    private long logFrom;
    private long logTo;
    private RuntimeException failure;
    private long commits;
    private long committedPuts;

    SyncBatch(MappedStore store, SegmentLocks locks, LiveMapping mapping, SegmentWrites writes, StoreGrowth growth,
              boolean grouped) {
        this.store = store;
        this.locks = locks;
        this.mapping = mapping;
        this.writes = writes;
        this.growth = growth;
        this.grouped = grouped;
        this.maxValueBytes = store.maxValueBytes();
        this.maxKeyBytes = store.maxKeyBytes();
        this.published = new ByteKey(maxKeyBytes);
        this.touched = new boolean[locks.segments()];
        this.stamps = new long[locks.segments()];
    }

    /** Puts {@code length} bytes of {@code value} from {@code offset} under {@code key}, durable once {@link #commit()} returns. */
    public void put(long key, byte[] value, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, value.length);
        checkValue(length);
        if (!grouped) {
            store.put(key, value, offset, length);
            return;
        }
        if (!stage(key, null, value, offset, length, 0)) {
            commit();
            store.put(key, value, offset, length); // grows
        }
    }

    /**
     * As {@link MappedStore#put(ByteKey, byte[], int, int, long, PutCondition)}, durable once
     * {@link #commit()} returns. A conditional put commits the pending puts first and is made at once.
     *
     * @return whether the value was (or, once committed, will be) stored
     * @throws IllegalArgumentException for a key or value over the store's limits
     */
    public boolean put(ByteKey key, byte[] value, int offset, int length, long expiresAtMillis,
                       PutCondition condition) {
        Objects.requireNonNull(key, "key");
        Objects.checkFromIndexSize(offset, length, value.length);
        checkValue(length);
        if (key.length() > maxKeyBytes) {
            throw new IllegalArgumentException("key of " + key.length() + " bytes is over the store's limit of "
                    + maxKeyBytes + " bytes (max key size)");
        }
        if (expiresAtMillis < 0) {
            throw new IllegalArgumentException("expiry time must be 0 (never) or positive, was " + expiresAtMillis);
        }
        if (!grouped || condition != PutCondition.ALWAYS) {
            commit();
            return store.put(key, value, offset, length, expiresAtMillis, condition);
        }
        if (!stage(key.hash(store.keySeed()), key, value, offset, length, expiresAtMillis)) {
            commit();
            return store.put(key, value, offset, length, expiresAtMillis, condition); // grows
        }
        return true;
    }

    /** Puts waiting for {@link #commit()}. */
    public int pending() {
        return pending;
    }

    /** Commits made with at least one put, since this batch was made (tests, stats). */
    public long commits() {
        return commits;
    }

    /** Puts those commits published (tests, stats). */
    public long committedPuts() {
        return committedPuts;
    }

    /**
     * Makes every pending put durable and visible (see the class comment); returns at once when
     * none is pending.
     *
     * @throws RuntimeException when the commit failed (then and on every later call): none of the
     *                          pending puts may be acknowledged
     */
    public void commit() {
        if (failure != null) {
            throw failure;
        }
        if (pending == 0) {
            leaveGate();
            return;
        }
        int count = pending;
        int retries = 0;
        try {
            staged.force(logFrom, logTo - logFrom); // 1. the entries
            retries = publishAndForceSlots(count); // 2. and 3. the slots, under their segments' locks
        } catch (RuntimeException | Error e) {
            failure = e instanceof InternalError fault ? store.fault().stop(fault)
                    : e instanceof RuntimeException r ? r
                    : new IllegalStateException("a batch commit failed: " + e, e);
            if (e instanceof InternalError) {
                throw failure; // SIGBUS on the mapping: fail-stop
            }
            throw e;
        } finally {
            pending = 0;
            staged = null;
            leaveGate();
        }
        commits++;
        committedPuts += count - retries;
        if (retries > 0) {
            putAgain(retries);
        }
        growth.releaseRetired();
        for (int segment = 0; segment < touched.length; segment++) {
            if (touched[segment]) {
                touched[segment] = false;
                growth.growAheadIfFilling(segment);
            }
        }
    }

    /**
     * Step 1 of a commit alone: forces the pending entries, publishes nothing and keeps them pending
     * (tests: a process killed now must leave dead entries only).
     */
    void forceStagedEntries() {
        if (pending > 0) {
            staged.force(logFrom, logTo - logFrom);
        }
    }

    private void checkValue(int length) {
        if (failure != null) {
            throw failure;
        }
        if (length > maxValueBytes) {
            throw new IllegalArgumentException("value of " + length + " bytes is over the store's limit of "
                    + maxValueBytes + " bytes (max value size)");
        }
    }

    /**
     * Reserves, writes and seals the entry of a put under its segment's lock, unpublished.
     *
     * @return false when the store must grow first (nothing was staged)
     */
    private boolean stage(long slotKey, ByteKey bytes, byte[] value, int offset, int length, long expiresAt) {
        store.fault().checkWritable();
        if (pending == CAPACITY) {
            commit();
        }
        if (gateStamp == 0) {
            gateStamp = locks.enterBatch(this);
        }
        try {
            return stageUnderGate(slotKey, bytes, value, offset, length, expiresAt);
        } catch (RuntimeException | Error e) {
            if (pending == 0) {
                leaveGate();
            }
            if (e instanceof InternalError fault) {
                throw store.fault().stop(fault); // SIGBUS on the mapping: fail-stop
            }
            throw e;
        }
    }

    private boolean stageUnderGate(long slotKey, ByteKey bytes, byte[] value, int offset, int length, long expiresAt) {
        long hash = KeyHash.mix(slotKey);
        int segment = locks.segmentOf(hash);
        long entryBytes = EntryLayout.entryBytes(EntryLayout.isExtended(bytes != null, expiresAt),
                bytes == null ? 0 : bytes.length(), length);
        long entry;
        long stamp = locks.lock(segment, true);
        try {
            StoreMapping m = mapping.current();
            long found = SegmentWrites.probe(m, segment, hash, slotKey, bytes);
            entry = writes.reserve(m, segment, found, entryBytes, PutCondition.ALWAYS);
            if (entry < 0) {
                return false;
            }
            SegmentWrites.write(m, entry, slotKey, bytes, expiresAt, null, value, offset, length);
            EntryLayout.seal(m.file, entry);
            staged = m;
        } finally {
            locks.unlock(segment, stamp);
        }
        if (pending == 0) {
            logFrom = entry;
            logTo = entry + entryBytes;
        } else {
            logFrom = Math.min(logFrom, entry);
            logTo = Math.max(logTo, entry + entryBytes);
        }
        entries[pending] = entry;
        sizes[pending] = entryBytes;
        segmentOf[pending] = segment;
        touched[segment] = true;
        pending++;
        return true;
    }

    /**
     * Steps 2 and 3 of a commit: locks the touched segments in order, links every slot, forces the
     * table range written, unlocks. Puts whose segment had no free slot left are copied out for
     * {@link #putAgain}.
     *
     * @return how many puts must be made again
     */
    private int publishAndForceSlots(int count) {
        StoreMapping m = staged;
        MemorySegment f = m.file;
        int taken = 0;
        int retries = 0;
        try {
            for (; taken < touched.length; taken++) {
                if (touched[taken]) {
                    stamps[taken] = locks.lock(taken, true);
                }
            }
            long slotFrom = Long.MAX_VALUE;
            long slotTo = Long.MIN_VALUE;
            for (int i = 0; i < count; i++) {
                long entry = entries[i];
                long slotKey = EntryLayout.key(f, entry);
                ByteKey bytes = null;
                if (EntryLayout.keyLength(f, entry) != EntryLayout.LONG_KEY) {
                    int keyBytes = EntryLayout.keyBytes(f, entry);
                    MemorySegment.copy(f, ValueLayout.JAVA_BYTE, entry + EntryLayout.KEY_BYTES_OFFSET,
                            published.array(), 0, keyBytes);
                    bytes = published.setLength(keyBytes);
                }
                long found = SegmentWrites.probe(m, segmentOf[i], KeyHash.mix(slotKey), slotKey, bytes);
                if (found == TableProbe.NO_ROOM) {
                    keepForAgain(f, entry, retries++);
                    replaced[i] = SlotLayout.EMPTY;
                    continue;
                }
                long slot = found >= 0 ? found : ~found;
                replaced[i] = writes.link(m, segmentOf[i], found, slotKey, bytes, entry, sizes[i]);
                slotFrom = Math.min(slotFrom, slot);
                slotTo = Math.max(slotTo, slot + SlotLayout.SLOT_BYTES);
            }
            if (slotFrom < slotTo) {
                m.force(slotFrom, slotTo - slotFrom);
            }
            for (int i = 0; i < count; i++) { // their slots are on the disk: the replaced entries may be reused
                writes.release(m, segmentOf[i], replaced[i]);
            }
        } finally {
            for (int segment = taken - 1; segment >= 0; segment--) {
                if (touched[segment]) {
                    locks.unlock(segment, stamps[segment]);
                }
            }
        }
        return retries;
    }

    /** Copies the entry of a put that found its segment full: key bytes (or the long key), value, expiry. */
    private void keepForAgain(MemorySegment f, long entry, int index) {
        if (again == null) {
            again = new byte[CAPACITY][];
        }
        int keyBytes = EntryLayout.keyBytes(f, entry);
        int length = EntryLayout.length(f, entry);
        // one array: kind and length of key (8 + 4), expiry (8), key bytes, value
        byte[] copy = new byte[20 + keyBytes + length];
        MemorySegment c = MemorySegment.ofArray(copy);
        c.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, EntryLayout.key(f, entry));
        c.set(ValueLayout.JAVA_INT_UNALIGNED, 8, EntryLayout.keyLength(f, entry));
        c.set(ValueLayout.JAVA_LONG_UNALIGNED, 12, EntryLayout.expiresAt(f, entry));
        MemorySegment.copy(f, entry + EntryLayout.headerBytes(f, entry), c, 20, keyBytes + length);
        again[index] = copy;
    }

    /** Makes the puts kept by {@link #keepForAgain} the ordinary way (which grows the store), in order. */
    private void putAgain(int retries) {
        for (int i = 0; i < retries; i++) {
            byte[] copy = again[i];
            again[i] = null;
            MemorySegment c = MemorySegment.ofArray(copy);
            int keyLength = c.get(ValueLayout.JAVA_INT_UNALIGNED, 8);
            int keyBytes = Math.max(0, keyLength);
            int length = copy.length - 20 - keyBytes;
            if (keyLength == EntryLayout.LONG_KEY) {
                store.put(c.get(ValueLayout.JAVA_LONG_UNALIGNED, 0), copy, 20, length);
            } else {
                ByteKey key = new ByteKey(keyBytes).set(copy, 20, keyBytes);
                store.put(key, copy, 20 + keyBytes, length, c.get(ValueLayout.JAVA_LONG_UNALIGNED, 12),
                        PutCondition.ALWAYS);
            }
            committedPuts++;
        }
        Arrays.fill(again, 0, retries, null);
    }

    private void leaveGate() {
        if (gateStamp != 0) {
            long stamp = gateStamp;
            gateStamp = 0;
            locks.exitBatch(stamp);
        }
    }
}

package org.allocpool.kv.store;

/**
 * Every keyed call of a store but {@code put} in one place: lock the key's segment, probe its slots
 * for the key, act on the slot found, unlock. What is done with the slot is a {@link SlotAction}
 * given with its target (the caller's buffer, view, or the store's writes), so that the actions
 * are constants that capture nothing and a call allocates nothing. An entry whose expiry time has
 * passed is absent to a read; a write action (a remove) still runs on it, but reports it absent.
 *
 * <p>Thread-safe: the segment's lock is held while the action runs, shared for a read and
 * exclusive for a write.
 */
final class SlotLookup {

    /** Returned when the key has no live slot; the same value as {@link MappedStore#ABSENT}. */
    static final int ABSENT = -1;

    /**
     * What to do with the live slot of a key, under its segment's lock. Implementations keep no
     * state: everything they need comes in as arguments.
     *
     * @param <T> the target acted on or into
     */
    @FunctionalInterface
    interface SlotAction<T> {

        /**
         * Acts on {@code slot} of {@code segment} in {@code mapping}, which holds the key and points
         * at {@code entry} (a file offset, the ref's flag bits cleared).
         *
         * @return a result for the caller, not negative
         */
        int apply(T target, StoreMapping mapping, int segment, long slot, long entry);
    }

    private final SegmentLocks locks;
    private final LiveMapping mapping;

    /** Stops the store's writes when a mapped access faults. */
    private final MappedFault fault;
    /** The key of the store's byte-key hash. */
    private final long keySeed;

    SlotLookup(SegmentLocks locks, LiveMapping mapping, MappedFault fault, long keySeed) {
        this.locks = locks;
        this.mapping = mapping;
        this.fault = fault;
        this.keySeed = keySeed;
    }

    /**
     * Finds the live slot of {@code key} (a long key when {@code bytes} is null, else the byte key
     * {@code bytes}, and {@code key} is ignored) under its segment's lock ({@code exclusive} for an
     * action that writes) and applies {@code action} to it and {@code target}.
     *
     * <p>A read is first tried without the lock: probe and action run on an optimistic stamp of the
     * segment's lock, and their result counts only if no writer took the lock meanwhile. Every change
     * of a segment's slots and entries (a put, a remove, the reuse of a freed entry, a growth's swap)
     * is made under its write lock, so a validated read saw one consistent state. A read that raced
     * a writer may have seen torn fields, so anything it throws is dropped and the read made again
     * under the read lock (a mapping a growth retired stays readable for a quarter of a second, and
     * reading it later throws rather than reading freed memory; the JVM then also sets the reading
     * thread's interrupt flag, which is cleared: a real interrupt at that very moment would be lost);
     * an action's target may have been written by the dropped attempt: the locked one writes it again.
     *
     * @return the action's result, or {@link #ABSENT} when the key has no value (or it expired)
     * @throws IllegalStateException when the store is closed, or a fault of the mapped file stopped it
     *                               ({@link MappedFault}): now, or for a write, before
     */
    // hot path: no allocation
    <T> int withSlot(long key, ByteKey bytes, boolean exclusive, T target, SlotAction<T> action) {
        if (exclusive) {
            fault.checkWritable();
        }
        long slotKey = bytes == null ? key : bytes.hash(keySeed);
        long hash = KeyHash.mix(slotKey);
        int segment = locks.segmentOf(hash);
        if (!exclusive) {
            long optimistic = locks.tryOptimisticRead(segment);
            if (optimistic != 0) {
                StoreMapping m = mapping.current();
                int result;
                try {
                    result = act(m, segment, hash, slotKey, bytes, false, target, action);
                } catch (RuntimeException raced) {
                    if (!m.file.scope().isAlive()) {
                        // unmapped under this read (it stalled past the grace time): the JVM stopped it with an
                        // asynchronous exception, which also sets the thread's interrupt flag; not a real interrupt
                        Thread.interrupted();
                    }
                    result = RACED;
                } catch (InternalError e) { // SIGBUS on the mapping, as in the locked read below
                    throw fault.stop(e);
                }
                if (result != RACED && locks.validate(segment, optimistic)) {
                    return result;
                }
            }
        }
        long stamp = locks.lock(segment, exclusive);
        try {
            return act(mapping.current(), segment, hash, slotKey, bytes, exclusive, target, action);
        } catch (InternalError e) { // SIGBUS on the mapping: an error the caller can answer, and no more writes
            throw fault.stop(e);
        } finally {
            locks.unlock(segment, stamp);
        }
    }

    /** A result no action returns: the optimistic attempt threw. */
    private static final int RACED = Integer.MIN_VALUE;

    // hot path: no allocation
    private static <T> int act(StoreMapping m, int segment, long hash, long slotKey, ByteKey bytes, boolean exclusive,
                               T target, SlotAction<T> action) {
        long slot = TableProbe.find(m, segment, hash, slotKey, bytes);
        if (slot < 0) {
            return ABSENT;
        }
        long entry = SlotLayout.entryOf(SlotLayout.refAcquire(m.file, slot));
        boolean expired = EntryLayout.isExpired(m.file, entry);
        if (expired && !exclusive) {
            return ABSENT;
        }
        int result = action.apply(target, m, segment, slot, entry);
        return expired ? ABSENT : result;
    }
}

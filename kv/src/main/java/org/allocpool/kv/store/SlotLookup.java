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

    SlotLookup(SegmentLocks locks, LiveMapping mapping) {
        this.locks = locks;
        this.mapping = mapping;
    }

    /**
     * Finds the live slot of {@code key} (a long key when {@code bytes} is null, else the byte key
     * {@code bytes}, and {@code key} is ignored) under its segment's lock ({@code exclusive} for an
     * action that writes) and applies {@code action} to it and {@code target}.
     *
     * @return the action's result, or {@link #ABSENT} when the key has no value (or it expired)
     * @throws IllegalStateException when the store is closed
     */
    // hot path: no allocation
    <T> int withSlot(long key, ByteKey bytes, boolean exclusive, T target, SlotAction<T> action) {
        long slotKey = bytes == null ? key : bytes.hash();
        long hash = KeyHash.mix(slotKey);
        int segment = locks.segmentOf(hash);
        long stamp = locks.lock(segment, exclusive);
        try {
            StoreMapping m = mapping.current();
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
        } finally {
            locks.unlock(segment, stamp);
        }
    }
}

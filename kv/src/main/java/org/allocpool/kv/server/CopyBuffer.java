package org.allocpool.kv.server;

import org.allocpool.kv.store.MappedStore;

/**
 * A byte array that values are copied through, sized for the common small value and grown, once,
 * to the store's limit when a bigger value comes: a connection of a store with a 64 MiB limit does
 * not hold 64 MiB for its 60-byte users.
 *
 * <p>Not thread-safe: one per connection, used by its event-loop thread.
 */
final class CopyBuffer {

    private static final int INITIAL_BYTES = 4096;

    private final MappedStore store;
    private final int maxValueBytes;
    private byte[] bytes;

    CopyBuffer(MappedStore store) {
        this.store = store;
        this.maxValueBytes = store.maxValueBytes();
        this.bytes = new byte[Math.min(INITIAL_BYTES, maxValueBytes)];
    }

    /** The array: the value last copied sits at its start. */
    byte[] bytes() {
        return bytes;
    }

    /** The array, at least {@code length} bytes long (at most the store's limit is ever asked for). */
    byte[] bytes(int length) {
        if (length > bytes.length) {
            bytes = new byte[Math.max(length, Math.min(maxValueBytes, 2 * bytes.length))];
        }
        return bytes;
    }

    /**
     * Copies the value of {@code key} to the start of {@link #bytes()} (under the store's locking),
     * first growing the array to the store's limit if the value does not fit.
     *
     * @return its length, or {@link MappedStore#ABSENT}
     * @throws IllegalArgumentException for a value over this session's limit (stored with a higher one)
     */
    // hot path: no allocation (once grown)
    int copy(long key) {
        int length = store.getIfFits(key, bytes);
        if (length <= bytes.length) {
            return length;
        }
        if (bytes.length < maxValueBytes) {
            bytes = new byte[maxValueBytes]; // once: from now on every value within the limit fits
        }
        return store.get(key, bytes); // copies, or refuses a value bigger than the limit
    }
}

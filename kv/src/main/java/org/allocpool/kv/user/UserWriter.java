package org.allocpool.kv.user;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Writes users in the {@link UserLayout} format into a segment: first into an array of its own
 * ({@link UserLayout#write(User, byte[], int)}: plain stores, each ASCII string copied by the JDK),
 * then into the segment in one bulk copy. Writing each field into the segment instead checks every
 * access (bounds, liveness) and cannot use the JDK's copy of a string's bytes, which a segment has
 * no method for but {@code setString}, and that one writes a terminator after them.
 *
 * <p>Mutable and not thread-safe: one writer per thread, as one {@link UserFlyweight} per reader. It
 * owns its array ({@link UserLayout#MAX_BYTES}, on the heap), never the segments it writes into.
 */
public final class UserWriter {

    private final byte[] scratch = new byte[UserLayout.MAX_BYTES];

    /**
     * Writes the user into {@code dst} from {@code offset}; writes nothing into {@code dst} when it
     * does not fit.
     *
     * @return the bytes written
     * @throws IndexOutOfBoundsException when {@code dst} has not room enough
     * @throws IllegalArgumentException  when the user exceeds the layout's limits
     */
    // hot path: no allocation
    public int write(User user, MemorySegment dst, long offset) {
        int length = UserLayout.write(user, scratch, 0);
        MemorySegment.copy(scratch, 0, dst, ValueLayout.JAVA_BYTE, offset, length);
        return length;
    }
}

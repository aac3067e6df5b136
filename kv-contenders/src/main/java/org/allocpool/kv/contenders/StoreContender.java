package org.allocpool.kv.contenders;

import java.io.IOException;
import java.nio.file.Path;
import org.allocpool.kv.user.User;

/**
 * One key-value store under test, keyed by user id: the on-heap {@code HashMap<Long, User>}, which
 * keeps the {@link User} objects, or a byte store (the allocpool store and its peers), which keeps
 * the user's flyweight encoding. Every operation gets both forms and uses the one it stores, so
 * that no contender pays for encoding inside a timed loop. Single-threaded: the run's thread only.
 * Owns whatever its library allocates (heap, off-heap, files under its folder) until {@link #close}.
 */
interface StoreContender extends AutoCloseable {

    /** {@code hashmap}, {@code allocpool}, {@code mapdb}, {@code chronicle}, {@code lmdb}. */
    String name();

    /** Whether it stores the encoded bytes (a byte store) rather than the {@code User} objects. */
    default boolean storesBytes() {
        return true;
    }

    /** Stores {@code key} while loading; a contender may batch loads (see {@link #loaded}). */
    default void load(long key, User user, byte[] encoded) {
        put(key, user, encoded);
    }

    /** Loading is over: whatever {@link #load} batched is stored and visible now. */
    default void loaded() {
    }

    /** Stores {@code key}, replacing any value it had; visible to the next {@link #get}. */
    void put(long key, User user, byte[] encoded);

    /**
     * Reads the value of {@code key} as a caller would use it (the {@code User} of the HashMap, the
     * value's bytes copied into a buffer of the byte stores), and says whether it was there.
     */
    boolean get(long key);

    /** A value derived from what {@link #get} read, so that the JIT cannot drop the reads. */
    long sink();

    /**
     * The bytes its files under {@code dir} hold: their length by default (sparse files may use
     * less disk); a contender whose file is sized ahead of its data says what is in use.
     */
    default long fileBytes(Path dir) throws IOException {
        return StoreRun.filesBytes(dir);
    }

    /** How many entries it holds. */
    long size();

    @Override
    void close() throws IOException;
}

package org.allocpool.kv.contenders;

import java.lang.foreign.MemorySegment;
import org.allocpool.kv.user.User;
import org.allocpool.kv.user.UserCodec;

/**
 * A codec as the kv lab measures it, two ways side by side. The fresh way is {@link UserCodec}'s:
 * a new {@code byte[]} per encode, a whole new {@link User} per decode, the same for every codec.
 * The best way is each codec as it is used at its best: encoding into one buffer it reuses (where
 * its API allows it), and decoding what a reader needs from bytes where they lie, which for the
 * flyweight means reading fields in place and for the others building the object, since
 * deserialisation cannot do less. Not thread-safe: one per thread; it owns its buffers and frees
 * them on {@link #close()}.
 */
interface LabCodec extends UserCodec, AutoCloseable {

    /** How it encodes at its best, in a few words for the tables: {@code "into a reused off-heap segment"}. */
    String bestEncodeWay();

    /** How it decodes at its best, in a few words for the tables. */
    String bestDecodeWay();

    /**
     * Encodes {@code user} into the buffer this codec reuses, overwriting the last one.
     *
     * @return the bytes written
     */
    int encodeReused(User user);

    /**
     * Reads the user encoded in {@code length} bytes at {@code offset}, the way a reader that needs
     * its id, friend count and which of its e-mail and city it has does it at its best, and returns
     * {@link #digest} of them. The bytes lie twice: in {@code memory} (off-heap, as a store holds
     * them) and in {@code array} at the same offset: each codec reads the one it reads best.
     */
    long decodeBest(MemorySegment memory, byte[] array, int offset, int length);

    /** What {@link #decodeBest} returns for {@code user}: its id, plus its friend count, plus one for an e-mail and one for a city. */
    static long digest(User user) {
        return user.id() + user.friends().length + (user.email() != null ? 1 : 0) + (user.city() != null ? 1 : 0);
    }

    /** Frees the buffers it reuses; by default it has none to free. */
    @Override
    default void close() {
    }
}

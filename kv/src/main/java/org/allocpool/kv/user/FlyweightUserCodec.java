package org.allocpool.kv.user;

import java.lang.foreign.MemorySegment;

/**
 * The allocpool binary layout ({@link UserLayout}): written field by field, read in place by a
 * {@link UserFlyweight}. {@code decode} builds a whole {@link User} for comparison with the other
 * codecs; the point of this format is that a reader need not decode at all. Stateless and
 * thread-safe.
 */
public final class FlyweightUserCodec implements UserCodec {

    @Override
    public String name() {
        return "flyweight";
    }

    @Override
    public byte[] encode(User user) {
        return UserLayout.encode(user);
    }

    @Override
    public User decode(byte[] bytes, int offset, int length) {
        return new UserFlyweight().wrap(MemorySegment.ofArray(bytes), offset, length).toUser();
    }
}

package org.allocpool.kv.user;

/**
 * The allocpool binary layout ({@link UserLayout}) as a codec: {@code encode} writes the fields
 * straight into a new array, {@code decode} builds a whole {@link User} from the array in one pass.
 * Both exist for comparison with the other codecs; the point of this format is that neither is
 * needed: write with {@link UserLayout#write} into the memory the bytes go to, and read the fields
 * where they lie with a {@link UserFlyweight}. Stateless and thread-safe.
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
        return UserLayout.read(bytes, offset, length);
    }
}

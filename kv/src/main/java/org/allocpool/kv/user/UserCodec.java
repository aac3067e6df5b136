package org.allocpool.kv.user;

/**
 * Turns a {@link User} into bytes and back: one implementation per serialisation format compared
 * by the kv experiment ("flyweight", "jdk"; "fory" and "kryo" live in the lab's contenders
 * module). Implementations say their own thread-safety; the ones in this package are stateless
 * and thread-safe. Encoded bytes belong to the caller.
 */
public interface UserCodec {

    /** The codec's name as the CLI and result records spell it: "flyweight", "jdk", "fory", "kryo". */
    String name();

    /** The user as a new byte array. */
    byte[] encode(User user);

    /**
     * The user encoded in {@code length} bytes of {@code bytes} from {@code offset}.
     *
     * @throws IllegalArgumentException when the bytes are not a user in this codec's format
     */
    User decode(byte[] bytes, int offset, int length);
}

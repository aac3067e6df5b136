package org.allocpool.kv.contenders;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.allocpool.kv.user.User;
import org.allocpool.kv.user.UserCodec;

/**
 * Kryo 5 with registration required ({@code User} and {@code long[]} registered, so no class name
 * travels) and references off; its record serializer writes the components in order. Reuses one
 * output and one input buffer. Not thread-safe: one codec per thread.
 */
final class KryoUserCodec implements UserCodec {

    private final Kryo kryo = new Kryo();
    private final Output output = new Output(256, -1);
    private final Input input = new Input();

    KryoUserCodec() {
        kryo.setRegistrationRequired(true);
        kryo.setReferences(false);
        kryo.register(User.class);
        kryo.register(long[].class);
    }

    @Override
    public String name() {
        return "kryo";
    }

    @Override
    public byte[] encode(User user) {
        output.reset();
        kryo.writeObject(output, user);
        return output.toBytes();
    }

    @Override
    public User decode(byte[] bytes, int offset, int length) {
        input.setBuffer(bytes, offset, length);
        return kryo.readObject(input, User.class);
    }
}

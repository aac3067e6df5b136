package org.allocpool.kv.contenders;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.lang.foreign.MemorySegment;
import org.allocpool.kv.user.User;

/**
 * Kryo 5 with registration required ({@code User} and {@code long[]} registered, so no class name
 * travels) and references off; its record serializer writes the components in order. Reuses one
 * output and one input buffer both ways; fresh, each encode copies the output into a new array
 * ({@code toBytes}); at its best it does not. Not thread-safe: one codec per thread.
 */
final class KryoUserCodec implements LabCodec {

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

    @Override
    public String bestEncodeWay() {
        return "into a reused Output, no copy out";
    }

    @Override
    public String bestDecodeWay() {
        return "a whole User from the array, through a reused Input";
    }

    @Override
    public int encodeReused(User user) {
        output.reset();
        kryo.writeObject(output, user);
        return output.position();
    }

    @Override
    public long decodeBest(MemorySegment memory, byte[] array, int offset, int length) {
        input.setBuffer(array, offset, length);
        return LabCodec.digest(kryo.readObject(input, User.class));
    }
}

package org.allocpool.messaging.codec;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/**
 * Kryo 5 as the kv lab runs it: registration required ({@code UserMessage} and {@code long[]}, so no
 * class name travels), references off, its record serializer; one reused {@link Output} and
 * {@link Input}. Not thread-safe: one per thread.
 */
final class KryoCodec extends SerializerCodec {

    private final Kryo kryo = new Kryo();
    private final Output output = new Output(256, -1);
    private final Input input = new Input();

    KryoCodec() {
        kryo.setRegistrationRequired(true);
        kryo.setReferences(false);
        kryo.register(UserMessage.class);
        kryo.register(long[].class);
    }

    @Override
    public String name() {
        return "kryo";
    }

    @Override
    public String way() {
        return "into a reused Output, copied into the term buffer; a whole object per decode";
    }

    @Override
    int encode(UserMessage message) {
        output.reset();
        kryo.writeObject(output, message);
        return encoded(output.position());
    }

    @Override
    byte[] encoded() {
        return output.getBuffer();
    }

    @Override
    UserMessage deserialize(byte[] bytes, int length) {
        input.setBuffer(bytes, 0, length);
        return kryo.readObject(input, UserMessage.class);
    }
}

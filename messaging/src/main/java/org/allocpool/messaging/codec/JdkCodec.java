package org.allocpool.messaging.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;

/**
 * JDK serialization: a new {@link ObjectOutputStream} per message into a reused byte stream (each
 * message must be readable on its own, so each carries the class description), and a new
 * {@link ObjectInputStream} per message to read it. The article's slow subscriber. Not thread-safe.
 */
final class JdkCodec extends SerializerCodec {

    /** A byte stream whose array can be read without the copy {@code toByteArray} makes. */
    private static final class Bytes extends ByteArrayOutputStream {
        Bytes() {
            super(512);
        }

        byte[] array() {
            return buf;
        }
    }

    private final Bytes output = new Bytes();

    @Override
    public String name() {
        return "jdk";
    }

    @Override
    public String way() {
        return "a new ObjectOutputStream per message, a new ObjectInputStream per decode";
    }

    @Override
    int encode(UserMessage message) {
        output.reset();
        try (ObjectOutputStream out = new ObjectOutputStream(output)) {
            out.writeObject(message);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serialise user " + message.id(), e);
        }
        return encoded(output.size());
    }

    @Override
    byte[] encoded() {
        return output.array();
    }

    @Override
    UserMessage deserialize(byte[] bytes, int length) {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes, 0, length))) {
            return (UserMessage) in.readObject();
        } catch (IOException | ClassNotFoundException e) {
            throw new IllegalStateException("cannot deserialise a message of " + length + " bytes: " + e, e);
        }
    }
}

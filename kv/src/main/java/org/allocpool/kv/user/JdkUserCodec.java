package org.allocpool.kv.user;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;

/**
 * JDK serialisation ({@code java.io.ObjectOutputStream}): the baseline of the article. Decoding
 * accepts only a {@link User} (a deserialisation filter refuses every other class). Stateless and
 * thread-safe; every call allocates its streams.
 */
public final class JdkUserCodec implements UserCodec {

    private static final ObjectInputFilter ONLY_USERS = ObjectInputFilter.Config.createFilter(
            User.class.getName() + ";java.lang.String;[J;maxdepth=3;!*");

    @Override
    public String name() {
        return "jdk";
    }

    @Override
    public byte[] encode(User user) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(160);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(user);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serialise user " + user.id(), e);
        }
        return bytes.toByteArray();
    }

    @Override
    public User decode(byte[] bytes, int offset, int length) {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes, offset, length))) {
            in.setObjectInputFilter(ONLY_USERS);
            if (in.readObject() instanceof User user) {
                return user;
            }
            throw new IllegalArgumentException("not a serialised user: another object");
        } catch (InvalidClassException e) {
            throw new IllegalArgumentException("not a serialised user: " + e.getMessage(), e);
        } catch (IOException | ClassNotFoundException e) {
            throw new IllegalArgumentException("not a serialised user: " + e, e);
        }
    }
}

package org.allocpool.kv.contenders;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import org.allocpool.kv.user.JdkUserCodec;
import org.allocpool.kv.user.User;

/**
 * JDK serialization in the lab: fresh, {@link JdkUserCodec}; at its best, into one
 * {@link ByteArrayOutputStream} it resets for each user, through a new {@code ObjectOutputStream}
 * each time (each record must carry its own stream header to be read alone); decoding cannot be
 * done better than {@link JdkUserCodec#decode}. Not thread-safe: one per thread.
 */
final class JdkLabCodec extends ProductLabCodec {

    private final ByteArrayOutputStream output = new ByteArrayOutputStream(256);

    JdkLabCodec() {
        super(new JdkUserCodec());
    }

    @Override
    public String bestEncodeWay() {
        return "into a reused ByteArrayOutputStream, a new ObjectOutputStream per user";
    }

    @Override
    public String bestDecodeWay() {
        return "a whole User from the array (a new ObjectInputStream per user)";
    }

    @Override
    public int encodeReused(User user) {
        output.reset();
        try (ObjectOutputStream out = new ObjectOutputStream(output)) {
            out.writeObject(user);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serialise user " + user.id(), e);
        }
        return output.size();
    }

    @Override
    public long decodeBest(MemorySegment memory, byte[] array, int offset, int length) {
        return LabCodec.digest(fresh.decode(array, offset, length));
    }
}

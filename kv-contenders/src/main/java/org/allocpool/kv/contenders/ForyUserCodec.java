package org.allocpool.kv.contenders;

import org.allocpool.kv.user.User;
import org.allocpool.kv.user.UserCodec;
import org.apache.fory.Fory;
import org.apache.fory.config.CompatibleMode;
import org.apache.fory.config.Language;
import org.apache.fory.memory.MemoryBuffer;

/**
 * Apache Fory (the JIT-compiled successor of the "fast serialization" the article measured) in
 * schema-consistent mode: writer and reader share the class, so no field names or types travel;
 * {@code User} is registered, so its name does not travel either. Not thread-safe: a Fory instance
 * keeps per-call state; one codec per thread.
 */
final class ForyUserCodec implements UserCodec {

    private final Fory fory = Fory.builder()
            .withLanguage(Language.JAVA)
            .withCompatibleMode(CompatibleMode.SCHEMA_CONSISTENT)
            .withRefTracking(false)
            .requireClassRegistration(true)
            .build();

    ForyUserCodec() {
        fory.register(User.class);
    }

    @Override
    public String name() {
        return "fory";
    }

    @Override
    public byte[] encode(User user) {
        return fory.serialize(user);
    }

    @Override
    public User decode(byte[] bytes, int offset, int length) {
        return fory.deserialize(MemoryBuffer.fromByteArray(bytes, offset, length), User.class);
    }
}

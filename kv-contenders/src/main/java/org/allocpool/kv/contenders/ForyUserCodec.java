package org.allocpool.kv.contenders;

import java.lang.foreign.MemorySegment;
import org.allocpool.kv.user.User;
import org.apache.fory.Fory;
import org.apache.fory.config.CompatibleMode;
import org.apache.fory.config.Language;
import org.apache.fory.memory.MemoryBuffer;

/**
 * Apache Fory (the JIT-compiled successor of the "fast serialization" the article measured) in
 * schema-consistent mode: writer and reader share the class, so no field names or types travel;
 * {@code User} is registered, so its name does not travel either. Fresh: {@code serialize(Object)}
 * (Fory writes into a buffer of its own, then copies it into a new array) and a new
 * {@code MemoryBuffer} over the array per decode. At its best: {@code serialize(MemoryBuffer, Object)}
 * into one heap buffer it rewinds (no copy), and one input buffer re-pointed at each user's bytes
 * ({@code pointTo}); the decode still builds the whole {@code User}. Not thread-safe: a Fory instance
 * keeps per-call state; one codec per thread.
 */
final class ForyUserCodec implements LabCodec {

    private final Fory fory = Fory.builder()
            .withLanguage(Language.JAVA)
            .withCompatibleMode(CompatibleMode.SCHEMA_CONSISTENT)
            .withRefTracking(false)
            .requireClassRegistration(true)
            .build();
    private final MemoryBuffer output = MemoryBuffer.newHeapBuffer(256);
    private final MemoryBuffer input = MemoryBuffer.newHeapBuffer(1);

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

    @Override
    public String bestEncodeWay() {
        return "into a reused MemoryBuffer, no copy out";
    }

    @Override
    public String bestDecodeWay() {
        return "a whole User from the array, through a reused MemoryBuffer";
    }

    @Override
    public int encodeReused(User user) {
        output.writerIndex(0);
        fory.serialize(output, user);
        return output.writerIndex();
    }

    @Override
    public long decodeBest(MemorySegment memory, byte[] array, int offset, int length) {
        input.pointTo(array, offset, length);
        input.readerIndex(0);
        return LabCodec.digest(fory.deserialize(input, User.class));
    }
}

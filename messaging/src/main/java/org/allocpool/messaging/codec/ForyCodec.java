package org.allocpool.messaging.codec;

import org.apache.fory.Fory;
import org.apache.fory.config.CompatibleMode;
import org.apache.fory.config.Language;
import org.apache.fory.memory.MemoryBuffer;

/**
 * Apache Fory as the kv lab runs it: schema-consistent (writer and reader share the class, no field
 * names travel), references off, {@code UserMessage} registered; one reused heap {@link MemoryBuffer} to
 * encode into and one re-pointed at each received message. Not thread-safe: one per thread.
 */
final class ForyCodec extends SerializerCodec {

    private final Fory fory = Fory.builder()
            .withLanguage(Language.JAVA)
            .withCompatibleMode(CompatibleMode.SCHEMA_CONSISTENT)
            .withRefTracking(false)
            .requireClassRegistration(true)
            .build();
    private final MemoryBuffer output = MemoryBuffer.newHeapBuffer(256);
    private final MemoryBuffer input = MemoryBuffer.newHeapBuffer(1);

    ForyCodec() {
        fory.register(UserMessage.class);
    }

    @Override
    public String name() {
        return "fory";
    }

    @Override
    public String way() {
        return "into a reused MemoryBuffer, copied into the term buffer; a whole object per decode";
    }

    @Override
    int encode(UserMessage message) {
        output.writerIndex(0);
        fory.serialize(output, message);
        return encoded(output.writerIndex());
    }

    @Override
    byte[] encoded() {
        return output.getHeapMemory();
    }

    @Override
    UserMessage deserialize(byte[] bytes, int length) {
        input.pointTo(bytes, 0, length);
        input.readerIndex(0);
        return fory.deserialize(input, UserMessage.class);
    }
}

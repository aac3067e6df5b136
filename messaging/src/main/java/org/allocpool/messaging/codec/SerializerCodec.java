package org.allocpool.messaging.codec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * A codec that serialises whole objects: {@link #prepare} encodes the message into the serializer's own
 * reused buffer, {@link #write} copies those bytes into the transport's buffer, {@link #decode} copies
 * the received bytes into one reused array and deserialises a whole {@link UserMessage} from it (a
 * serializer cannot read one field where it lies). The copies are one per message each way, a few dozen
 * bytes. Not thread-safe: one per thread.
 */
abstract class SerializerCodec implements MessageCodec {

    private byte[] input = new byte[256];
    private int lastLength;

    /** Encodes {@code message} into the serializer's buffer; returns its length ({@link #encoded()} holds the bytes). */
    abstract int encode(UserMessage message);

    /** The array holding the bytes of the last {@link #encode}, from index 0. */
    abstract byte[] encoded();

    /** Deserialises the message in the first {@code length} bytes of {@code bytes}. */
    abstract UserMessage deserialize(byte[] bytes, int length);

    @Override
    public final int prepare(UserMessage message) {
        return encode(message);
    }

    @Override
    public final void write(UserMessage message, MutableDirectBuffer buffer, int offset) {
        buffer.putBytes(offset, encoded(), 0, lastLength);
    }

    /** Remembers the length {@link #encode} returned, for {@link #write}. */
    final int encoded(int length) {
        lastLength = length;
        return length;
    }

    @Override
    public final long decode(DirectBuffer buffer, int offset, int length) {
        return read(buffer, offset, length).digest();
    }

    @Override
    public final UserMessage read(DirectBuffer buffer, int offset, int length) {
        if (input.length < length) {
            input = new byte[Math.max(length, 2 * input.length)];
        }
        buffer.getBytes(offset, input, 0, length);
        return deserialize(input, length);
    }
}

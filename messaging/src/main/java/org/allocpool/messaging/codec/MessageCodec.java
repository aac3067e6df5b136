package org.allocpool.messaging.codec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * One way of putting a {@link UserMessage} on the wire and reading it back, as the publisher and the
 * subscriber use it: {@link #prepare} says how many bytes the message takes (a serializer encodes it
 * into a buffer of its own there), {@link #write} puts them where the transport claimed room (the term
 * buffer of an Aeron publication), {@link #decode} reads a received message where it lies and returns
 * its {@link UserMessage#digest()}. Not thread-safe: one per thread; it owns its scratch buffers.
 */
public interface MessageCodec {

    /** Its name in records: {@code flyweight}, {@code fory}, {@code kryo}, {@code jdk}. */
    String name();

    /** How it encodes and decodes, in a few words for the tables. */
    String way();

    /** Gets {@code message} ready to write; returns the bytes it takes. */
    int prepare(UserMessage message);

    /** Writes the message last {@link #prepare prepared}, {@code message}, at {@code offset} of {@code buffer}. */
    void write(UserMessage message, MutableDirectBuffer buffer, int offset);

    /** Reads the message in {@code length} bytes at {@code offset} and returns its digest. */
    long decode(DirectBuffer buffer, int offset, int length);

    /** Reads the whole message back (for tests and checks; may allocate whatever it needs). */
    UserMessage read(DirectBuffer buffer, int offset, int length);
}

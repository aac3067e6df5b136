package org.allocpool.echo.event;

import java.util.Arrays;

/**
 * An opaque message, as in the Netty middleware case study (1 KB there): a send time and a
 * payload of bytes. Mutable and reused: the payload array grows when a longer message arrives and
 * is then kept, so steady decoding allocates nothing; {@link #deepCopy()} allocates a new message
 * and array. Not thread-safe; owned by the thread that decodes into it.
 */
public final class Message {

    private long sendingTimeNS;
    private byte[] payload;
    private int length;

    /** An empty message whose payload array starts with room for {@code capacity} bytes. */
    public Message(int capacity) {
        payload = new byte[capacity];
    }

    public long sendingTimeNS() {
        return sendingTimeNS;
    }

    public Message sendingTimeNS(long value) {
        this.sendingTimeNS = value;
        return this;
    }

    /** Payload bytes in use. */
    public int length() {
        return length;
    }

    /** The payload array; bytes {@code [0, length())} are the payload. Owned by this message. */
    public byte[] payload() {
        return payload;
    }

    /**
     * Makes room for a payload of {@code newLength} bytes and sets the length; returns the array to fill.
     * Grows the array (allocation) only when it is too short.
     */
    public byte[] resize(int newLength) {
        if (newLength < 0) {
            throw new IllegalArgumentException("payload length must be 0 or more, was " + newLength);
        }
        if (newLength > payload.length) {
            payload = new byte[Math.max(newLength, payload.length * 2)];
        }
        length = newLength;
        return payload;
    }

    /** Sets the payload to a copy of {@code bytes}; returns this. */
    public Message payload(byte[] bytes) {
        System.arraycopy(bytes, 0, resize(bytes.length), 0, bytes.length);
        return this;
    }

    /** A new, independent copy holding only the bytes in use. */
    public Message deepCopy() {
        Message copy = new Message(length);
        copy.sendingTimeNS = sendingTimeNS;
        copy.length = length;
        System.arraycopy(payload, 0, copy.payload, 0, length);
        return copy;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Message m && sendingTimeNS == m.sendingTimeNS
                && Arrays.equals(payload, 0, length, m.payload, 0, m.length);
    }

    @Override
    public int hashCode() {
        int h = Long.hashCode(sendingTimeNS);
        for (int i = 0; i < length; i++) {
            h = h * 31 + payload[i];
        }
        return h;
    }

    @Override
    public String toString() {
        return "Message{sendingTimeNS=" + sendingTimeNS + ", length=" + length + "}";
    }
}

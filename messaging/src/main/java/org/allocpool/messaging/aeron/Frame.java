package org.allocpool.messaging.aeron;

import java.nio.ByteOrder;

/**
 * What every message of the throughput test carries in front of its codec's bytes, little-endian:
 *
 * <pre>
 *  0                  8
 *  +------------------+-------------------------------+
 *  | sequence (long)  | the codec's bytes             |
 *  +------------------+-------------------------------+
 * </pre>
 *
 * Sequences count from 0 without a gap, so the subscriber sees loss and reordering. The last frame has
 * sequence {@link #END} and, as its payload, the count of messages published (a long).
 * Thread-safe (constants only).
 */
public final class Frame {

    public static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;
    public static final int SEQUENCE = 0;
    public static final int PAYLOAD = 8;
    /** The sequence of the frame that ends a run. */
    public static final long END = -1;
    /** The stream the throughput test publishes on. */
    public static final int STREAM = 1001;
    /** The size of Aeron's data frame header, which every fragment carries on the wire and in the term. */
    public static final int AERON_HEADER = 32;
    /** The alignment of a frame in the term buffer. */
    public static final int AERON_ALIGNMENT = 32;

    private Frame() {
    }

    /** The bytes one message of {@code payload} codec bytes takes in the term buffer and on the wire. */
    public static int termBytes(int payload) {
        int length = AERON_HEADER + PAYLOAD + payload;
        return (length + AERON_ALIGNMENT - 1) & -AERON_ALIGNMENT;
    }
}

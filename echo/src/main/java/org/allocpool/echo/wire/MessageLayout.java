package org.allocpool.echo.wire;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;

/**
 * The body of a {@link FrameType#MESSAGE} frame: a send time, then opaque payload bytes up to the
 * end of the frame (the payload length is the frame's length minus 9).
 *
 * <pre>
 *  0                8
 * +----------------+--------------------------------+
 * | sendingTimeNS  | payload: any bytes             |
 * | int64          |                                |
 * +----------------+--------------------------------+
 * </pre>
 *
 * Big-endian ({@link FrameLayout#BYTE_ORDER}). The bench's 1 KB message is a body of 1024 bytes:
 * 8 + 1016 of payload. Constants only; thread-safe.
 */
public final class MessageLayout {

    public static final StructLayout HEADER = MemoryLayout.structLayout(
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(FrameLayout.BYTE_ORDER).withName("sendingTimeNS"));

    public static final int SENDING_TIME_NS = (int) HEADER.byteOffset(MemoryLayout.PathElement.groupElement("sendingTimeNS"));
    /** Where the payload starts in the body. */
    public static final int PAYLOAD = (int) HEADER.byteSize();
    /** The case study's message: a 1 KB body. */
    public static final int DEFAULT_BODY_BYTES = 1024;

    private MessageLayout() {
    }

    /** Body bytes of a message with {@code payloadBytes} of payload. */
    public static int bodyBytes(int payloadBytes) {
        return PAYLOAD + payloadBytes;
    }
}

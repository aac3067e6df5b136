package org.allocpool.echo.wire;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The frame every event, request and reply travels in: a length, a type, a body.
 *
 * <pre>
 *  0               4       5
 * +---------------+-------+------------------------------+
 * | length: int32 | type  | body: length - 1 bytes       |
 * +---------------+-------+------------------------------+
 *   big-endian      one byte: {@link FrameType}
 * </pre>
 *
 * The length counts the type byte and the body, not itself, so it is at least 1. A length below
 * 1 or above the server's {@code --max-frame} closes the connection. Byte order is big-endian
 * (network order, and Netty's {@code ByteBuf} default). Constants only; thread-safe.
 */
public final class FrameLayout {

    public static final ByteOrder BYTE_ORDER = ByteOrder.BIG_ENDIAN;

    public static final StructLayout HEADER = MemoryLayout.structLayout(
            ValueLayout.JAVA_INT_UNALIGNED.withOrder(BYTE_ORDER).withName("length"),
            ValueLayout.JAVA_BYTE.withName("type"));

    public static final int LENGTH_OFFSET = offset("length");
    public static final int TYPE_OFFSET = offset("type");
    /** Bytes before the body: the length field and the type. */
    public static final int HEADER_BYTES = (int) HEADER.byteSize();
    /** Bytes of the length field itself. */
    public static final int LENGTH_BYTES = TYPE_OFFSET - LENGTH_OFFSET;

    /** Default largest frame length a server accepts, {@code --max-frame}. */
    public static final int DEFAULT_MAX_FRAME = 64 * 1024;

    private FrameLayout() {
    }

    /** The value of the length field for a body of {@code bodyBytes}. */
    public static int lengthField(int bodyBytes) {
        return bodyBytes + 1;
    }

    /** Bytes of a whole frame with a body of {@code bodyBytes}. */
    public static int frameBytes(int bodyBytes) {
        return HEADER_BYTES + bodyBytes;
    }

    private static int offset(String field) {
        return (int) HEADER.byteOffset(MemoryLayout.PathElement.groupElement(field));
    }
}

package org.allocpool.echo.wire;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;

/**
 * The body of a {@link FrameType#TOP_OF_BOOK} frame: 44 bytes, the field widths of the Chronicle
 * Wire benchmark's {@code TopOfBook} (a {@code long} symbol code, an {@code int} venue code,
 * {@code double} prices, {@code int} quantities).
 *
 * <pre>
 *  0                8                16        20               28               36        40        44
 * +----------------+----------------+---------+----------------+----------------+---------+---------+
 * | sendingTimeNS  | symbol         | ecn     | bidPrice       | askPrice       | bidQty  | askQty  |
 * | int64          | 8 ASCII bytes  | 4 ASCII | float64        | float64        | int32   | int32   |
 * +----------------+----------------+---------+----------------+----------------+---------+---------+
 * </pre>
 *
 * Every field big-endian ({@link FrameLayout#BYTE_ORDER}); codes are ASCII, first character
 * first, padded with zero bytes ({@link org.allocpool.echo.event.EventCodes}). No padding between
 * fields. Constants only; thread-safe.
 */
public final class TopOfBookLayout {

    public static final StructLayout LAYOUT = MemoryLayout.structLayout(
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(FrameLayout.BYTE_ORDER).withName("sendingTimeNS"),
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(FrameLayout.BYTE_ORDER).withName("symbol"),
            ValueLayout.JAVA_INT_UNALIGNED.withOrder(FrameLayout.BYTE_ORDER).withName("ecn"),
            ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(FrameLayout.BYTE_ORDER).withName("bidPrice"),
            ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(FrameLayout.BYTE_ORDER).withName("askPrice"),
            ValueLayout.JAVA_INT_UNALIGNED.withOrder(FrameLayout.BYTE_ORDER).withName("bidQuantity"),
            ValueLayout.JAVA_INT_UNALIGNED.withOrder(FrameLayout.BYTE_ORDER).withName("askQuantity"));

    public static final int SENDING_TIME_NS = offset("sendingTimeNS");
    public static final int SYMBOL = offset("symbol");
    public static final int ECN = offset("ecn");
    public static final int BID_PRICE = offset("bidPrice");
    public static final int ASK_PRICE = offset("askPrice");
    public static final int BID_QUANTITY = offset("bidQuantity");
    public static final int ASK_QUANTITY = offset("askQuantity");
    /** 44. */
    public static final int BODY_BYTES = (int) LAYOUT.byteSize();

    private TopOfBookLayout() {
    }

    private static int offset(String field) {
        return (int) LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement(field));
    }
}

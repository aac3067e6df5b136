package org.allocpool.analyzer.flat;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import org.allocpool.analyzer.packet.PacketSource;

/**
 * The bytes of one {@code flat} slot: the packet as the heap strategies' buffers hold it, then its
 * parse result, padded to a whole number of 64-byte cache lines so every slot starts on one.
 * The packet's multi-byte fields are big-endian (network order), as {@link java.nio.ByteBuffer}
 * writes by default, so the packet bytes are the same in every strategy. The slot's own fields after
 * them ({@code length} and the parse result) are in the machine's order, as C++ keeps its parse
 * result in plain ints: a field copied from the packet is swapped once, as it is read, and not
 * swapped back as it is written (C2 does not fold the two swaps).
 *
 * <pre>
 *  0                                                                        1024
 * +---------------------------------------------------------------------------+
 * | packet: 1024 bytes; the generator writes the first 24 (see PacketSource)    |
 * +---------------------------------------------------------------------------+
 *  1024     1028      1032      1036     1038     1040      1044     1048   1088
 * +--------+---------+---------+--------+--------+---------+--------+--------+
 * | length | srcAddr | dstAddr | srcPort| dstPort| protocol| parsed | padding|
 * | int    | int     | int     | u16    | u16    | int     | int 0/1|        |
 * +--------+---------+---------+--------+--------+---------+--------+--------+
 * </pre>
 * {@code length} is the number of packet bytes written (the heap buffer's limit after its flip).
 * This is the slot of the article's 1,024-byte packets; for another {@code --packet-size} the parse
 * result follows that many packet bytes in the same order ({@link FlatSlots}).
 * Layouts and offsets are built once, here; never on a hot path. Immutable constants; thread-safe.
 */
public final class FlatSlotLayout {

    /** Byte order of the packet's fields. */
    public static final ByteOrder BYTE_ORDER = ByteOrder.BIG_ENDIAN;

    /**
     * An int field of the packet, in {@link #BYTE_ORDER}. Declared unaligned although every int field sits at a
     * multiple of 4 in a slot that starts on a 64-byte boundary: an aligned layout makes every access
     * check the address's alignment at run time, which the JIT cannot prove away (the slab's base is
     * a run-time value). Counted with callgrind on this class's analyser alone (case A): 160
     * instructions per packet with aligned layouts, 144 without the checks; {@code ./allocpool
     * instructions} read 147 against C++'s 121 then (139 since the parse result is in the machine's
     * order). The bytes are the same.
     */
    public static final ValueLayout.OfInt PACKET_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(BYTE_ORDER);
    /** A short field of the packet, in {@link #BYTE_ORDER}; unaligned for the reason {@link #PACKET_INT} is. */
    public static final ValueLayout.OfShort PACKET_SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(BYTE_ORDER);
    /** An int field of the slot's own (length, parse result), in the machine's order; unaligned as {@link #PACKET_INT}. */
    public static final ValueLayout.OfInt RESULT_INT = ValueLayout.JAVA_INT_UNALIGNED;
    /** A short field of the parse result, in the machine's order; unaligned as {@link #PACKET_INT}. */
    public static final ValueLayout.OfShort RESULT_SHORT = ValueLayout.JAVA_SHORT_UNALIGNED;

    /** Packet bytes in the article's slot, before the parse result. */
    public static final int PACKET_BYTES = PacketSource.PACKET_SIZE;

    /** The whole slot. */
    public static final StructLayout SLOT = MemoryLayout.structLayout(
            MemoryLayout.sequenceLayout(PacketSource.PACKET_SIZE, ValueLayout.JAVA_BYTE).withName("packet"),
            RESULT_INT.withName("length"),
            RESULT_INT.withName("srcAddr"),
            RESULT_INT.withName("dstAddr"),
            RESULT_SHORT.withName("srcPort"),
            RESULT_SHORT.withName("dstPort"),
            RESULT_INT.withName("protocol"),
            RESULT_INT.withName("parsed"),
            MemoryLayout.paddingLayout(40)).withByteAlignment(64);

    /** Bytes per slot (1088: 17 cache lines). */
    public static final int SLOT_SIZE = Math.toIntExact(SLOT.byteSize());

    // packet fields, at their offsets inside the packet bytes (slot offset 0). These and the parse
    // result's are public so that the benchmarks address the same fields, not a copy of the offsets
    public static final long PACKET_MARKER = 0;
    public static final long PACKET_SRC_ADDR = 4;
    public static final long PACKET_DST_ADDR = 8;
    public static final long PACKET_SRC_PORT = 12;
    public static final long PACKET_DST_PORT = 14;
    public static final long PACKET_PROTOCOL = 16;
    public static final long PACKET_LENGTH = 20;

    // parse result fields
    public static final long LENGTH = offset("length");
    public static final long SRC_ADDR = offset("srcAddr");
    public static final long DST_ADDR = offset("dstAddr");
    public static final long SRC_PORT = offset("srcPort");
    public static final long DST_PORT = offset("dstPort");
    public static final long PROTOCOL = offset("protocol");
    public static final long PARSED = offset("parsed");

    private FlatSlotLayout() {
    }

    private static long offset(String field) {
        return SLOT.byteOffset(groupElement(field));
    }
}

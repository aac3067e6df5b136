package org.allocpool.analyzer.flat;

/**
 * Where a {@code flat} slot's parse result sits and how long a slot is, for one packet size: the
 * packet's bytes, then the parse result of {@link FlatSlotLayout} after them, the slot rounded up to
 * whole cache lines. Two kinds: {@link ArticleSlots} for the article's 1,024-byte packets, whose
 * methods return {@link FlatSlotLayout}'s constants, and {@link SizedSlots} for any other
 * {@code --packet-size}. A lab cell's JVM loads only the one it runs with ({@link #of} returns
 * {@code Object} so that the verifier loads neither early), so class hierarchy analysis lets C2 inline
 * the calls and, for the article's size, fold the constants: {@link FlatAnalyzer}'s compiled loop is
 * then the one it was before packets had a size (its bounds checks folded against a constant slot,
 * see {@code FlatAnalyzer.slotView}). Immutable; thread-safe.
 */
abstract class FlatSlots {

    /** The slot shape for packets of {@code packetSize} bytes. */
    static FlatSlots forPacketSize(int packetSize) {
        return (FlatSlots) of(packetSize);
    }

    // Returns Object on purpose: see PacketStrategies.make
    private static Object of(int packetSize) {
        if (packetSize == FlatSlotLayout.PACKET_BYTES) {
            return new ArticleSlots();
        }
        return new SizedSlots(packetSize);
    }

    /** Offset in a slot of the parse result's first field ({@code length}); the packet's bytes come before it. */
    abstract long result();

    /** Bytes per slot: the packet, the parse result, padding to a whole number of 64-byte lines. */
    abstract int slotBytes();

    /** The slot's offset of a parse-result field whose offset in the article's layout is {@code articleOffset}. */
    // hot path: no allocation; inlined, and folded to articleOffset for the article's slots
    final long at(long articleOffset) {
        return result() + (articleOffset - FlatSlotLayout.PACKET_BYTES);
    }

    /** The article's slot: 1,024 packet bytes, 1,088 in all. */
    static final class ArticleSlots extends FlatSlots {

        @Override
        long result() {
            return FlatSlotLayout.PACKET_BYTES;
        }

        @Override
        int slotBytes() {
            return FlatSlotLayout.SLOT_SIZE;
        }
    }

    /** A slot for packets of any other size, laid out as the article's. */
    static final class SizedSlots extends FlatSlots {

        private final long result;
        private final int slotBytes;

        SizedSlots(int packetSize) {
            long resultBytes = FlatSlotLayout.SLOT_SIZE - FlatSlotLayout.PACKET_BYTES;
            this.result = packetSize;
            this.slotBytes = Math.toIntExact((packetSize + resultBytes + 63) / 64 * 64);
        }

        @Override
        long result() {
            return result;
        }

        @Override
        int slotBytes() {
            return slotBytes;
        }
    }
}

package org.allocpool.analyzer.flat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import org.allocpool.analyzer.packet.PacketSource;
import org.junit.jupiter.api.Test;

class FlatAnalyzerTest {

    @Test
    void shouldLayOutASlotInWholeCacheLines() {
        assertEquals(1088, FlatSlotLayout.SLOT_SIZE);
        assertEquals(1024, FlatSlotLayout.LENGTH);
        assertEquals(1028, FlatSlotLayout.SRC_ADDR);
        assertEquals(1036, FlatSlotLayout.SRC_PORT);
        assertEquals(1040, FlatSlotLayout.PROTOCOL);
        assertEquals(1044, FlatSlotLayout.PARSED);
    }

    @Test
    void shouldWriteTheSameBytesAsTheHeapGenerator() {
        PacketSource heapSource = new PacketSource();
        ByteBuffer heap = ByteBuffer.allocate(PacketSource.PACKET_SIZE);
        try (FlatAnalyzer flat = new FlatAnalyzer(10, 10, 4)) {
            for (int i = 0; i < 10_000; i++) {
                heapSource.simulate(heap);
                flat.simulate(flat.slab().slotOffset(i % 4));
                MemorySegment slot = flat.slab().slot(i % 4);
                byte[] expected = new byte[heap.limit()];
                heap.get(0, expected);
                byte[] actual = slot.asSlice(0, PacketSource.WRITTEN_BYTES).toArray(ValueLayout.JAVA_BYTE);
                assertArrayEquals(expected, actual, "packet " + i);
                assertEquals(heap.limit(), slot.get(FlatSlotLayout.RESULT_INT, FlatSlotLayout.LENGTH));
            }
        }
    }

    @Test
    void shouldKeepTheParseResultOfEveryStoredPacketInItsSlot() {
        try (FlatAnalyzer flat = new FlatAnalyzer(20, 30, 100)) {
            flat.run(20_000);
            int seen = 0;
            for (int i = 0; i < 30; i++) {
                int slot = flat.storedAt(i);
                if (slot < 0) {
                    continue;
                }
                seen++;
                MemorySegment m = flat.slab().slot(slot);
                assertEquals(1, m.get(FlatSlotLayout.RESULT_INT, FlatSlotLayout.PARSED));
                assertEquals(PacketSource.TCP, m.get(FlatSlotLayout.RESULT_INT, FlatSlotLayout.PROTOCOL));
                assertEquals(m.get(FlatSlotLayout.PACKET_INT, FlatSlotLayout.PACKET_SRC_ADDR),
                        m.get(FlatSlotLayout.RESULT_INT, FlatSlotLayout.SRC_ADDR));
                assertEquals(m.get(FlatSlotLayout.PACKET_INT, FlatSlotLayout.PACKET_DST_ADDR),
                        m.get(FlatSlotLayout.RESULT_INT, FlatSlotLayout.DST_ADDR));
                assertEquals(m.get(FlatSlotLayout.PACKET_SHORT, FlatSlotLayout.PACKET_DST_PORT),
                        m.get(FlatSlotLayout.RESULT_SHORT, FlatSlotLayout.DST_PORT));
            }
            assertEquals(30, seen, "every stored slot filled after 20,000 packets");
        }
    }

    @Test
    void shouldClearTheParseResultOfEveryFreedSlot() {
        try (FlatAnalyzer flat = new FlatAnalyzer(20, 30, 100)) {
            flat.run(20_000);
            flat.drain();
            for (int slot = 0; slot < 100; slot++) {
                assertEquals(0, flat.slab().slot(slot).get(FlatSlotLayout.RESULT_INT, FlatSlotLayout.PARSED));
            }
        }
    }
}

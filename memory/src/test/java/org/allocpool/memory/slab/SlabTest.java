package org.allocpool.memory.slab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

class SlabTest {

    @Test
    void shouldPlaceSlotsBackToBack() {
        try (Slab slab = new Slab(4, 1024)) {
            assertEquals(0, slab.slotOffset(0));
            assertEquals(3 * 1024L, slab.slotOffset(3));
            assertEquals(4 * 1024L, slab.memory().byteSize());
            assertEquals(0, slab.memory().address() % Slab.ALIGNMENT);
        }
    }

    @Test
    void shouldViewASlotAsABigEndianBufferOverTheSameMemory() {
        try (Slab slab = new Slab(4, 64)) {
            ByteBuffer buffer = slab.slotBuffer(2);
            assertEquals(ByteOrder.BIG_ENDIAN, buffer.order());
            assertEquals(64, buffer.capacity());
            buffer.putInt(0x01020304);
            assertEquals(0x01020304, slab.memory().get(
                    ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN), slab.slotOffset(2)));
            assertEquals(0, slab.memory().get(ValueLayout.JAVA_INT_UNALIGNED, slab.slotOffset(1)));
        }
    }

    @Test
    void shouldKeepASlotViewInsideItsSlot() {
        try (Slab slab = new Slab(2, 16)) {
            assertThrows(IndexOutOfBoundsException.class, () -> slab.slot(0).get(ValueLayout.JAVA_BYTE, 16));
            assertThrows(IndexOutOfBoundsException.class, () -> slab.slot(2));
            assertThrows(IndexOutOfBoundsException.class, () -> slab.slot(-1));
        }
    }

    @Test
    void shouldFreeEverySlotOnClose() {
        Slab slab = new Slab(2, 16);
        ByteBuffer view = slab.slotBuffer(0);
        slab.close();
        assertThrows(IllegalStateException.class, () -> view.get(0));
        assertThrows(IllegalStateException.class, () -> slab.memory().get(ValueLayout.JAVA_BYTE, 0));
    }

    @Test
    void shouldRejectEmptySlabs() {
        assertThrows(IllegalArgumentException.class, () -> new Slab(0, 16));
        assertThrows(IllegalArgumentException.class, () -> new Slab(4, 0));
    }
}

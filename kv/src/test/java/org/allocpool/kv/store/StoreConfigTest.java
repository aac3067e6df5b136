package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class StoreConfigTest {

    @Test
    void shouldRefuseAMaxValueSizeOutOfRangeInOneLine() {
        var e = assertThrows(IllegalArgumentException.class, () -> new StoreConfig(10, 0, Durability.ASYNC));
        assertEquals("max value size must be between 1 and 67108864 bytes, was 0", e.getMessage());
    }

    @Test
    void shouldRefuseAnInitialCapacityOutOfRangeInOneLine() {
        var e = assertThrows(IllegalArgumentException.class, () -> new StoreConfig(0, 10, Durability.ASYNC));
        assertEquals("initial capacity must be between 1 and 1073741824 entries, was 0", e.getMessage());
    }

    @Test
    void shouldDefaultToAsyncWith4KiBValues() {
        StoreConfig config = StoreConfig.defaults();
        assertEquals(Durability.ASYNC, config.durability());
        assertEquals(4096, config.maxValueBytes());
        assertEquals(1 << 16, config.initialCapacity());
        assertEquals(Durability.SYNC, config.withDurability(Durability.SYNC).durability());
    }
}

package org.allocpool.firstalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The measurement's bookkeeping (never its times) and its settings. */
class FirstAllocationTest {

    @Test
    void shouldCountTheBuffersAndTheHeapBytesOfAHeapAllocator() {
        FirstAllocMetrics m = FirstAllocation.measure(new FirstAllocSettings(Allocator.BYTE_ARRAY, 4096, 100, null));
        assertEquals(100, m.buffers());
        assertTrue(m.heapBytesAllBuffers() >= 100 * 4096L, "heap bytes " + m.heapBytesAllBuffers());
        assertTrue(m.heapBytesFirstBuffer() >= 4096, "heap bytes of the first " + m.heapBytesFirstBuffer());
        assertTrue(m.heapBytesFirstBuffer() <= m.heapBytesAllBuffers());
        assertTrue(m.classesFirstBuffer() <= m.classesAllBuffers());
        assertTrue(m.openNs() <= m.firstBufferNs() && m.firstBufferNs() <= m.allBuffersNs());
        assertTrue(m.startToReadyMs() >= 0);
    }

    @Test
    void shouldCountTheDirectMemoryOfADirectAllocator() {
        FirstAllocMetrics m = FirstAllocation.measure(new FirstAllocSettings(Allocator.ALLOCATE_DIRECT, 4096, 100, null));
        assertEquals(100, m.buffers());
        assertTrue(m.directBytes() >= 100 * 4096L, "direct bytes " + m.directBytes());
        assertTrue(m.heapBytesAllBuffers() < 100 * 4096L, "heap bytes " + m.heapBytesAllBuffers());
    }

    @Test
    void shouldMakeOneBufferWhenTheCountIsOne() {
        FirstAllocMetrics m = FirstAllocation.measure(new FirstAllocSettings(Allocator.POOL_SLAB, 1024, 1, null));
        assertEquals(1, m.buffers());
        assertEquals(0.0, m.laterNsPerBuffer());
    }

    @Test
    void shouldDescribeTheCellWithThePoolDefaultingToTheCount() {
        FirstAllocSettings settings = new FirstAllocSettings(Allocator.byName("Netty-Pooled-Direct"), 1024, 1000, null);
        assertEquals(Map.of("allocator", "netty-pooled-direct", "memory", "direct", "size", 1024, "count", 1000,
                "pool", 1000), settings.cell());
    }

    @Test
    void shouldRejectBadSettingsNamingTheValue() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Allocator.byName("netty-fast"))
                .getMessage().contains("'netty-fast'"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> new FirstAllocSettings(Allocator.BYTE_ARRAY, 0, 10, null)).getMessage().contains("was 0"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> new FirstAllocSettings(Allocator.BYTE_ARRAY, 10, -3, null)).getMessage().contains("-3"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> new FirstAllocSettings(Allocator.POOL_HEAP, 10, 10, 5)).getMessage().contains("was 5"));
    }
}

package org.allocpool.firstalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.allocpool.metrics.alloc.AllocationCounter;
import org.junit.jupiter.api.Test;

/** Our pools pay for their buffers when they are made; handing them out allocates nothing. */
class PoolBuffersTest {

    @Test
    void shouldAllocateNoHeapBytesHandingOutSlabSlots() {
        assertEquals(0, handOutAfterOpen(Allocator.POOL_SLAB));
    }

    @Test
    void shouldAllocateNoHeapBytesHandingOutPooledArrays() {
        assertEquals(0, handOutAfterOpen(Allocator.POOL_HEAP));
    }

    @Test
    void shouldFillTheHeapPoolUpFrontAndTakeEveryArrayBackOnClose() {
        HeapPoolBuffers buffers = (HeapPoolBuffers) Allocator.POOL_HEAP.open(256, 10, 40);
        assertEquals(40, buffers.pooled());
        for (int i = 0; i < 10; i++) {
            buffers.makeNext();
        }
        assertEquals(30, buffers.pooled());
        buffers.close();
        assertEquals(40, buffers.pooled());
    }

    @Test
    void shouldRefuseAPoolSmallerThanTheCount() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Allocator.POOL_SLAB.open(1024, 1000, 999));
        assertTrue(e.getMessage().contains("999"), e.getMessage());
    }

    @Test
    void shouldHandOutNettyDirectBuffersOnlyFromTheDirectAllocators() {
        for (Allocator allocator : new Allocator[] {Allocator.NETTY_POOLED_DIRECT, Allocator.NETTY_ADAPTIVE_DIRECT,
                Allocator.NETTY_UNPOOLED_DIRECT, Allocator.NETTY_POOLED_HEAP, Allocator.NETTY_ADAPTIVE_HEAP,
                Allocator.NETTY_UNPOOLED_HEAP}) {
            try (NettyBuffers buffers = (NettyBuffers) allocator.open(1024, 2, 2)) {
                buffers.makeNext();
                assertEquals(allocator.memory() == Allocator.Memory.DIRECT, buffers.isDirect(0), allocator.label());
            }
        }
    }

    /** Heap bytes this thread allocated making 1000 buffers from a pool already open (and warmed once). */
    private static long handOutAfterOpen(Allocator allocator) {
        long bytes = 0;
        for (int round = 0; round < 3; round++) {
            try (FirstBuffers buffers = allocator.open(1024, 1000, 1000)) {
                long before = AllocationCounter.currentThreadAllocatedBytes();
                for (int i = 0; i < 1000; i++) {
                    buffers.makeNext();
                }
                bytes = AllocationCounter.currentThreadAllocatedBytes() - before;
            }
        }
        return bytes;
    }
}

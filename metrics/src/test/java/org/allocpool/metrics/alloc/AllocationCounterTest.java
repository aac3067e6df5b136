package org.allocpool.metrics.alloc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AllocationCounterTest {

    private static volatile byte[] sink;

    @Test
    void shouldSeeTheBytesThisThreadAllocates() {
        long before = AllocationCounter.currentThreadAllocatedBytes();
        for (int i = 0; i < 100; i++) {
            sink = new byte[1024];
        }
        long allocated = AllocationCounter.currentThreadAllocatedBytes() - before;
        assertTrue(allocated >= 100 * 1024, "allocated " + allocated);
    }

    @Test
    void shouldAllocateNothingToReadTheCounter() {
        for (int i = 0; i < 10_000; i++) {
            AllocationCounter.currentThreadAllocatedBytes(); // warm up
        }
        long before = AllocationCounter.currentThreadAllocatedBytes();
        long last = 0;
        for (int i = 0; i < 10_000; i++) {
            last += AllocationCounter.currentThreadAllocatedBytes();
        }
        long allocated = AllocationCounter.currentThreadAllocatedBytes() - before;
        assertTrue(allocated < 1024 && last != 0, "reading the counter allocated " + allocated + " bytes");
    }
}

package org.allocpool.firstalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.allocpool.metrics.alloc.AllocationCounter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** One suite over every allocator: what it hands out, and where the bytes of its buffers go. */
class FirstBuffersContractTest {

    private static final int SIZE = 1024;
    private static final int COUNT = 1000;

    @ParameterizedTest
    @EnumSource(Allocator.class)
    void shouldHandOutTheCountAskedEachItsOwnMemoryOfTheSizeAsked(Allocator allocator) {
        try (FirstBuffers buffers = allocator.open(SIZE, COUNT, COUNT)) {
            for (int i = 0; i < COUNT; i++) {
                buffers.makeNext();
            }
            assertEquals(COUNT, buffers.made());
            for (int i = 0; i < COUNT; i++) {
                assertTrue(buffers.capacity(i) >= SIZE, allocator.label() + " buffer " + i + ": " + buffers.capacity(i));
                assertEquals(FirstBuffers.mark(i), buffers.firstByte(i), allocator.label() + " buffer " + i);
            }
            // the whole contract at once, as the measurement checks it
            FirstAllocation.check(buffers, SIZE, COUNT);
        }
    }

    @ParameterizedTest
    @EnumSource(Allocator.class)
    void shouldRefuseOneBufferMoreThanItWasOpenedFor(Allocator allocator) {
        try (FirstBuffers buffers = allocator.open(64, 3, 3)) {
            buffers.makeNext();
            buffers.makeNext();
            buffers.makeNext();
            assertThrows(IllegalStateException.class, buffers::makeNext);
            assertEquals(3, buffers.made());
        }
    }

    /**
     * Heap allocators put every buffer's bytes on the heap: opening and making allocate at least size x
     * count on this thread (our heap pool up front, when opened; Netty's adaptive allocator, new at each
     * open, its chunks). Off-heap ones do not: what making their buffers allocates on the heap (wrappers,
     * segments) stays well under it. Measured after one round that loads their classes. Netty's pooled
     * heap allocator is a JVM-wide singleton that keeps its chunks: see the next test.
     */
    @ParameterizedTest
    @EnumSource(value = Allocator.class, names = "NETTY_POOLED_HEAP", mode = EnumSource.Mode.EXCLUDE)
    void shouldPutTheBufferBytesWhereItsMemorySays(Allocator allocator) {
        round(allocator);
        long[] heap = round(allocator);
        if (allocator.memory().isOffHeap()) {
            assertTrue(heap[1] < (long) SIZE * COUNT / 2, allocator.label() + " allocated " + heap[1] + " heap bytes");
        } else {
            assertTrue(heap[0] + heap[1] >= (long) SIZE * COUNT,
                    allocator.label() + " allocated only " + (heap[0] + heap[1]) + " heap bytes");
        }
    }

    /**
     * Why the lab runs one allocator per fresh JVM: once {@code PooledByteBufAllocator.DEFAULT} holds a
     * chunk, later buffers come from it, and only the first round in a JVM pays for the memory.
     */
    @Test
    void shouldServeNettysPooledHeapBuffersFromTheChunkItAlreadyHolds() {
        round(Allocator.NETTY_POOLED_HEAP);
        long[] heap = round(Allocator.NETTY_POOLED_HEAP);
        assertTrue(heap[0] + heap[1] < (long) SIZE * COUNT / 2, "allocated " + (heap[0] + heap[1]) + " heap bytes");
    }

    /** Heap bytes this thread allocated opening {@code allocator} ([0]) and making COUNT buffers ([1]). */
    private static long[] round(Allocator allocator) {
        long before = AllocationCounter.currentThreadAllocatedBytes();
        try (FirstBuffers buffers = allocator.open(SIZE, COUNT, COUNT)) {
            long opened = AllocationCounter.currentThreadAllocatedBytes();
            for (int i = 0; i < COUNT; i++) {
                buffers.makeNext();
            }
            return new long[] {opened - before, AllocationCounter.currentThreadAllocatedBytes() - opened};
        }
    }
}

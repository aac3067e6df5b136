package org.allocpool.allocrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.allocpool.metrics.alloc.AllocationCounter;
import org.junit.jupiter.api.Test;

class EventWorkerTest {

    private static long checksums(long from, long to) {
        long sum = 0;
        TopOfBook event = new TopOfBook();
        for (long s = from; s <= to; s++) {
            sum += event.fill(s).checksum();
        }
        return sum;
    }

    @Test
    void shouldHandleEveryEventAskedForAcrossCalls() {
        for (EventLoop loop : EventLoop.values()) {
            EventWorker worker = loop.newWorker();
            worker.run(3);
            worker.run(0);
            worker.run(1_234);
            assertEquals(1_237, worker.events(), loop.cliName());
        }
    }

    @Test
    void shouldReadTheEventFiveBackWhenAllocatingAndTheOneEventWhenReusing() {
        EventWorker alloc = EventLoop.ALLOC.newWorker();
        EventWorker reuse = EventLoop.REUSE.newWorker();
        alloc.run(7);
        alloc.run(993);
        reuse.run(1_000);
        assertEquals(checksums(0, 994), alloc.checksum());
        assertEquals(checksums(5, 999), reuse.checksum());
    }

    @Test
    void shouldAllocateNothingPerEventWhenReusing() {
        EventWorker worker = EventLoop.REUSE.newWorker();
        for (int i = 0; i < 20; i++) {
            worker.run(100_000);
        }
        long before = AllocationCounter.currentThreadAllocatedBytes();
        worker.run(1_000_000);
        long allocated = AllocationCounter.currentThreadAllocatedBytes() - before;
        assertEquals(0, allocated, "bytes allocated by 1,000,000 reused events");
    }

    @Test
    void shouldAllocateOneEventPerEventWithEscapeAnalysisOn() {
        assertTrue(AllocRateRun.escapeAnalysis(), "the test JVM runs with escape analysis (the JVM's default)");
        EventWorker worker = EventLoop.ALLOC.newWorker();
        for (int i = 0; i < 20; i++) {
            worker.run(100_000);
        }
        long before = AllocationCounter.currentThreadAllocatedBytes();
        worker.run(1_000_000);
        double perEvent = (AllocationCounter.currentThreadAllocatedBytes() - before) / 1e6;
        // a 44-byte object with its header, padded: 56 bytes with compressed class pointers, 48-64 with other layouts
        assertTrue(perEvent >= TopOfBook.FIELD_BYTES && perEvent <= 64, "bytes per event: " + perEvent);
    }
}

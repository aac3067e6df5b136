package org.allocpool.analyzer.workload;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.allocpool.analyzer.AnalyzerSettings;
import org.allocpool.analyzer.Strategy;
import org.allocpool.analyzer.WorkloadCase;
import org.allocpool.metrics.alloc.AllocationCounter;
import org.junit.jupiter.api.Test;

/** Allocation per packet, measured by the thread's allocated-bytes counter after warm-up. */
class AllocationPerPacketTest {

    static double bytesPerPacket(Strategy strategy, long packets) {
        AnalyzerSettings settings = new AnalyzerSettings(strategy, WorkloadCase.A, 100, 100, 1_000, 200,
                packets, 1, 0);
        try (Workload workload = Workload.of(settings)) {
            for (int i = 0; i < 5; i++) {
                workload.run(200_000); // warm-up: let the JIT compile the loop
            }
            long before = AllocationCounter.currentThreadAllocatedBytes();
            workload.run(packets);
            long after = AllocationCounter.currentThreadAllocatedBytes();
            return (after - before) / (double) packets;
        }
    }

    @Test
    void shouldAllocateNothingPerPacketForFlat() {
        double bytes = bytesPerPacket(Strategy.FLAT, 1_000_000);
        assertTrue(bytes < 1.0, "flat allocated " + bytes + " bytes per packet");
    }

    @Test
    void shouldAllocateAtLeastTheBufferPerPacketForAlloc() {
        double bytes = bytesPerPacket(Strategy.ALLOC, 200_000);
        assertTrue(bytes >= 1024, "alloc allocated only " + bytes + " bytes per packet");
    }
}

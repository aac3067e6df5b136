package org.allocpool.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.allocpool.analyzer.workload.Workload;
import org.allocpool.metrics.alloc.AllocationCounter;
import org.junit.jupiter.api.Test;

/**
 * The packets' shape: its limits, that the generator keeps one packet in {@code keepOneIn}, that a
 * packet's size is what {@code alloc} allocates per packet, and that the shape reaches the record and
 * the C++ analyser's command line.
 */
class WorkloadShapeTest {

    @Test
    void shouldRejectAPacketSizeOutsideSixtyFourBytesToSixtyFourKibNamingIt() {
        assertEquals("--packet-size must be 64 to 65536 bytes (64 B to 64 KiB), was 63",
                assertThrows(IllegalArgumentException.class, () -> new WorkloadShape(63, 16)).getMessage());
        assertEquals("--packet-size must be 64 to 65536 bytes (64 B to 64 KiB), was 65537",
                assertThrows(IllegalArgumentException.class, () -> WorkloadShape.checkPacketSize(65_537)).getMessage());
        assertEquals(64, new WorkloadShape(64, 16).packetSize());
        assertEquals(65_536, new WorkloadShape(65_536, 16).packetSize());
    }

    @Test
    void shouldRejectAShareKeptThatIsNotAPowerOfTwoNamingIt() {
        assertEquals("--keep-one-in must be a power of two from 1 to 128 (one packet in N is kept; the article's"
                + " generator keeps other shares unevenly), was 0",
                assertThrows(IllegalArgumentException.class, () -> new WorkloadShape(1024, 0)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new WorkloadShape(1024, 3)).getMessage()
                .endsWith("was 3"));
    }

    @Test
    void shouldKeepAboutOnePacketInKeepOneIn() {
        for (int keep : List.of(1, 2, 4, 8, 16, 32, 64, 128)) {
            AnalyzerSettings settings = settings(Strategy.FLAT, new WorkloadShape(1024, keep));
            try (Workload workload = Workload.of(settings)) {
                workload.run(1_000_000);
                WorkloadCounts counts = workload.counts();
                double share = counts.tcpStored() / (double) counts.parsed();
                // the article's counter keeps 0.97 to 1.2 in N over 4 M packets (its own 1 in 16: 1.06)
                assertEquals(1.1 / keep, share, 0.25 / keep, "kept one in " + keep + ": " + counts);
            }
        }
    }

    @Test
    void shouldAllocateThePacketSizeMorePerPacketForAllocAndTheSameForPool() {
        double small = bytesPerPacket(Strategy.ALLOC, 256);
        double large = bytesPerPacket(Strategy.ALLOC, 4096);
        assertEquals(4096 - 256, large - small, 16, "alloc: " + small + " and " + large + " bytes per packet");
        assertEquals(bytesPerPacket(Strategy.POOL, 256), bytesPerPacket(Strategy.POOL, 4096), 16,
                "pool allocates its parse results only, whatever the packet's size");
    }

    @Test
    void shouldRecordTheShapeAndHandItToTheCppAnalyser() {
        AnalyzerSettings settings = settings(Strategy.POOL, new WorkloadShape(256, 4));

        assertEquals(256, BatchRun.cell(settings).get("packetSize"));
        assertEquals(4, BatchRun.cell(settings).get("keepOneIn"));
        List<String> args = AnalyzerArguments.workload(settings);
        assertEquals(List.of("--packet-size", "256", "--keep-one-in", "4"), args.subList(args.size() - 4, args.size()));
        assertEquals(1024, BatchRun.cell(settings.withShape(WorkloadShape.ARTICLE)).get("packetSize"));
    }

    private static AnalyzerSettings settings(Strategy strategy, WorkloadShape shape) {
        return new AnalyzerSettings(strategy, WorkloadCase.A, 100, 100, 1_000, 200, 100_000, 1, 0).withShape(shape);
    }

    private static double bytesPerPacket(Strategy strategy, int packetSize) {
        try (Workload workload = Workload.of(settings(strategy, new WorkloadShape(packetSize, 16)))) {
            workload.run(300_000); // warm-up: let the JIT compile the loop
            long before = AllocationCounter.currentThreadAllocatedBytes();
            workload.run(100_000);
            return (AllocationCounter.currentThreadAllocatedBytes() - before) / 100_000.0;
        }
    }
}

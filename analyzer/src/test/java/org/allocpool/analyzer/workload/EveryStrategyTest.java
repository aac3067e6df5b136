package org.allocpool.analyzer.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.allocpool.analyzer.AnalyzerSettings;
import org.allocpool.analyzer.Strategy;
import org.allocpool.analyzer.WorkloadCase;
import org.allocpool.analyzer.WorkloadCounts;
import org.allocpool.memory.pool.PoolCounts;
import org.allocpool.memory.pool.PoolDebug;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class EveryStrategyTest {

    static final int QUEUE = 100;
    static final int STORED = 100;
    static final int POOL = 1_000;
    static final int MIX_POOL = 200;
    static final long PACKETS = 100_000;

    static AnalyzerSettings small(Strategy strategy) {
        return new AnalyzerSettings(strategy, WorkloadCase.A, QUEUE, STORED, POOL, MIX_POOL, PACKETS, 1, 0);
    }

    static WorkloadCounts reference;

    static synchronized WorkloadCounts referenceCounts() {
        if (reference == null) {
            try (Workload w = Workload.of(small(Strategy.ALLOC))) {
                w.run(PACKETS);
                reference = w.counts();
            }
        }
        return reference;
    }

    @ParameterizedTest
    @EnumSource(value = Strategy.class, mode = EnumSource.Mode.EXCLUDE, names = {"DUMMY", "NATIVE_DUMMY"})
    void shouldProduceTheSameCountsAsEveryOtherStrategy(Strategy strategy) {
        try (Workload workload = Workload.of(small(strategy))) {
            workload.run(PACKETS);
            assertEquals(referenceCounts(), workload.counts());
        }
    }

    @Test
    void shouldStoreAlmostNothingWithTheDummyStrategies() {
        // The one dummy packet is re-simulated by every get, so parsing reads the newest packet and
        // its store call follows at once; the first TCP packet shifts the counter's parity and no
        // later packet is TCP. Faithful to the article's code: dummy is the floor, not the workload.
        WorkloadCounts dummy;
        try (Workload workload = Workload.of(small(Strategy.DUMMY))) {
            workload.run(PACKETS);
            dummy = workload.counts();
        }
        try (Workload workload = Workload.of(small(Strategy.NATIVE_DUMMY))) {
            workload.run(PACKETS);
            assertEquals(dummy, workload.counts());
        }
        assertEquals(new WorkloadCounts(PACKETS, PACKETS - QUEUE + 1, 1, 0, PACKETS - QUEUE), dummy);
    }

    @ParameterizedTest
    @EnumSource(Strategy.class)
    void shouldReturnEveryPacketOnceAfterDrain(Strategy strategy) {
        assertTrue(PoolDebug.ENABLED, "run with -D" + PoolDebug.PROPERTY + "=true");
        try (Workload workload = Workload.of(small(strategy))) {
            workload.run(PACKETS / 2);
            workload.run(PACKETS / 2);
            workload.drain();
            WorkloadCounts counts = workload.counts();
            assertEquals(PACKETS, counts.made());
            assertEquals(counts.made(), counts.parsed());
            assertEquals(counts.made(), counts.freed(), "every packet handed out is freed once");
            assertEquals(workload.capacity(), workload.available(), "pooled packets all back");
            List<PoolCounts> pools = workload.poolCounts();
            if (workload.capacity() > 0) {
                assertTrue(pools.getFirst().handedOut() >= PACKETS / 10, "the pool was used: " + pools);
                assertEquals(0, pools.getFirst().outstanding(), "leak: " + pools);
            }
            if (strategy == Strategy.NATIVE_MIX) {
                // slots parked with the pooled packets count as out of the slot pool
                assertEquals(MIX_POOL, pools.get(1).outstanding());
            }
            // a double free would have thrown inside the pools' debug accounting
        }
    }

    @ParameterizedTest
    @EnumSource(Strategy.class)
    void shouldFillEveryStoreSlotAndTheQueueWhenPrefilled(Strategy strategy) {
        try (Workload workload = Workload.of(small(strategy))) {
            workload.prefill();
            assertEquals(new WorkloadCounts(STORED + QUEUE - 1, STORED, STORED, 0, 0), workload.counts());
            workload.prefill();
            assertEquals(STORED + QUEUE - 1, workload.counts().made(), "a second prefill finds nothing to fill");
        }
    }

    @ParameterizedTest
    @EnumSource(value = Strategy.class, mode = EnumSource.Mode.EXCLUDE, names = {"DUMMY", "NATIVE_DUMMY"})
    void shouldProduceTheSameCountsAsEveryOtherStrategyAfterAPrefill(Strategy strategy) {
        WorkloadCounts alloc;
        try (Workload reference = Workload.of(small(Strategy.ALLOC))) {
            reference.prefill();
            reference.run(PACKETS);
            alloc = reference.counts();
        }
        try (Workload workload = Workload.of(small(strategy))) {
            workload.prefill();
            workload.run(PACKETS);
            assertEquals(alloc, workload.counts());
            assertEquals(STORED + QUEUE - 1 + PACKETS, alloc.made());
            // every TCP packet now replaces a stored one: nothing is stored into an empty slot any more
            assertEquals(alloc.tcpStored() - STORED, alloc.evicted());
        }
    }

    @ParameterizedTest
    @EnumSource(Strategy.class)
    void shouldReturnEveryPacketOnceAfterAPrefillRunAndDrain(Strategy strategy) {
        try (Workload workload = Workload.of(small(strategy))) {
            workload.prefill();
            workload.run(PACKETS);
            workload.drain();
            WorkloadCounts counts = workload.counts();
            assertEquals(counts.made(), counts.freed(), "every packet handed out is freed once");
            assertEquals(workload.capacity(), workload.available(), "pooled packets all back");
            if (workload.capacity() > 0) {
                assertEquals(0, workload.poolCounts().getFirst().outstanding(), "leak: " + workload.poolCounts());
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = Strategy.class, names = {"POOL", "NATIVE_POOL", "NATIVE_ALLOC", "NATIVE_MIX", "FLAT"})
    void shouldFailNamingTheStrategyAndSizeWhenItRunsDry(Strategy strategy) {
        AnalyzerSettings settings = new AnalyzerSettings(strategy, WorkloadCase.A, QUEUE, STORED, 150, 100,
                PACKETS, 1, 0);
        try (Workload workload = Workload.of(settings)) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> workload.run(PACKETS));
            assertTrue(e.getMessage().startsWith("Failure to allocate packet"), e.getMessage());
            assertTrue(e.getMessage().contains("'" + strategy.cliName() + "'"), e.getMessage());
            assertTrue(e.getMessage().contains(" 150 "), e.getMessage());
        }
    }
}

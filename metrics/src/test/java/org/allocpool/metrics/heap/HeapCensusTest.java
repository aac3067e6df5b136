package org.allocpool.metrics.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.Reference;
import org.junit.jupiter.api.Test;

class HeapCensusTest {

    @Test
    void shouldReadTheInstanceTotalFromTheHistogram() {
        String histogram = """
                 num     #instances         #bytes  class name (module)
                -------------------------------------------------------
                   1:         12345         678901  [B (java.base@25)
                Total        424242       12345678
                """;
        assertEquals(424242, HeapCensus.totalInstances(histogram));
    }

    @Test
    void shouldCountObjectsKeptAlive() {
        long withoutThem = HeapCensus.take().liveObjects();
        Object[] kept = new Object[200_000];
        for (int i = 0; i < kept.length; i++) {
            kept[i] = new Object();
        }
        HeapCensus census;
        try {
            census = HeapCensus.take();
        } finally {
            Reference.reachabilityFence(kept); // alive, and so counted, until the census is over
        }

        assertTrue(census.liveObjects() >= kept.length, "live objects: " + census.liveObjects());
        // They are what the census counted, not the rest of the heap (some 70,000 objects in a test JVM),
        // which may lose a few objects between two censuses (a cleared soft reference, an ended thread).
        long counted = census.liveObjects() - withoutThem;
        assertTrue(counted >= kept.length * 99L / 100, counted + " more live objects with " + kept.length + " kept");
        assertTrue(census.heapUsedMb() > 0);
    }
}

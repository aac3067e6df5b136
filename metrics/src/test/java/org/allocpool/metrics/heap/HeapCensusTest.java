package org.allocpool.metrics.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        Object[] kept = new Object[200_000];
        for (int i = 0; i < kept.length; i++) {
            kept[i] = new Object();
        }
        HeapCensus census = HeapCensus.take();
        assertTrue(census.liveObjects() >= kept.length, "live objects: " + census.liveObjects());
        assertTrue(census.heapUsedMb() > 0);
        assertEquals(kept.length, kept.length); // keeps `kept` reachable until after the census
    }
}

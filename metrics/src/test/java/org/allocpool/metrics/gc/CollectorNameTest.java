package org.allocpool.metrics.gc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CollectorNameTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "G1 Young Generation;G1 Concurrent GC;G1 Old Generation;|G1",
        "ZGC Minor Cycles;ZGC Minor Pauses;ZGC Major Cycles;ZGC Major Pauses;|ZGC",
        "Shenandoah Pauses;Shenandoah Cycles;|Shenandoah",
        "PS Scavenge;PS MarkSweep;|Parallel",
        "Copy;MarkSweepCompact;|Serial",
        "Epsilon Heap;|Epsilon",
    })
    void shouldNameTheCollectorFromItsBeans(String beans, String expected) {
        assertEquals(expected, CollectorName.fromBeanNames(beans));
    }
}

package org.allocpool.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class MaxHeapTest {

    @Test
    void shouldNameTheHeapAsAskedFor() {
        assertEquals("2g", MaxHeap.fromArguments(List.of("-Xms2g", "-Xmx2G"), 123));
        assertEquals("1024m", MaxHeap.fromArguments(List.of("-Xmx4g", "-XX:MaxHeapSize=1024m"), 123));
    }

    @Test
    void shouldDeriveTheHeapFromMaxMemoryWhenNotAskedFor() {
        assertEquals("2g", MaxHeap.fromArguments(List.of(), 2L << 30));
        assertEquals("1536m", MaxHeap.fromArguments(List.of("-Xms1g"), 1536L << 20));
    }
}

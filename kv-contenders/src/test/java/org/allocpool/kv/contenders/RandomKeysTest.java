package org.allocpool.kv.contenders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.allocpool.metrics.alloc.AllocationCounter;
import org.junit.jupiter.api.Test;

class RandomKeysTest {

    @Test
    void shouldStayInItsRangeAndReachEveryPartOfIt() {
        RandomKeys keys = new RandomKeys(1_000, 100, 42);
        int[] seen = new int[100];
        for (int i = 0; i < 100_000; i++) {
            long key = keys.next();
            assertTrue(key >= 1_000 && key < 1_100, "key " + key);
            seen[(int) (key - 1_000)]++;
        }
        for (int count : seen) {
            assertTrue(count > 500, "every key drawn about 1,000 times, one only " + count);
        }
    }

    @Test
    void shouldAllocateNothingPerKey() {
        RandomKeys keys = new RandomKeys(0, 1_000_000, 7);
        long sink = 0;
        for (int round = 0; round < 5; round++) {
            sink += draw(keys, 200_000); // warm up: linkage and JIT allocate at first
        }
        // A key that allocated would do so in every round; one clean round of 200,000 proves it does not.
        long fewest = Long.MAX_VALUE;
        for (int round = 0; round < 3; round++) {
            long before = AllocationCounter.currentThreadAllocatedBytes();
            sink += draw(keys, 200_000);
            fewest = Math.min(fewest, AllocationCounter.currentThreadAllocatedBytes() - before);
        }
        assertEquals(0, fewest, "bytes allocated by 200,000 keys (sink " + sink + ")");
    }

    private static long draw(RandomKeys keys, int count) {
        long sum = 0;
        for (int i = 0; i < count; i++) {
            sum += keys.next();
        }
        return sum;
    }

    @Test
    void shouldRefuseAnEmptyRange() {
        assertThrows(IllegalArgumentException.class, () -> new RandomKeys(0, 0, 1));
    }
}

package org.allocpool.memory.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every pool shares, run against each implementation by a subclass that adapts it
 * to {@link Subject}. Runs with {@code -Dallocpool.debug=true} (see the module's pom).
 */
abstract class PoolContract {

    /** A pool under test, seen through one face; {@code acquire} gives {@code null} for "empty". */
    interface Subject {
        Object acquire();

        boolean release(Object item);

        int available();

        int capacity();

        PoolCounts counts();
    }

    static final int CAPACITY = 8;

    abstract Subject newPool(int capacity);

    /** Whether the pool makes a new item instead of reporting empty. */
    abstract boolean allocatesWhenEmpty();

    @Test
    void shouldRunWithDebugAccountingOn() {
        assertTrue(PoolDebug.ENABLED, "tests must run with -D" + PoolDebug.PROPERTY + "=true");
    }

    @Test
    void shouldStartWithEveryItemAvailable() {
        Subject pool = newPool(CAPACITY);
        assertEquals(CAPACITY, pool.available());
        assertEquals(CAPACITY, pool.capacity());
    }

    @Test
    void shouldHandOutDistinctItemsUpToCapacity() {
        Subject pool = newPool(CAPACITY);
        Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < CAPACITY; i++) {
            Object item = pool.acquire();
            assertNotNull(item);
            assertTrue(seen.add(item), "handed out twice: " + item);
            assertEquals(CAPACITY - 1 - i, pool.available());
        }
    }

    @Test
    void shouldReportEmptyOrAllocateWhenEveryItemIsOut() {
        Subject pool = newPool(CAPACITY);
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < CAPACITY; i++) {
            out.add(pool.acquire());
        }
        Object extra = pool.acquire();
        if (allocatesWhenEmpty()) {
            assertNotNull(extra);
            assertTrue(out.stream().noneMatch(o -> o == extra), "overflow item must be new");
        } else {
            assertNull(extra);
        }
        assertEquals(0, pool.available());
    }

    @Test
    void shouldHandBackTheItemReleasedLast() {
        Subject pool = newPool(CAPACITY);
        pool.acquire();
        Object item = pool.acquire();
        assertTrue(pool.release(item));
        Object again = pool.acquire();
        assertTrue(item == again || item.equals(again), "expected " + item + ", got " + again);
    }

    @Test
    void shouldBeFullAgainAfterEveryItemIsReleased() {
        Subject pool = newPool(CAPACITY);
        List<Object> out = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < CAPACITY; i++) {
                out.add(pool.acquire());
            }
            for (Object item : out) {
                assertTrue(pool.release(item));
            }
            out.clear();
            assertEquals(CAPACITY, pool.available());
        }
        assertEquals(new PoolCounts(3 * CAPACITY, 3 * CAPACITY), pool.counts());
        assertEquals(0, pool.counts().outstanding());
    }

    @Test
    void shouldCountAnItemNotReturnedAsLeaked() {
        Subject pool = newPool(CAPACITY);
        Object a = pool.acquire();
        pool.acquire();
        pool.release(a);
        assertEquals(1, pool.counts().outstanding());
        assertEquals(2, pool.counts().handedOut());
        assertEquals(1, pool.counts().returned());
    }

    @Test
    void shouldRejectADoubleRelease() {
        Subject pool = newPool(CAPACITY);
        Object a = pool.acquire();
        pool.acquire();
        pool.release(a);
        assertThrows(IllegalStateException.class, () -> pool.release(a));
    }

    @Test
    void shouldRejectCapacityBelowOne() {
        assertThrows(IllegalArgumentException.class, () -> newPool(0));
    }
}

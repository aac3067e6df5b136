package org.allocpool.memory.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class OffsetPoolContractTest extends PoolContract {

    private static final int STRIDE = 1_088;

    @Override
    Subject newPool(int capacity) {
        OffsetPool pool = new OffsetPool(capacity, STRIDE);
        return new NumberPoolSubject(pool::acquire, OffsetPool.EMPTY, pool::release, pool::available, pool::capacity,
                pool::counts);
    }

    @Override
    boolean allocatesWhenEmpty() {
        return false;
    }

    @Test
    void shouldHandOutTheLowestSlotsOffsetsFirst() {
        OffsetPool pool = new OffsetPool(3, STRIDE);
        assertEquals(0, pool.acquire());
        assertEquals(STRIDE, pool.acquire());
        assertEquals(2L * STRIDE, pool.acquire());
        assertEquals(OffsetPool.EMPTY, pool.acquire());
    }

    @Test
    void shouldHandOutOffsetsBeyondTwoGigabytes() {
        OffsetPool pool = new OffsetPool(3_000_000, STRIDE);
        long last = -1;
        while (pool.available() > 0) {
            last = pool.acquire();
        }
        assertEquals(2_999_999L * STRIDE, last);
    }

    @Test
    void shouldRejectAnOffsetOutsideThePool() {
        OffsetPool pool = new OffsetPool(3, STRIDE);
        pool.acquire();
        assertThrows(IllegalStateException.class, () -> pool.release(7L * STRIDE));
    }

    @Test
    void shouldRejectAnOffsetInsideASlot() {
        OffsetPool pool = new OffsetPool(3, STRIDE);
        pool.acquire();
        assertThrows(IllegalStateException.class, () -> pool.release(STRIDE / 2));
    }

    @Test
    void shouldRejectAStrideUnderOneByte() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new OffsetPool(3, 0));
        assertEquals("offset pool stride must be at least 1 byte, was 0", e.getMessage());
    }
}

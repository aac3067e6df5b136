package org.allocpool.memory.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class IndexPoolContractTest extends PoolContract {

    @Override
    Subject newPool(int capacity) {
        IndexPool pool = new IndexPool(capacity);
        return new NumberPoolSubject(pool::acquire, IndexPool.EMPTY, index -> pool.release((int) index), pool::available,
                pool::capacity, pool::counts);
    }

    @Override
    boolean allocatesWhenEmpty() {
        return false;
    }

    @Test
    void shouldHandOutLowestIndicesFirst() {
        IndexPool pool = new IndexPool(3);
        assertEquals(0, pool.acquire());
        assertEquals(1, pool.acquire());
        assertEquals(2, pool.acquire());
        assertEquals(IndexPool.EMPTY, pool.acquire());
    }

    @Test
    void shouldRejectAForeignIndex() {
        IndexPool pool = new IndexPool(3);
        pool.acquire();
        assertThrows(IllegalStateException.class, () -> pool.release(7));
    }
}

package org.allocpool.memory.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FixedObjectPoolContractTest extends PoolContract {

    /** A pooled thing that remembers which factory index made it; compared by identity. */
    static final class Item {
        final int index;

        Item(int index) {
            this.index = index;
        }
    }

    @Override
    Subject newPool(int capacity) {
        return ObjectPoolSubject.of(new FixedObjectPool<>(capacity, Item::new));
    }

    @Override
    boolean allocatesWhenEmpty() {
        return false;
    }

    @Test
    void shouldHandOutObjectsInFactoryOrder() {
        FixedObjectPool<Item> pool = new FixedObjectPool<>(3, Item::new);
        assertEquals(0, pool.acquire().index);
        assertEquals(1, pool.acquire().index);
        assertEquals(2, pool.acquire().index);
    }
}

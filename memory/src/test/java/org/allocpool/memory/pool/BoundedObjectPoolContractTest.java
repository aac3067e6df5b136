package org.allocpool.memory.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class BoundedObjectPoolContractTest extends PoolContract {

    @Override
    Subject newPool(int capacity) {
        return ObjectPoolSubject.of(new BoundedObjectPool<>(capacity, Object::new));
    }

    @Override
    boolean allocatesWhenEmpty() {
        return true;
    }

    @Test
    void shouldGiveAnOverflowObjectBackToTheCallerWhenFull() {
        BoundedObjectPool<Object> pool = new BoundedObjectPool<>(2, Object::new);
        Object a = pool.acquire();
        Object b = pool.acquire();
        Object c = pool.acquire();
        assertTrue(pool.release(a));
        assertTrue(pool.release(b));
        assertFalse(pool.release(c), "a full pool must not keep the object");
        assertEquals(2, pool.available());
        assertEquals(0, pool.counts().outstanding());
    }

    @Test
    void shouldCallTheFactoryOnlyWhenEmpty() {
        AtomicInteger made = new AtomicInteger();
        BoundedObjectPool<Object> pool = new BoundedObjectPool<>(2, () -> {
            made.incrementAndGet();
            return new Object();
        });
        assertEquals(2, made.get());
        pool.release(pool.acquire());
        assertEquals(2, made.get());
        pool.acquire();
        pool.acquire();
        pool.acquire();
        assertEquals(3, made.get());
    }

    @Test
    void shouldReturnNullWhenTheFactoryHasNothingLeft() {
        AtomicInteger left = new AtomicInteger(2);
        BoundedObjectPool<Object> pool = new BoundedObjectPool<>(2,
                () -> left.getAndDecrement() > 0 ? new Object() : null);
        pool.acquire();
        pool.acquire();
        assertNull(pool.acquire());
    }

    @Test
    void shouldFailWhenTheFactoryCannotFillThePool() {
        AtomicInteger left = new AtomicInteger(1);
        assertThrows(IllegalStateException.class, () -> new BoundedObjectPool<>(2,
                () -> left.getAndDecrement() > 0 ? new Object() : null));
    }
}

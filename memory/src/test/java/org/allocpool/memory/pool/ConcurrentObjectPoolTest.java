package org.allocpool.memory.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ConcurrentObjectPoolTest {

    @Test
    void shouldHandOutEveryObjectOnceThenNull() {
        ConcurrentObjectPool<int[]> pool = new ConcurrentObjectPool<>(5, i -> new int[] {i});
        Set<int[]> out = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < 5; i++) {
            int[] item = pool.acquire();
            assertEquals(i, item[0], "made first, handed out first");
            out.add(item);
        }
        assertEquals(5, out.size());
        assertNull(pool.acquire());
        assertEquals(0, pool.available());
        out.forEach(pool::release);
        assertEquals(5, pool.available());
    }

    @Test
    void shouldRejectAReleaseBeyondItsCells() {
        ConcurrentObjectPool<Object> pool = new ConcurrentObjectPool<>(4, i -> new Object());
        Object extra = new Object();
        assertThrows(IllegalStateException.class, () -> pool.release(extra));
    }

    @Test
    void shouldRejectABadCapacity() {
        assertThrows(IllegalArgumentException.class, () -> new ConcurrentObjectPool<>(0, i -> new Object()));
    }

    /**
     * Two threads take, two others give back what the takers handed them (every object freed by a
     * thread that did not take it), with the pool nearly dry all along: every object comes back once.
     */
    @Test
    @Timeout(60)
    void shouldGetEveryObjectBackOnceWhenOtherThreadsReleaseIt() throws Exception {
        int capacity = 64;
        long perTaker = 200_000;
        ConcurrentObjectPool<Object> pool = new ConcurrentObjectPool<>(capacity, i -> new Object());
        List<Object> made = new ArrayList<>();
        for (Object o = pool.acquire(); o != null; o = pool.acquire()) {
            made.add(o);
        }
        made.forEach(pool::release);
        BlockingQueue<Object> handed = new ArrayBlockingQueue<>(capacity);
        Object stop = new Object();
        AtomicLong taken = new AtomicLong();
        AtomicLong given = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            threads.add(Thread.ofPlatform().start(() -> {
                try {
                    for (long i = 0; i < perTaker; i++) {
                        Object item;
                        while ((item = pool.acquire()) == null) {
                            Thread.onSpinWait();
                        }
                        taken.incrementAndGet();
                        if (!handed.offer(item, 30, TimeUnit.SECONDS)) {
                            throw new IllegalStateException("givers stopped taking");
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }));
        }
        List<Thread> givers = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            givers.add(Thread.ofPlatform().start(() -> {
                try {
                    while (true) {
                        Object item = handed.poll(30, TimeUnit.SECONDS);
                        if (item == null || item == stop) {
                            return;
                        }
                        pool.release(item);
                        given.incrementAndGet();
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }
        handed.put(stop);
        handed.put(stop);
        for (Thread t : givers) {
            t.join();
        }
        assertNull(failure.get());
        assertEquals(2 * perTaker, taken.get());
        assertEquals(taken.get(), given.get());
        assertEquals(capacity, pool.available());
        Set<Object> back = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Object o = pool.acquire(); o != null; o = pool.acquire()) {
            assertTrue(back.add(o), "an object came back twice");
        }
        assertEquals(capacity, back.size());
        Set<Object> original = Collections.newSetFromMap(new IdentityHashMap<>());
        original.addAll(made);
        assertEquals(original, back, "the same objects the pool made, none other");
        assertSame(null, pool.acquire());
    }
}

package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writers own disjoint key ranges and mirror what they write in a {@link ConcurrentHashMap}, so
 * the expected final state is exact; readers read every range meanwhile and must only ever see
 * whole values. The store starts tiny, so it grows many times under the load.
 */
class ConcurrentStoreTest {

    private static final int WRITERS = 4;
    private static final int READERS = 2;
    private static final int KEYS_PER_WRITER = 4_000;
    private static final int OPS_PER_WRITER = 40_000;
    private static final long RANGE = 1_000_000;
    /**
     * How long the test waits for its writers, then its readers: they take about a second on a quiet
     * 2-core machine; past a minute something has hung, and the test fails.
     */
    private static final long WAIT_SECONDS = 60;

    @TempDir
    Path dir;

    /**
     * With the production grace times, and with none: every replaced value's room is then written
     * again at once and every replaced mapping unmapped at the next put, so reads without a lock race
     * both all the time (and must retry, never return a torn value or leave a thread interrupted).
     */
    @ParameterizedTest(name = "grace {0} ns")
    @ValueSource(longs = {StoreGrowth.RETIRED_GRACE_NANOS, 0})
    void shouldAgreeWithAReferenceMapUnderConcurrentWritersAndReaders(long graceNanos) throws Exception {
        Map<Long, byte[]> mirror = new ConcurrentHashMap<>();
        AtomicBoolean writing = new AtomicBoolean(true);
        AtomicLong wholeReads = new AtomicLong();
        CountDownLatch start = new CountDownLatch(1);
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(16, 256, Durability.ASYNC), graceNanos)) {
            long firstFileBytes = store.fileBytes();
            ExecutorService pool = Executors.newFixedThreadPool(WRITERS + READERS);
            try {
                List<Future<?>> writers = new ArrayList<>();
                for (int w = 0; w < WRITERS; w++) {
                    long base = w * RANGE;
                    long seed = w;
                    writers.add(pool.submit(() -> write(store, mirror, base, seed, start)));
                }
                List<Future<?>> readers = new ArrayList<>();
                for (int r = 0; r < READERS; r++) {
                    long seed = 100 + r;
                    readers.add(pool.submit(() -> read(store, writing, wholeReads, seed, start)));
                }
                start.countDown();
                for (Future<?> writer : writers) {
                    writer.get(WAIT_SECONDS, TimeUnit.SECONDS);
                }
                writing.set(false);
                for (Future<?> reader : readers) {
                    reader.get(WAIT_SECONDS, TimeUnit.SECONDS);
                }
            } finally {
                // Readers read until told to stop, even when a writer failed or timed out; and the
                // store is closed next, so no task may still be using it.
                writing.set(false);
                pool.shutdownNow();
                assertTrue(pool.awaitTermination(WAIT_SECONDS, TimeUnit.SECONDS), "writers or readers still running");
            }
            assertTrue(store.fileBytes() > 8 * firstFileBytes, "the store should have grown several times");
            assertTrue(wholeReads.get() > 0, "readers should have found values");
            if (graceNanos == 0) {
                assertTrue(store.reusedEntries() > 0, "puts should have written into freed room");
            }
            assertMatches(store, mirror);
        }
        try (MappedStore reopened = MappedStore.openExisting(dir)) {
            assertMatches(reopened, mirror);
        }
    }

    private static Void write(MappedStore store, Map<Long, byte[]> mirror, long base, long seed,
                              CountDownLatch start) throws InterruptedException {
        start.await();
        SplittableRandom random = new SplittableRandom(seed);
        byte[] buffer = new byte[256];
        for (int op = 0; op < OPS_PER_WRITER; op++) {
            long key = base + random.nextInt(KEYS_PER_WRITER);
            int dice = random.nextInt(100);
            if (dice < 70) {
                byte[] value = CrashValues.value(key, op);
                store.put(key, value, 0, value.length);
                mirror.put(key, value);
            } else if (dice < 85) {
                assertEquals(mirror.remove(key) != null, store.remove(key), "remove " + key);
            } else {
                byte[] expected = mirror.get(key);
                int length = store.get(key, buffer);
                if (expected == null) {
                    assertEquals(MappedStore.ABSENT, length, "get " + key);
                } else {
                    assertArrayEquals(expected, Arrays.copyOf(buffer, length), "get " + key);
                }
            }
        }
        return null;
    }

    private static Void read(MappedStore store, AtomicBoolean writing, AtomicLong wholeReads, long seed,
                             CountDownLatch start) throws InterruptedException {
        start.await();
        SplittableRandom random = new SplittableRandom(seed);
        byte[] buffer = new byte[256];
        while (writing.get()) {
            long key = random.nextInt(WRITERS) * RANGE + random.nextInt(KEYS_PER_WRITER);
            int length = store.get(key, buffer);
            if (length != MappedStore.ABSENT) {
                assertTrue(CrashValues.versionOf(key, Arrays.copyOf(buffer, length)) >= 0, "torn value of " + key);
                wholeReads.incrementAndGet();
            }
        }
        assertFalse(Thread.currentThread().isInterrupted(), "a read left its thread interrupted");
        return null;
    }

    private static void assertMatches(MappedStore store, Map<Long, byte[]> mirror) {
        assertEquals(mirror.size(), store.size());
        byte[] buffer = new byte[256];
        for (var e : mirror.entrySet()) {
            int length = store.get(e.getKey(), buffer);
            assertArrayEquals(e.getValue(), Arrays.copyOf(buffer, Math.max(length, 0)), "key " + e.getKey());
        }
        AtomicLong visited = new AtomicLong();
        store.forEach((key, value) -> {
            visited.incrementAndGet();
            assertArrayEquals(mirror.get(key), value.toArray(ValueLayout.JAVA_BYTE), "visited key " + key);
        });
        assertEquals(mirror.size(), visited.get());
    }
}

package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A growth made the background's way (copied batch by batch while writers go on, every write applied
 * to both files, then swapped in) loses no write: a writer puts, replaces and removes long and byte
 * keys throughout several such growths, and the store then holds exactly what the writer's model says.
 */
class GrowthAheadTest {

    private static final int KEYS = 3_000;

    @TempDir
    Path dir;

    @Test
    void shouldKeepEveryWriteMadeWhileGrowingInTheBackground() throws Exception {
        Map<Long, Integer> model = new HashMap<>();
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService writer = Executors.newSingleThreadExecutor();
        int swapped = 0;
        // room for the writer's keys and for its writes while growing: only the growths below happen
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(40_000, 256, Durability.ASYNC))) {
            for (long key = 0; key < KEYS; key++) {
                write(store, model, key, 0);
            }
            Future<?> writes = writer.submit(() -> {
                SplittableRandom random = new SplittableRandom(7);
                for (int version = 1; !stop.get(); version++) {
                    long key = random.nextLong(2 * KEYS);
                    if (random.nextInt(8) == 0) {
                        remove(store, model, key);
                    } else {
                        write(store, model, key, version);
                    }
                }
            });
            // a round finds nothing to do while the writer's own growth runs, or loses to one made the old way
            for (int round = 0; round < 100 && swapped < 3; round++) {
                if (store.growInBackgroundWayNow()) {
                    swapped++;
                }
            }
            // a growth dropped by the writer's own must not reach into this thread (an arena closed under its force did)
            assertFalse(Thread.currentThread().isInterrupted(), "a dropped growth left the growing thread interrupted");
            stop.set(true);
            writes.get(60, TimeUnit.SECONDS);
            assertTrue(swapped > 0, "no growth was swapped in");
            assertHolds(store, model);
        } finally {
            writer.shutdownNow();
        }
        try (MappedStore store = MappedStore.openExisting(dir)) {
            assertHolds(store, model);
        }
        CheckReport report = StoreCheck.check(dir);
        assertTrue(report.isHealthy(), report.render());
        assertEquals(model.size() * 2L, report.entries());
    }

    /** Writes {@code version} under the long key {@code key} and under the byte key "k{key}". */
    private static void write(MappedStore store, Map<Long, Integer> model, long key, int version) {
        byte[] value = CrashValues.value(key, version);
        store.put(key, value, 0, value.length);
        store.put(ByteKey.of("k" + key), value, 0, value.length);
        model.put(key, version);
    }

    private static void remove(MappedStore store, Map<Long, Integer> model, long key) {
        store.remove(key);
        store.remove(ByteKey.of("k" + key));
        model.remove(key);
    }

    private static void assertHolds(MappedStore store, Map<Long, Integer> model) {
        assertEquals(model.size() * 2L, store.size());
        byte[] buffer = new byte[256];
        for (long key = 0; key < 2 * KEYS; key++) {
            Integer version = model.get(key);
            int length = store.get(key, buffer);
            int byteLength = store.getIfFits(ByteKey.of("k" + key), buffer.clone());
            if (version == null) {
                assertEquals(MappedStore.ABSENT, length, "key " + key);
                assertEquals(MappedStore.ABSENT, byteLength, "byte key k" + key);
            } else {
                assertTrue(length >= 0, "key " + key + " is missing");
                assertEquals((long) version, CrashValues.versionOf(key, Arrays.copyOf(buffer, length)), "key " + key);
                byte[] bytes = new byte[256];
                int n = store.getIfFits(ByteKey.of("k" + key), bytes);
                assertEquals((long) version, CrashValues.versionOf(key, Arrays.copyOf(bytes, n)), "byte key k" + key);
            }
        }
    }
}

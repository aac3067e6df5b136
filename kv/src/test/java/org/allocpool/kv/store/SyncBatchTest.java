package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The group commit of a sync store ({@link SyncBatch}): what a batch publishes, when, and that it
 * loses nothing to a growth, a conditional put or another writer.
 */
class SyncBatchTest {

    @TempDir
    Path dir;

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String read(MappedStore store, ByteKey key) {
        byte[] buffer = new byte[256];
        int length = store.getIfFits(key, buffer);
        return length == MappedStore.ABSENT ? null : new String(buffer, 0, length, StandardCharsets.UTF_8);
    }

    @Test
    void shouldPublishPutsOnlyWhenCommitted() throws Exception {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(1024, 256, Durability.SYNC))) {
            SyncBatch batch = store.beginBatch();
            byte[] one = bytes("one");
            batch.put(7L, one, 0, one.length);
            batch.put(ByteKey.of("user:7"), bytes("seven"), 0, 5, 0, PutCondition.ALWAYS);
            assertEquals(2, batch.pending());
            assertFalse(store.containsKey(7L), "a staged put is not visible before its commit");
            assertFalse(store.containsKey(ByteKey.of("user:7")));
            assertEquals(0, store.size());

            batch.commit();

            assertEquals(0, batch.pending());
            assertEquals(1, batch.commits());
            assertEquals(2, batch.committedPuts());
            assertEquals(2, store.size());
            assertEquals("seven", read(store, ByteKey.of("user:7")));
            byte[] buffer = new byte[16];
            assertEquals(3, store.get(7L, buffer));
            batch.commit(); // nothing pending: no commit counted
            assertEquals(1, batch.commits());
        }
    }

    @Test
    void shouldKeepTheLastOfSeveralPutsOfOneKeyInABatch() throws Exception {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(1024, 256, Durability.SYNC))) {
            SyncBatch batch = store.beginBatch();
            ByteKey key = ByteKey.of("k");
            for (int version = 0; version < 10; version++) {
                byte[] value = bytes("v" + version);
                batch.put(key, value, 0, value.length, 0, PutCondition.ALWAYS);
            }
            batch.commit();
            assertEquals("v9", read(store, key));
            assertEquals(1, store.size());
            assertEquals(EntryLayout.entryBytes(true, 1, 2), store.liveBytes(), "the replaced entries are not counted live");
        }
    }

    @Test
    void shouldCommitPendingPutsBeforeAConditionalPutTestsTheKey() throws Exception {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(1024, 256, Durability.SYNC))) {
            SyncBatch batch = store.beginBatch();
            ByteKey key = ByteKey.of("k");
            batch.put(key, bytes("a"), 0, 1, 0, PutCondition.ALWAYS);
            assertFalse(batch.put(key, bytes("b"), 0, 1, 0, PutCondition.IF_ABSENT), "NX sees the pending put");
            assertEquals(0, batch.pending());
            assertTrue(batch.put(key, bytes("c"), 0, 1, 0, PutCondition.IF_PRESENT));
            assertEquals("c", read(store, key));
        }
    }

    @Test
    void shouldRefuseAValueOverTheLimitWithoutStagingIt() throws Exception {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(1024, 16, Durability.SYNC))) {
            SyncBatch batch = store.beginBatch();
            byte[] big = new byte[17];
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> batch.put(1L, big, 0, 17));
            assertTrue(e.getMessage().contains("17 bytes"), e.getMessage());
            assertEquals(0, batch.pending());
            batch.put(1L, big, 0, 16);
            batch.commit();
            assertTrue(store.containsKey(1L));
        }
    }

    @Test
    void shouldWriteThroughInAnAsyncStore() throws Exception {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(1024, 256, Durability.ASYNC))) {
            SyncBatch batch = store.beginBatch();
            batch.put(1L, new byte[3], 0, 3);
            assertEquals(0, batch.pending());
            assertTrue(store.containsKey(1L), "async: made at once");
        }
    }

    /**
     * A small store batched into while another thread puts, replaces and removes other keys: the
     * store grows many times (in the background and the blocking way, when a batch finds a segment or
     * the log full) and holds exactly what was written, after a reopen too.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldLoseNoWriteWhileTheStoreGrowsUnderBatches() throws Exception {
        Map<Long, Integer> batched = new HashMap<>();
        Map<Long, Integer> direct = new HashMap<>();
        ExecutorService other = Executors.newSingleThreadExecutor();
        long growthsBefore;
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(64, 64, Durability.SYNC))) {
            growthsBefore = store.generation();
            Future<?> writer = other.submit(() -> {
                SplittableRandom random = new SplittableRandom(3);
                for (int op = 0; op < 300; op++) {
                    long key = 1_000_000 + random.nextLong(200);
                    if (random.nextInt(5) == 0) {
                        store.remove(key);
                        direct.remove(key);
                    } else {
                        byte[] value = value(key, op);
                        store.put(key, value, 0, value.length);
                        direct.put(key, op);
                    }
                }
            });
            SyncBatch batch = store.beginBatch();
            SplittableRandom random = new SplittableRandom(5);
            for (int op = 0; op < 3_000; op++) {
                long key = random.nextLong(1_500);
                byte[] value = value(key, op);
                batch.put(key, value, 0, value.length);
                batched.put(key, op);
                if (random.nextInt(24) == 0) {
                    batch.commit();
                }
            }
            batch.commit();
            writer.get(100, TimeUnit.SECONDS);
            assertTrue(store.generation() - growthsBefore >= 3, "the store grew under the batches");
            assertHolds(store, batched);
            assertHolds(store, direct);
            assertEquals(batched.size() + direct.size(), store.size());
        } finally {
            other.shutdownNow();
        }
        try (MappedStore reopened = MappedStore.openExisting(dir)) {
            assertHolds(reopened, batched);
            assertEquals(batched.size() + direct.size(), reopened.size());
        }
        assertTrue(StoreCheck.check(dir).isHealthy());
    }

    /**
     * Three threads, each with its own batch, write keys of which some are each thread's own and the
     * rest shared by all, while the store grows from 64 entries: no deadlock between the batches'
     * segment locks, the gate and the growths; each thread's own keys hold its last write; a shared
     * key holds the last write of one of the threads (concurrent writes: any order is valid); the
     * store is sound after a reopen.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldLetSeveralBatchesCommitAtOnceWhileTheStoreGrows() throws Exception {
        int threads = 3;
        int shared = 300;
        List<Map<Long, Integer>> lastWrites = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(64, 64, Durability.SYNC))) {
            List<Future<Map<Long, Integer>>> writers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                writers.add(pool.submit(() -> {
                    Map<Long, Integer> last = new HashMap<>();
                    SyncBatch batch = store.beginBatch();
                    SplittableRandom random = new SplittableRandom(11 + thread);
                    for (int op = 0; op < 2_000; op++) {
                        long key = random.nextBoolean() ? random.nextLong(shared)
                                : 10_000 * (thread + 1) + random.nextLong(400);
                        int version = op * threads + thread; // tells the writer apart
                        byte[] value = value(key, version);
                        batch.put(key, value, 0, value.length);
                        last.put(key, version);
                        if (random.nextInt(16) == 0) {
                            batch.commit();
                        }
                    }
                    batch.commit();
                    return last;
                }));
            }
            for (Future<Map<Long, Integer>> writer : writers) {
                lastWrites.add(writer.get(100, TimeUnit.SECONDS));
            }
            byte[] buffer = new byte[64];
            for (int t = 0; t < threads; t++) {
                for (var e : lastWrites.get(t).entrySet()) {
                    long key = e.getKey();
                    int length = store.get(key, buffer);
                    assertTrue(length >= 0, "key " + key + " is missing");
                    byte[] stored = Arrays.copyOf(buffer, length);
                    if (key >= shared) {
                        assertTrue(Arrays.equals(value(key, e.getValue()), stored), "own key " + key);
                    } else {
                        boolean someonesLast = false;
                        for (Map<Long, Integer> other : lastWrites) {
                            Integer version = other.get(key);
                            someonesLast |= version != null && Arrays.equals(value(key, version), stored);
                        }
                        assertTrue(someonesLast, "shared key " + key + " holds no thread's last write");
                    }
                }
            }
        } finally {
            pool.shutdownNow();
        }
        CheckReport report = StoreCheck.check(dir);
        assertTrue(report.isHealthy(), report.render());
    }

    private static byte[] value(long key, int version) {
        byte[] value = new byte[8 + (int) ((key + version) % 40)];
        for (int i = 0; i < value.length; i++) {
            value[i] = (byte) (key * 31 + version * 7 + i);
        }
        return value;
    }

    private static void assertHolds(MappedStore store, Map<Long, Integer> model) {
        byte[] buffer = new byte[64];
        for (var e : model.entrySet()) {
            int length = store.get(e.getKey(), buffer);
            assertTrue(length >= 0, "key " + e.getKey() + " is missing");
            assertTrue(Arrays.equals(value(e.getKey(), e.getValue()), Arrays.copyOf(buffer, length)),
                    "key " + e.getKey() + " holds another value than version " + e.getValue());
        }
    }
}

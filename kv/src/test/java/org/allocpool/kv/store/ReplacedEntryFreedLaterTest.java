package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A replacing put of an async store leaves the entry it replaced to the segment's next put, which
 * counts it out and frees it ({@link SegmentWrites#settle}): the counts stay exact for whoever reads
 * them (live bytes, the record of a clean close, a growth), and the room is reused. Keys held in
 * their slots (below 2^24) and keys tagged by their hash (from 2^40) alike.
 */
class ReplacedEntryFreedLaterTest {

    private static final int KEYS = 2_000;

    @TempDir
    Path dir;

    private static byte[] value(long key, int round) {
        byte[] value = new byte[8 + (int) Math.floorMod(key * 7 + round * 13, 90)];
        Arrays.fill(value, (byte) (key + round));
        return value;
    }

    private static long liveBytesOf(long base, int round) {
        long bytes = 0;
        for (long key = base; key < base + KEYS; key++) {
            bytes += EntryLayout.entryBytes(false, 0, value(key, round).length);
        }
        return bytes;
    }

    private static void putAll(MappedStore store, long base, int round) {
        for (long key = base; key < base + KEYS; key++) {
            byte[] value = value(key, round);
            store.put(key, value, 0, value.length);
        }
    }

    /** Every key holds its value of {@code round}, and the live bytes count those values exactly. */
    private static void assertLive(MappedStore store, long base, int round) {
        assertEquals(KEYS, store.size());
        assertEquals(liveBytesOf(base, round), store.liveBytes());
        assertValues(store, base, round);
    }

    private static void assertValues(MappedStore store, long base, int round) {
        byte[] buffer = new byte[128];
        for (long key = base; key < base + KEYS; key++) {
            int length = store.getIfFits(key, buffer);
            assertArrayEquals(value(key, round), Arrays.copyOf(buffer, Math.max(0, length)), "key " + key);
        }
    }

    @ParameterizedTest(name = "keys from {0}")
    @ValueSource(longs = {0, 1L << 40})
    void shouldCountTheReplacedEntriesOutExactlyBeforeTheNextPutsDo(long base) throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(KEYS, 128, Durability.ASYNC))) {
            putAll(store, base, 0);
            putAll(store, base, 1); // every key replaced, by a value of another size: 64 entries at most left to free
            assertLive(store, base, 1);
        }
    }

    @ParameterizedTest(name = "keys from {0}")
    @ValueSource(longs = {0, 1L << 40})
    void shouldRecordExactCountsAtACloseThatFindsReplacedEntriesLeftToFree(long base) throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(KEYS, 128, Durability.ASYNC))) {
            putAll(store, base, 0);
            putAll(store, base, 1);
        }
        assertTrue(Files.exists(dir.resolve(CleanClose.FILE_NAME)), "a clean close, whose counts the next open takes");
        try (MappedStore store = MappedStore.openExisting(dir)) {
            assertEquals(liveBytesOf(base, 1), store.liveBytes(), "from the record of the clean close");
            assertValues(store, base, 1);
        }
        Files.delete(dir.resolve(CleanClose.FILE_NAME));
        try (MappedStore store = MappedStore.openExisting(dir)) {
            assertEquals(liveBytesOf(base, 1), store.liveBytes(), "from a scan of the table");
        }
        assertTrue(StoreCheck.check(dir).isHealthy(), StoreCheck.check(dir).render());
    }

    @ParameterizedTest(name = "keys from {0}")
    @ValueSource(longs = {0, 1L << 40})
    void shouldKeepTheCountsExactThroughGrowthsThatFindReplacedEntriesLeftToFree(long base) throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(64, 128, Durability.ASYNC))) {
            for (int round = 0; round < 4; round++) { // a store sized for 64 keys: it grows while keys are replaced
                putAll(store, base, round);
            }
            assertTrue(store.growthsByCopy() + store.logExtensions() > 0, "the store grew");
            assertLive(store, base, 3);
        }
        try (MappedStore store = MappedStore.openExisting(dir)) {
            assertEquals(liveBytesOf(base, 3), store.liveBytes());
        }
    }

    @ParameterizedTest(name = "keys from {0}")
    @ValueSource(longs = {0, 1L << 40})
    void shouldKeepTheCountsExactThroughGrowthsOfSlotsBetweenAReplacingPutAndTheNext(long base) throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(16, 128, Durability.ASYNC))) {
            for (long key = base; key < base + KEYS; key++) { // each key put, then replaced: its first entry left to free
                byte[] first = value(key, 0);
                store.put(key, first, 0, first.length);
                byte[] second = value(key, 1);
                store.put(key, second, 0, second.length);
            }
            assertTrue(store.growthsByCopy() > 0, "the table grew");
            assertLive(store, base, 1);
        }
    }

    @ParameterizedTest(name = "keys from {0}")
    @ValueSource(longs = {0, 1L << 40})
    void shouldReuseTheRoomOfEntriesThatLaterPutsFreed(long base) throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(KEYS, 128, Durability.ASYNC))) {
            putAll(store, base, 0);
            int round = 0;
            while (store.reusedEntries() == 0 && round < 40) {
                round++;
                sleepPastTheGraceTime();
                putAll(store, base, 1 + round % 2); // two sizes per key in turn: each round's puts fit the room the one before freed
            }
            assertTrue(store.reusedEntries() > 0, "a put wrote into a replaced entry's room, in " + round + " rounds");
            assertLive(store, base, 1 + round % 2);
        }
    }

    private static void sleepPastTheGraceTime() {
        try {
            Thread.sleep(FreeEntries.REUSE_GRACE_NANOS / 1_000_000 * 2 + 10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}

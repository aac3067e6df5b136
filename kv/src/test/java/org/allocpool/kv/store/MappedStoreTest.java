package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MappedStoreTest {

    @TempDir
    Path dir;

    static byte[] valueFor(long key, int version) {
        int length = (int) Math.floorMod(key * 7 + version, 50);
        byte[] value = new byte[length];
        for (int i = 0; i < length; i++) {
            value[i] = (byte) (key + version * 31 + i);
        }
        return value;
    }

    static byte[] read(MappedStore store, long key) {
        byte[] buffer = new byte[store.maxValueBytes()];
        int length = store.get(key, buffer);
        if (length == MappedStore.ABSENT) {
            return null;
        }
        byte[] value = new byte[length];
        System.arraycopy(buffer, 0, value, 0, length);
        return value;
    }

    @Test
    void shouldReturnWhatWasPut() throws IOException {
        try (MappedStore store = MappedStore.open(dir, StoreConfig.defaults())) {
            store.put(42, new byte[] {1, 2, 3}, 0, 3);
            assertArrayEquals(new byte[] {1, 2, 3}, read(store, 42));
            assertEquals(MappedStore.ABSENT, store.get(43, new byte[10]));
            assertTrue(store.containsKey(42));
            assertFalse(store.containsKey(43));
            assertEquals(1, store.size());
        }
    }

    @Test
    void shouldReplaceAndRemove() throws IOException {
        try (MappedStore store = MappedStore.open(dir, StoreConfig.defaults())) {
            store.put(7, new byte[] {1}, 0, 1);
            store.put(7, new byte[] {2, 2}, 0, 2);
            assertArrayEquals(new byte[] {2, 2}, read(store, 7));
            assertEquals(1, store.size());
            assertTrue(store.remove(7));
            assertFalse(store.remove(7));
            assertEquals(MappedStore.ABSENT, store.get(7, new byte[10]));
            assertEquals(0, store.size());
            store.put(7, new byte[] {3}, 0, 1);
            assertArrayEquals(new byte[] {3}, read(store, 7));
        }
    }

    @Test
    void shouldCopyIntoAnArrayOnlyWhenTheValueFitsAndTellItsLengthEitherWay() throws IOException {
        try (MappedStore store = MappedStore.open(dir, StoreConfig.defaults())) {
            store.put(5, new byte[] {1, 2, 3, 4}, 0, 4);
            byte[] small = {9, 9, 9};
            assertEquals(4, store.getIfFits(5, small));
            assertArrayEquals(new byte[] {9, 9, 9}, small, "nothing copied into an array too small");
            byte[] exact = new byte[4];
            assertEquals(4, store.getIfFits(5, exact));
            assertArrayEquals(new byte[] {1, 2, 3, 4}, exact);
            assertEquals(MappedStore.ABSENT, store.getIfFits(6, exact));
            assertEquals("the value of key 5 has 4 bytes, the destination only 3",
                    assertThrows(IllegalArgumentException.class, () -> store.get(5, small)).getMessage());
        }
    }

    @Test
    void shouldKeepEveryEntryAfterCloseAndReopen() throws IOException {
        try (MappedStore store = MappedStore.open(dir, StoreConfig.defaults())) {
            for (long key = 0; key < 5_000; key++) {
                store.put(key, valueFor(key, 0), 0, valueFor(key, 0).length);
            }
            for (long key = 0; key < 5_000; key += 3) {
                store.remove(key);
            }
        }
        try (MappedStore store = MappedStore.openExisting(dir)) {
            for (long key = 0; key < 5_000; key++) {
                if (key % 3 == 0) {
                    assertFalse(store.containsKey(key), "key " + key);
                } else {
                    assertArrayEquals(valueFor(key, 0), read(store, key), "key " + key);
                }
            }
            assertEquals(5_000 - 1_667, store.size());
        }
    }

    @Test
    void shouldKeepEveryEntryAcrossSeveralGrowths() throws IOException {
        Map<Long, byte[]> expected = new HashMap<>();
        long firstFileBytes;
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(16, 256, Durability.ASYNC))) {
            firstFileBytes = store.fileBytes();
            for (int version = 0; version < 3; version++) {
                for (long key = -3_000; key < 3_000; key += 1 + version) {
                    byte[] value = valueFor(key, version);
                    store.put(key, value, 0, value.length);
                    expected.put(key, value);
                }
            }
            assertTrue(store.fileBytes() > 4 * firstFileBytes, "grew from " + firstFileBytes + " to " + store.fileBytes());
            assertEquals(expected.size(), store.size());
            for (var e : expected.entrySet()) {
                assertArrayEquals(e.getValue(), read(store, e.getKey()), "key " + e.getKey());
            }
        }
        try (MappedStore store = MappedStore.openExisting(dir)) {
            assertEquals(expected.size(), store.size());
            for (var e : expected.entrySet()) {
                assertArrayEquals(e.getValue(), read(store, e.getKey()), "key " + e.getKey());
            }
        }
    }

    @Test
    void shouldRefuseAValueOverTheMaximum() throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(16, 100, Durability.ASYNC))) {
            store.put(1, new byte[100], 0, 100);
            var e = assertThrows(IllegalArgumentException.class, () -> store.put(2, new byte[101], 0, 101));
            assertEquals("value of 101 bytes is over the store's limit of 100 bytes (max value size)", e.getMessage());
            assertFalse(store.containsKey(2));
        }
    }

    @Test
    void shouldRefuseADestinationTooSmall() throws IOException {
        try (MappedStore store = MappedStore.open(dir, StoreConfig.defaults());
             Arena arena = Arena.ofConfined()) {
            store.put(1, new byte[10], 0, 10);
            assertThrows(IllegalArgumentException.class, () -> store.get(1, arena.allocate(9)));
            assertEquals(10, store.get(1, arena.allocate(10)));
        }
    }

    @Test
    void shouldVisitEveryLiveEntryOnce() throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(16, 256, Durability.ASYNC))) {
            for (long key = 0; key < 2_000; key++) {
                store.put(key, valueFor(key, 1), 0, valueFor(key, 1).length);
            }
            store.remove(5);
            Map<Long, byte[]> seen = new HashMap<>();
            store.forEach((key, value) -> {
                byte[] previous = seen.put(key, value.toArray(ValueLayout.JAVA_BYTE));
                assertEquals(null, previous, "key " + key + " visited twice");
            });
            assertEquals(1_999, seen.size());
            for (var e : seen.entrySet()) {
                assertArrayEquals(valueFor(e.getKey(), 1), e.getValue());
            }
        }
    }

    @Test
    void shouldWrapTheStoredBytesInAView() throws IOException {
        try (MappedStore store = MappedStore.open(dir, StoreConfig.defaults())) {
            store.put(9, MemorySegment.ofArray(new byte[] {4, 5, 6}));
            ValueView view = new ValueView();
            assertTrue(store.get(9, view));
            assertArrayEquals(new byte[] {4, 5, 6}, view.slice().toArray(ValueLayout.JAVA_BYTE));
            assertFalse(store.get(10, view));
        }
    }

    /** Puts new keys until the store has grown once more than {@code fileBytes} shows. */
    /**
     * Puts until a growth has been swapped in (the store's generation moved): the file's length may
     * move first, while a growth made in the background is not yet in place (seen once under load).
     */
    private static void growOnce(MappedStore store, long firstKey) {
        long generation = store.generation();
        for (long key = firstKey; store.generation() == generation; key++) {
            byte[] value = valueFor(key, 0);
            store.put(key, value, 0, value.length);
        }
    }

    @Test
    void shouldKeepAViewReadableAcrossGrowthsUntilTheGraceTimeIsOverOrTheStoreCloses() throws IOException {
        ValueView view = new ValueView();
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(16, 256, Durability.ASYNC), Long.MAX_VALUE)) {
            store.put(9, MemorySegment.ofArray(new byte[] {4, 5, 6}));
            assertTrue(store.get(9, view));
            growOnce(store, 100);
            assertArrayEquals(new byte[] {4, 5, 6}, view.slice().toArray(ValueLayout.JAVA_BYTE));
            growOnce(store, 100_000);
            growOnce(store, 200_000);
            assertArrayEquals(new byte[] {4, 5, 6}, view.slice().toArray(ValueLayout.JAVA_BYTE));
        }
        assertThrows(IllegalStateException.class, () -> view.slice().toArray(ValueLayout.JAVA_BYTE));
    }

    @Test
    void shouldUnmapThePreviousFileAtTheFirstPutAfterTheGraceTime() throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(16, 256, Durability.ASYNC), 0)) {
            store.put(9, MemorySegment.ofArray(new byte[] {4, 5, 6}));
            ValueView view = new ValueView();
            assertTrue(store.get(9, view));
            growOnce(store, 100); // the put that grew it, or the next, unmapped the old file: no grace
            store.put(10, MemorySegment.ofArray(new byte[] {7}));
            assertThrows(IllegalStateException.class, () -> view.slice().toArray(ValueLayout.JAVA_BYTE));
            assertTrue(store.get(9, view));
            assertArrayEquals(new byte[] {4, 5, 6}, view.slice().toArray(ValueLayout.JAVA_BYTE));
        }
    }

    @Test
    void shouldRefuseASecondOpen() throws IOException {
        try (MappedStore store = MappedStore.open(dir, StoreConfig.defaults())) {
            var e = assertThrows(StoreFileException.class, () -> MappedStore.open(dir, StoreConfig.defaults()));
            assertTrue(e.getMessage().contains("already open"), e.getMessage());
        }
    }
}

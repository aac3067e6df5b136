package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Byte-string keys beside long keys: lookups by bytes, conditions, expiry, growth, reopen and check. */
class ByteKeyStoreTest {

    @TempDir
    Path dir;

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static void put(MappedStore store, String key, String value) {
        byte[] bytes = utf8(value);
        store.put(ByteKey.of(key), bytes, 0, bytes.length);
    }

    private static String read(MappedStore store, String key) {
        byte[] buffer = new byte[store.maxValueBytes()];
        int length = store.getIfFits(ByteKey.of(key), buffer);
        return length == MappedStore.ABSENT ? null : new String(buffer, 0, length, StandardCharsets.UTF_8);
    }

    private static String keyOf(int i) {
        return "user:" + i + ":" + "x".repeat(i % 40);
    }

    @Test
    void shouldReturnWhatWasPutUnderAByteKey() throws IOException {
        try (MappedStore store = MappedStore.open(dir, StoreConfig.defaults())) {
            put(store, "hello", "world");
            put(store, "", "empty key");
            assertEquals("world", read(store, "hello"));
            assertEquals("empty key", read(store, ""));
            assertNull(read(store, "hellO"));
            assertNull(read(store, "hell"));
            assertTrue(store.containsKey(ByteKey.of("hello")));
            assertEquals(2, store.size());
            assertTrue(store.remove(ByteKey.of("hello")));
            assertFalse(store.remove(ByteKey.of("hello")));
            assertNull(read(store, "hello"));
            assertEquals(1, store.size());
        }
    }

    @Test
    void shouldKeepALongKeyAndAByteKeyOfTheSameSlotKeyApart() throws IOException {
        try (MappedStore store = MappedStore.open(dir, StoreConfig.defaults())) {
            ByteKey key = ByteKey.of("k");
            store.put(key.hash(store.keySeed()), new byte[] {1}, 0, 1); // a long key equal to the byte key's hash
            store.put(key, new byte[] {2, 2}, 0, 2);
            byte[] buffer = new byte[8];
            assertEquals(1, store.get(key.hash(store.keySeed()), buffer));
            assertEquals(1, buffer[0]);
            assertEquals(2, store.getIfFits(key, buffer));
            assertEquals(2, buffer[0]);
            assertTrue(store.remove(key.hash(store.keySeed())));
            assertEquals(2, store.getIfFits(key, buffer));
            assertFalse(store.containsKey(key.hash(store.keySeed())));
        }
    }

    @Test
    void shouldKeepEveryByteKeyAcrossGrowthsAndReopen() throws IOException {
        int keys = 3_000;
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(16, 256, Durability.ASYNC))) {
            long before = store.fileBytes();
            for (int i = 0; i < keys; i++) {
                put(store, keyOf(i), "v" + i);
                store.put(i, utf8("long" + i), 0, utf8("long" + i).length);
            }
            assertTrue(store.fileBytes() > before, "the store grew");
            assertEquals(2L * keys, store.size());
        }
        CheckReport report = StoreCheck.check(dir);
        assertTrue(report.isHealthy(), report.render());
        assertEquals(2L * keys, report.entries());
        try (MappedStore store = MappedStore.openExisting(dir)) {
            byte[] buffer = new byte[64];
            for (int i = 0; i < keys; i++) {
                assertEquals("v" + i, read(store, keyOf(i)));
                int length = store.get(i, buffer);
                assertEquals("long" + i, new String(buffer, 0, length, StandardCharsets.UTF_8));
            }
        }
    }

    @Test
    void shouldStoreOnlyWhenTheConditionHolds() throws IOException {
        try (MappedStore store = MappedStore.open(dir, StoreConfig.defaults())) {
            ByteKey key = ByteKey.of("nx");
            byte[] one = utf8("1");
            byte[] two = utf8("2");
            assertFalse(store.put(key, one, 0, 1, 0, PutCondition.IF_PRESENT));
            assertNull(read(store, "nx"));
            assertTrue(store.put(key, one, 0, 1, 0, PutCondition.IF_ABSENT));
            assertFalse(store.put(key, two, 0, 1, 0, PutCondition.IF_ABSENT));
            assertEquals("1", read(store, "nx"));
            assertTrue(store.put(key, two, 0, 1, 0, PutCondition.IF_PRESENT));
            assertEquals("2", read(store, "nx"));
        }
    }

    @Test
    void shouldHideAnExpiredValueAndCountItAbsentForConditions() throws IOException {
        try (MappedStore store = MappedStore.open(dir, StoreConfig.defaults())) {
            byte[] value = utf8("v");
            long past = System.currentTimeMillis() - 1;
            long future = System.currentTimeMillis() + 3_600_000;
            assertTrue(store.put(ByteKey.of("old"), value, 0, 1, past, PutCondition.ALWAYS));
            assertTrue(store.put(ByteKey.of("new"), value, 0, 1, future, PutCondition.ALWAYS));
            assertNull(read(store, "old"));
            assertFalse(store.containsKey(ByteKey.of("old")));
            assertEquals("v", read(store, "new"));
            assertFalse(store.put(ByteKey.of("old"), value, 0, 1, 0, PutCondition.IF_PRESENT));
            assertTrue(store.put(ByteKey.of("old"), utf8("again"), 0, 5, 0, PutCondition.IF_ABSENT));
            assertEquals("again", read(store, "old"));
        }
        try (MappedStore store = MappedStore.openExisting(dir)) {
            assertEquals("v", read(store, "new"), "the expiry time survives a reopen and has not passed");
        }
    }

    @Test
    void shouldRefuseAKeyOverTheMaximum() throws IOException {
        try (MappedStore store = MappedStore.open(dir, StoreConfig.defaults().withMaxKeyBytes(8))) {
            ByteKey key = new ByteKey(9);
            Arrays.fill(key.array(), (byte) 'k');
            key.setLength(9);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> store.put(key, new byte[1], 0, 1));
            assertEquals("key of 9 bytes is over the store's limit of 8 bytes (max key size)", e.getMessage());
            key.setLength(8);
            store.put(key, new byte[1], 0, 1);
            assertTrue(store.containsKey(key));
        }
    }

    @Test
    void shouldFindACorruptedByteKeyInCheck() throws IOException {
        try (MappedStore store = MappedStore.open(dir, StoreConfig.defaults())) {
            put(store, "victim", "value");
        }
        Path file = dir.resolve(MappedStore.FILE_NAME);
        byte[] all = java.nio.file.Files.readAllBytes(file);
        int at = indexOf(all, utf8("victim"));
        all[at] = 'V';
        java.nio.file.Files.write(file, all);
        CheckReport report = StoreCheck.check(dir);
        assertFalse(report.isHealthy());
        assertTrue(report.problems().get(0).contains("checksum does not match"), report.problems().get(0));
        assertThrows(StoreFileException.class, () -> MappedStore.openExisting(dir).close());
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }

    @Test
    void shouldNotVisitByteKeysInForEach() throws IOException {
        try (MappedStore store = MappedStore.open(dir, StoreConfig.defaults())) {
            put(store, "bytes", "b");
            store.put(5, new byte[] {5}, 0, 1);
            long[] seen = new long[1];
            store.forEach((key, value) -> seen[0]++);
            assertEquals(1, seen[0]);
            assertArrayEquals(new byte[] {5}, new byte[] {store.get(5, new byte[1]) == 1 ? (byte) 5 : 0});
        }
    }
}

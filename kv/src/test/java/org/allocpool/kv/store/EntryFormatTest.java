package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two entry headers of format versions 3 and 4 ({@link EntryLayout}): the 16-byte compact one of a long key
 * without an expiry time and the 32-byte extended one, each read, freed, grown and repaired.
 */
class EntryFormatTest {

    private static final int KEYS = 3_000;
    private static final long LOG_END = 4096;

    @TempDir
    Path dir;

    private static byte[] value(long key) {
        byte[] value = new byte[(int) Math.floorMod(key * 11, 97)];
        for (int i = 0; i < value.length; i++) {
            value[i] = (byte) (key * 17 + i);
        }
        return value;
    }

    private static ByteKey byteKey(long key) {
        return ByteKey.of("user:" + key);
    }

    /** Every fifth byte key expires tomorrow, the others never. */
    private static long expiry(long key, long tomorrow) {
        return key % 5 == 0 ? tomorrow : 0;
    }

    @Test
    void shouldGiveALongKeyWithoutExpiryASixteenByteHeaderAndAByteKeyThirtyTwo() throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(1_000, 256, Durability.ASYNC))) {
            store.put(1, new byte[60], 0, 60);
            assertEquals(80, store.liveBytes(), "16 + 60 bytes, padded to 8");
            store.put(ByteKey.of("k"), new byte[2], 0, 2);
            assertEquals(80 + 40, store.liveBytes(), "32 + 1 + 2 bytes, padded to 8");
        }
    }

    @Test
    void shouldReadCompactAndExtendedEntriesBackAfterGrowthReopenAndRepair() throws IOException {
        long tomorrow = System.currentTimeMillis() + 86_400_000L;
        long firstFileBytes;
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(64, 256, Durability.ASYNC))) {
            firstFileBytes = store.fileBytes();
            for (long key = 0; key < KEYS; key++) {
                byte[] value = value(key);
                store.put(key, value, 0, value.length);
                assertTrue(store.put(byteKey(key), value, 0, value.length, expiry(key, tomorrow), PutCondition.ALWAYS));
            }
            assertTrue(store.fileBytes() > firstFileBytes * 8, "the store grew: " + store.fileBytes());
            assertHolds(store);
        }
        try (MappedStore store = MappedStore.openExisting(dir)) {
            assertHolds(store);
        }
        RepairReport report = StoreRepair.repair(dir, true, bytes -> { });
        assertTrue(report.rewritten(), report.render());
        assertEquals(0, report.dropped(), report.render());
        assertEquals(2L * KEYS, report.kept(), report.render());
        try (MappedStore store = MappedStore.openExisting(dir);
             StoreMapping mapping = StoreMapping.open(dir.resolve(MappedStore.FILE_NAME), false)) {
            assertHolds(store);
            StoreLayoutProbe.Layout layout = StoreLayoutProbe.layout(dir);
            for (long key = 0; key < KEYS; key++) {
                ByteKey bytes = byteKey(key);
                long entry = layout.live().get(new LogKey(bytes.hash(mapping.header.keySeed()), Arrays.copyOf(bytes.array(), bytes.length())))
                        .entry();
                assertEquals(expiry(key, tomorrow), EntryLayout.expiresAt(mapping.file, entry), "expiry of " + bytes);
                assertTrue(EntryLayout.isExtended(mapping.file, entry));
                assertFalse(EntryLayout.isExtended(mapping.file, layout.live().get(new LogKey(key, null)).entry()));
            }
        }
    }

    private static void assertHolds(MappedStore store) {
        assertEquals(2L * KEYS, store.size());
        byte[] buffer = new byte[256];
        for (long key = 0; key < KEYS; key++) {
            int length = store.get(key, buffer);
            assertArrayEquals(value(key), Arrays.copyOf(buffer, Math.max(0, length)), "long key " + key);
            length = store.getIfFits(byteKey(key), buffer);
            assertArrayEquals(value(key), Arrays.copyOf(buffer, Math.max(0, length)), "byte key " + key);
        }
    }

    @Test
    void shouldReadEveryFieldOfBothHeadersAndMarkEitherFreedWithoutLosingItsSpan() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment file = arena.allocate(LOG_END, 8);
            byte[] keyBytes = "a byte key".getBytes(StandardCharsets.UTF_8);
            long compact = 0;
            long longWithExpiry = write(file, compact, 42, null, 60, 0);
            long byteKey = write(file, longWithExpiry, 43, null, 7, 1234);
            long end = write(file, byteKey, KeyHash.ofBytes(0, MemorySegment.ofArray(keyBytes), 0, keyBytes.length),
                    keyBytes, 5, 99);

            assertEquals(80, longWithExpiry - compact);
            assertFalse(EntryLayout.isExtended(file, compact));
            assertEquals(compact + 16, EntryLayout.valueOffset(file, compact));
            assertEquals(EntryLayout.LONG_KEY, EntryLayout.keyLength(file, compact));
            assertEquals(0, EntryLayout.expiresAt(file, compact));

            assertEquals(40, byteKey - longWithExpiry, "a long key with an expiry time has the extended header");
            assertTrue(EntryLayout.isExtended(file, longWithExpiry));
            assertEquals(longWithExpiry + 32, EntryLayout.valueOffset(file, longWithExpiry));
            assertEquals(EntryLayout.LONG_KEY, EntryLayout.keyLength(file, longWithExpiry));
            assertEquals(1234, EntryLayout.expiresAt(file, longWithExpiry));

            assertEquals(48, end - byteKey);
            assertEquals(byteKey + 32 + keyBytes.length, EntryLayout.valueOffset(file, byteKey));
            assertTrue(EntryLayout.hasKey(file, byteKey, new ByteKey(16).set(keyBytes, 0, keyBytes.length)));
            assertEquals(99, EntryLayout.expiresAt(file, byteKey));

            for (long entry : new long[] {compact, longWithExpiry, byteKey}) {
                long bytes = EntryLayout.entryBytes(file, entry);
                long valueOffset = EntryLayout.valueOffset(file, entry);
                int length = EntryLayout.length(file, entry);
                assertEquals(EntryCheck.Verdict.WHOLE, EntryCheck.check(file, entry, 0, LOG_END, 0));
                EntryLayout.markFreed(file, entry, 4096);
                assertEquals(EntryCheck.Verdict.FREED, EntryCheck.check(file, entry, 0, LOG_END, 0), "entry " + entry);
                assertTrue(EntryLayout.isFreed(file, entry));
                assertEquals(4096, EntryLayout.nextFreed(file, entry));
                assertEquals(bytes, EntryLayout.entryBytes(file, entry), "a freed entry spans the same bytes");
                assertEquals(valueOffset, EntryLayout.valueOffset(file, entry));
                assertEquals(length, EntryLayout.length(file, entry));
                assertNotEquals(EntryLayout.storedChecksum(file, entry), EntryLayout.checksum(file, entry,
                        EntryLayout.headerBytes(file, entry), EntryLayout.keyBytes(file, entry), length),
                        "a freed entry's checksum fails");
            }
            LogScan scan = LogScan.scan(file, 0, LOG_END, 0, bytes -> { });
            assertEquals(3, scan.freedEntries);
            assertEquals(0, scan.wholeEntries);
            assertEquals(0, scan.damagedStretches);
        }
    }

    @Test
    void shouldKeepTheLongestAcceptedValueClearOfTheLengthWordsFlags() {
        assertTrue(StoreConfig.MAX_VALUE_LIMIT <= EntryLayout.MAX_LENGTH);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment file = arena.allocate(64, 8);
            EntryLayout.writeHeader(file, 0, 1, EntryLayout.LONG_KEY, StoreConfig.MAX_VALUE_LIMIT, 0);
            assertEquals(StoreConfig.MAX_VALUE_LIMIT, EntryLayout.length(file, 0));
            assertFalse(EntryLayout.isFreed(file, 0));
            assertFalse(EntryLayout.isExtended(file, 0));
        }
    }

    /** Writes and seals an entry at {@code entry}; returns where the next one starts. */
    private static long write(MemorySegment file, long entry, long key, byte[] keyBytes, int length, long expiresAt) {
        long at = EntryLayout.writeHeader(file, entry, key, keyBytes == null ? EntryLayout.LONG_KEY : keyBytes.length,
                length, expiresAt);
        if (keyBytes != null) {
            MemorySegment.copy(MemorySegment.ofArray(keyBytes), 0, file, at, keyBytes.length);
            at += keyBytes.length;
        }
        for (int i = 0; i < length; i++) {
            file.set(java.lang.foreign.ValueLayout.JAVA_BYTE, at + i, (byte) (key + i));
        }
        EntryLayout.seal(file, entry);
        return entry + EntryLayout.entryBytes(file, entry);
    }
}

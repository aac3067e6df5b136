package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Format version 4's 8-byte slots ({@link SlotLayout}): a long key from 0 to 2^24 - 1 held whole
 * beside the entry's offset, a tag of the hash of any other key (whose key is then only in the
 * entry), and a file limited to 1 TiB by the 40-bit offset.
 */
class SlotFormatTest {

    private static final int PAIRS = 1_500;

    @TempDir
    Path dir;

    private Path file() {
        return dir.resolve(MappedStore.FILE_NAME);
    }

    private static ByteKey byteKey(int i) {
        return ByteKey.of("session:" + i);
    }

    private static byte[] value(int i, boolean ofByteKey) {
        byte[] value = new byte[8 + i % 50];
        Arrays.fill(value, (byte) (ofByteKey ? i : ~i));
        return value;
    }

    @Test
    void shouldTakeEightBytesPerSlot() throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(100_000, 256, Durability.ASYNC))) {
            store.put(1, new byte[1], 0, 1);
        }
        try (StoreMapping m = StoreMapping.open(file(), false)) {
            long table = m.header.slots() * 8;
            assertEquals(HeaderLayout.HEADER_BYTES + (table + 4095) / 4096 * 4096, m.logOffset);
            assertEquals(8, m.slot(0, 1) - m.slot(0, 0));
        }
    }

    @Test
    void shouldTellApartALongKeyAndAByteKeyOfOneTagThroughGrowthReopenAndRepair() throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(64, 256, Durability.ASYNC))) {
            for (int i = 0; i < PAIRS; i++) {
                ByteKey key = byteKey(i);
                // the long key equal to the byte key's hash: same segment, same first slot, same tag
                byte[] ofByte = value(i, true);
                byte[] ofLong = value(i, false);
                store.put(key, ofByte, 0, ofByte.length);
                store.put(key.hash(store.keySeed()), ofLong, 0, ofLong.length);
            }
            for (int i = 0; i < PAIRS; i += 7) {
                assertTrue(store.remove(byteKey(i)));
            }
            for (int i = 3; i < PAIRS; i += 7) {
                assertTrue(store.remove(byteKey(i).hash(store.keySeed())));
            }
            assertHolds(store);
        }
        try (MappedStore store = MappedStore.openExisting(dir)) {
            assertHolds(store);
        }
        assertTrue(StoreCheck.check(dir).isHealthy(), StoreCheck.check(dir).render());
        RepairReport report = StoreRepair.repair(dir, true, bytes -> { });
        assertEquals(0, report.dropped(), report.render());
        try (MappedStore store = MappedStore.openExisting(dir)) {
            assertHolds(store);
        }
    }

    private static void assertHolds(MappedStore store) {
        byte[] buffer = new byte[256];
        long expected = 0;
        for (int i = 0; i < PAIRS; i++) {
            ByteKey key = byteKey(i);
            int length = store.getIfFits(key, buffer);
            if (i % 7 == 0) {
                assertEquals(MappedStore.ABSENT, length, "removed byte key " + key);
            } else {
                assertArrayEquals(value(i, true), Arrays.copyOf(buffer, Math.max(0, length)), "byte key " + key);
                expected++;
            }
            length = store.getIfFits(key.hash(store.keySeed()), buffer);
            if (i % 7 == 3) {
                assertEquals(MappedStore.ABSENT, length, "removed long key of " + key);
            } else {
                assertArrayEquals(value(i, false), Arrays.copyOf(buffer, Math.max(0, length)), "long key of " + key);
                expected++;
            }
        }
        assertEquals(expected, store.size());
    }

    @Test
    void shouldHoldALongKeyBelowTwoToTheTwentyFourthWholeInItsSlotAndTagEveryOtherKey() {
        for (long key : new long[] {0, 1, SlotLayout.HELD_KEYS - 1}) {
            long ref = SlotLayout.refOf(4096, false, key, KeyHash.mix(key));
            assertTrue(SlotLayout.holdsKey(ref), "key " + key);
            assertEquals(key, SlotLayout.tagOf(ref), "key " + key);
            assertEquals(4096, SlotLayout.entryOf(ref));
            assertFalse(SlotLayout.hasStrayBits(ref));
        }
        for (long key : new long[] {SlotLayout.HELD_KEYS, -1, Long.MIN_VALUE, Long.MAX_VALUE}) {
            long ref = SlotLayout.refOf(4096, false, key, KeyHash.mix(key));
            assertFalse(SlotLayout.holdsKey(ref), "key " + key);
            assertEquals(KeyHash.mix(key) >>> SlotLayout.OFFSET_BITS, SlotLayout.tagOf(ref), "key " + key);
        }
        long byteKeyOfSmallHash = SlotLayout.refOf(4096, true, 5, KeyHash.mix(5));
        assertFalse(SlotLayout.holdsKey(byteKeyOfSmallHash), "a byte key's slot never holds its key");
        assertTrue(SlotLayout.isByteKey(byteKeyOfSmallHash));
        assertTrue(SlotLayout.hasStrayBits(byteKeyOfSmallHash | SlotLayout.HELD_KEY), "both B and K: no store writes it");
    }

    @Test
    void shouldKeepKeysEitherSideOfTheHeldRangeApartThroughGrowthReopenAndRepair() throws IOException {
        long[] keys = new long[PAIRS];
        for (int i = 0; i < PAIRS; i++) {
            // held keys, and keys of the same value beyond the range: each pair shares its low bits
            keys[i] = i % 2 == 0 ? SlotLayout.HELD_KEYS - 1 - i : (SlotLayout.HELD_KEYS - 1 - i) | 1L << 40;
        }
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(64, 256, Durability.ASYNC))) {
            for (int round = 0; round < 3; round++) { // replaced twice: the left entries freed by later puts
                for (int i = 0; i < PAIRS; i++) {
                    byte[] value = value(i + round, false);
                    store.put(keys[i], value, 0, value.length);
                }
            }
            assertTrue(store.remove(keys[7]));
            assertTrue(store.remove(keys[8]));
            assertKeys(store, keys);
        }
        try (MappedStore store = MappedStore.openExisting(dir)) {
            assertKeys(store, keys);
        }
        assertTrue(StoreCheck.check(dir).isHealthy(), StoreCheck.check(dir).render());
        RepairReport report = StoreRepair.repair(dir, true, bytes -> { });
        assertEquals(0, report.dropped(), report.render());
        try (MappedStore store = MappedStore.openExisting(dir)) {
            assertKeys(store, keys);
            assertEquals(MappedStore.ABSENT, store.getIfFits(-5, new byte[256]), "never put");
            assertEquals(MappedStore.ABSENT, store.getIfFits(SlotLayout.HELD_KEYS, new byte[256]), "never put");
        }
    }

    private static void assertKeys(MappedStore store, long[] keys) {
        byte[] buffer = new byte[256];
        for (int i = 0; i < keys.length; i++) {
            int length = store.getIfFits(keys[i], buffer);
            if (i == 7 || i == 8) {
                assertEquals(MappedStore.ABSENT, length, "removed key " + keys[i]);
            } else {
                assertArrayEquals(value(i + 2, false), Arrays.copyOf(buffer, Math.max(0, length)), "key " + keys[i]);
            }
        }
        assertEquals(keys.length - 2, store.size());
    }

    @Test
    void shouldReportASlotThatHoldsAnotherKeyThanItsEntrys() throws IOException {
        assertReportsASlotPointedAtAnotherKeysEntry(0, "is not the key the slot holds");
    }

    @Test
    void shouldReportASlotWhoseEntryDoesNotHashToItsTag() throws IOException {
        assertReportsASlotPointedAtAnotherKeysEntry(1L << 40, "does not hash to the slot's tag");
    }

    /** Long keys from {@code base}: points one key's slot (its tag and flags kept) at another key's entry of its segment. */
    private void assertReportsASlotPointedAtAnotherKeysEntry(long base, String problem) throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(1_000, 256, Durability.ASYNC))) {
            for (long key = base; key < base + 200; key++) {
                store.put(key, new byte[10], 0, 10);
            }
        }
        StoreLayoutProbe.Layout layout = StoreLayoutProbe.layout(dir);
        long first = base;
        long second = -1;
        for (long key = base + 1; key < base + 200 && second < 0; key++) {
            if (segmentOf(key) == segmentOf(first) && SlotLayout.marksOf(slotWord(first)) != SlotLayout.marksOf(slotWord(key))) {
                second = key;
            }
        }
        assertTrue(second > 0, "no two keys of one segment");
        StoreLayoutProbe.Place victim = layout.live().get(new LogKey(first, null));
        StoreLayoutProbe.Place other = layout.live().get(new LogKey(second, null));
        try (FileChannel channel = FileChannel.open(file(), StandardOpenOption.READ, StandardOpenOption.WRITE);
             Arena arena = Arena.ofConfined()) {
            MemorySegment mapped = channel.map(FileChannel.MapMode.READ_WRITE, 0, channel.size(), arena);
            long ref = SlotLayout.refAcquire(mapped, victim.slot());
            SlotLayout.setRefRelease(mapped, victim.slot(), SlotLayout.withEntry(ref, other.entry()));
        }
        Files.deleteIfExists(dir.resolve(CleanClose.FILE_NAME)); // the record no longer describes the file

        CheckReport report = StoreCheck.check(dir);
        assertFalse(report.isHealthy(), report.render());
        assertEquals(1, report.problemCount(), report.render());
        assertTrue(report.problems().get(0).contains(problem), report.render());
        StoreFileException refused = assertThrows(StoreFileException.class, () -> MappedStore.openExisting(dir));
        assertTrue(refused.isDamage(), refused.getMessage());
    }

    private static int segmentOf(long key) {
        return KeyHash.segment(KeyHash.mix(key), StoreOpening.SEGMENTS);
    }

    private static long slotWord(long key) {
        return SlotLayout.refOf(4096, false, key, KeyHash.mix(key));
    }

    @Test
    void shouldRefuseToMakeAStoreFileOfOneTebibyteOrMore() {
        Path temp = dir.resolve("big.kv");
        StoreHeader header = new StoreHeader(64, 1 << 10, SlotLayout.MAX_FILE_BYTES, 256, Durability.ASYNC, 512, 1);
        StoreFileException e = assertThrows(StoreFileException.class, () -> StoreMapping.create(temp, file(), header));
        assertEquals(file() + ": a store file of " + header.fileBytes() + " bytes is over format version 5's limit of "
                + "1 TiB (1099511627776 bytes: a slot holds an entry's offset in 40 bits)", e.getMessage());
        assertFalse(Files.exists(temp), "nothing was made");
    }

    @Test
    void shouldRefuseToOpenAFileWhoseHeaderClaimsOneTebibyteOrMore() throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(1_000, 256, Durability.ASYNC))) {
            store.put(1, new byte[1], 0, 1);
        }
        long logOffset;
        try (FileChannel channel = FileChannel.open(file(), StandardOpenOption.READ, StandardOpenOption.WRITE);
             Arena arena = Arena.ofConfined()) {
            MemorySegment header = channel.map(FileChannel.MapMode.READ_WRITE, 0, HeaderLayout.HEADER_BYTES, arena);
            logOffset = header.get(HeaderLayout.LONG, HeaderLayout.LOG_OFFSET_OFFSET);
            header.set(HeaderLayout.LONG, HeaderLayout.LOG_BYTES_OFFSET, SlotLayout.MAX_FILE_BYTES - logOffset);
            header.set(HeaderLayout.INT, HeaderLayout.CHECKSUM_OFFSET, HeaderLayout.checksum(header, HeaderLayout.VERSION));
        }
        StoreFileException e = assertThrows(StoreFileException.class, () -> MappedStore.openExisting(dir));
        assertTrue(e.getMessage().startsWith(file() + ": a store file of 1099511627776 bytes is over format version 5's "
                + "limit of 1 TiB"), e.getMessage());
    }
}

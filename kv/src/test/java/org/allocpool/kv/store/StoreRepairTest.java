package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link StoreRepair} over stores of known contents, damaged on purpose (zeroed and garbage pages
 * in the log and in the slot table, a truncated file): what it keeps reads back with its value,
 * what sat in the damaged pages is gone, removed and replaced values stay gone (their entries were
 * marked freed, even where their value was written again into freed room),
 * and the counts it reports are those the damage implies.
 */
class StoreRepairTest {

    private static final int KEYS = 2_000;

    @TempDir
    Path dir;

    private Path file() {
        return dir.resolve(MappedStore.FILE_NAME);
    }

    /** Keys 0..1999; every 4th one overwritten (version 1); every key ending in 5 removed. */
    private void makeStore() throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(4_000, 256, Durability.ASYNC))) {
            for (long key = 0; key < KEYS; key++) {
                byte[] value = MappedStoreTest.valueFor(key, 0);
                store.put(key, value, 0, value.length);
            }
            for (long key = 0; key < KEYS; key += 4) {
                byte[] value = MappedStoreTest.valueFor(key, 1);
                store.put(key, value, 0, value.length);
            }
            for (long key = 5; key < KEYS; key += 10) {
                assertTrue(store.remove(key));
            }
        }
    }

    private static boolean isRemoved(long key) {
        return key % 10 == 5;
    }

    private static byte[] expected(long key) {
        return MappedStoreTest.valueFor(key, key % 4 == 0 ? 1 : 0);
    }

    private static LogKey longKey(long key) {
        return new LogKey(key, null);
    }

    private static RepairReport repair(Path dir, boolean force) throws IOException {
        List<Long> progress = new ArrayList<>();
        RepairReport report = StoreRepair.repair(dir, force, progress::add);
        assertFalse(progress.isEmpty(), "progress was never reported");
        return report;
    }

    @Test
    void shouldKeepEveryEntryOutsideDamagedLogPagesAndDropThoseInThem() throws IOException {
        makeStore();
        StoreLayoutProbe.Layout layout = StoreLayoutProbe.layout(dir);
        long firstLogPage = layout.logOffset() / StoreLayoutProbe.PAGE;
        long[] damaged = {firstLogPage + 5, firstLogPage + 12, firstLogPage + 20};
        StoreLayoutProbe.damagePage(file(), damaged[0], true, 1);
        StoreLayoutProbe.damagePage(file(), damaged[1], false, 0);
        StoreLayoutProbe.damagePage(file(), damaged[2], true, 2);
        Set<Long> lost = new HashSet<>();
        for (long key = 0; key < KEYS; key++) {
            StoreLayoutProbe.Place place = layout.live().get(longKey(key));
            if (place != null && (place.overlapsPage(damaged[0]) || place.overlapsPage(damaged[1])
                    || place.overlapsPage(damaged[2]))) {
                lost.add(key);
            }
        }
        assertTrue(lost.size() > 30, "the damage hits " + lost.size() + " live entries");
        StoreFileException refused = assertThrows(StoreFileException.class, () -> MappedStore.openExisting(dir));
        assertTrue(refused.isDamage(), refused.getMessage());
        byte[] original = Files.readAllBytes(file());

        RepairReport report = repair(dir, false);

        assertTrue(report.rewritten(), report.render());
        assertEquals(lost.size(), report.dropped(), report.render());
        assertEquals(lost.size(), report.droppedBadChecksum(), report.render());
        assertEquals(layout.live().size() - lost.size(), report.kept(), report.render());
        assertEquals(0, report.fromLog(), report.render());
        assertEquals(0, report.damagedSlots(), report.render());
        assertEquals(dir.resolve("store.kv.damaged"), report.backup());
        assertArrayEquals(original, Files.readAllBytes(report.backup()), "the original is kept as it was");
        assertTrue(StoreCheck.check(dir).isHealthy(), StoreCheck.check(dir).render());
        try (MappedStore store = MappedStore.openExisting(dir)) {
            assertEquals(report.kept(), store.size());
            byte[] buffer = new byte[256];
            for (long key = 0; key < KEYS; key++) {
                int length = store.get(key, buffer);
                if (isRemoved(key) || lost.contains(key)) {
                    assertEquals(MappedStore.ABSENT, length, "key " + key + " should be gone");
                } else {
                    assertTrue(length >= 0, "key " + key + " is missing");
                    assertArrayEquals(expected(key), Arrays.copyOf(buffer, length), "key " + key);
                }
            }
        }
    }

    @Test
    void shouldRebuildSlotsOfDamagedTablePagesFromTheLogAndKeepRemovedKeysRemoved() throws IOException {
        makeStore();
        StoreLayoutProbe.Layout layout = StoreLayoutProbe.layout(dir);
        long garbagePage = layout.tableOffset() / StoreLayoutProbe.PAGE + 3;
        long zeroPage = layout.tableOffset() / StoreLayoutProbe.PAGE + 10;
        StoreLayoutProbe.damagePage(file(), garbagePage, true, 3);
        StoreLayoutProbe.damagePage(file(), zeroPage, false, 0);
        long liveInDamage = layout.live().values().stream()
                .filter(p -> p.slotPage() == garbagePage || p.slotPage() == zeroPage).count();
        long removedMarksInDamage = layout.removedSlots().stream()
                .map(slot -> slot / StoreLayoutProbe.PAGE).filter(page -> page == garbagePage || page == zeroPage).count();
        assertTrue(liveInDamage > 20, "the damage hits " + liveInDamage + " slots");
        assertTrue(removedMarksInDamage > 0, "the damage hits no removed mark");

        RepairReport report = repair(dir, false);

        assertTrue(report.rewritten(), report.render());
        assertEquals(0, report.dropped(), report.render());
        assertEquals(StoreLayoutProbe.PAGE / SlotLayout.SLOT_BYTES, report.damagedSlots(), report.render());
        assertEquals(1, report.damagedTablePages(), "the zeroed page cannot be told from empty slots");
        // a removed key's entry was marked freed when it was removed: nothing of it is left to bring back
        assertEquals(liveInDamage, report.fromLog(), report.render());
        assertEquals(layout.live().size() - liveInDamage, report.fromTable(), report.render());
        assertTrue(report.freedLogEntries() > 0, report.render());
        assertTrue(StoreCheck.check(dir).isHealthy(), StoreCheck.check(dir).render());
        try (MappedStore store = MappedStore.openExisting(dir)) {
            byte[] buffer = new byte[256];
            for (long key = 0; key < KEYS; key++) {
                int length = store.get(key, buffer);
                if (isRemoved(key)) {
                    assertEquals(MappedStore.ABSENT, length, "removed key " + key + " came back");
                } else {
                    assertTrue(length >= 0, "key " + key + " is missing");
                    assertArrayEquals(expected(key), Arrays.copyOf(buffer, length), "key " + key);
                }
            }
        }
    }

    @Test
    void shouldLeaveAZeroedTablePageUnseenUnlessForced() throws IOException {
        makeStore();
        StoreLayoutProbe.Layout layout = StoreLayoutProbe.layout(dir);
        long zeroPage = layout.tableOffset() / StoreLayoutProbe.PAGE + 7;
        StoreLayoutProbe.damagePage(file(), zeroPage, false, 0);
        long hidden = layout.live().values().stream().filter(p -> p.slotPage() == zeroPage).count();
        assertTrue(hidden > 20, "the damage hits " + hidden + " slots");

        RepairReport unforced = repair(dir, false);
        assertFalse(unforced.rewritten(), unforced.render());
        assertEquals(layout.live().size() - hidden, unforced.kept(), unforced.render());

        RepairReport forced = repair(dir, true);
        assertTrue(forced.rewritten(), forced.render());
        assertEquals(0, forced.dropped(), forced.render());
        assertEquals(layout.live().size(), forced.kept(), forced.render());
        try (MappedStore store = MappedStore.openExisting(dir)) {
            for (long key = 0; key < KEYS; key++) {
                assertEquals(!isRemoved(key), store.containsKey(key), "key " + key);
            }
        }
    }

    /** 40 bytes that differ for every key and version, so a reused entry keeps its size. */
    private static byte[] sameSizeValue(long key, int version) {
        byte[] value = new byte[40];
        for (int i = 0; i < value.length; i++) {
            value[i] = (byte) (key * 13 + version * 101 + i);
        }
        return value;
    }

    @Test
    void shouldRebuildTheNewestValueWrittenIntoReusedRoomNotAnOlderOneFurtherIntoTheLog() throws IOException {
        int versions = 3;
        long reused;
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(4_000, 256, Durability.ASYNC), 0)) {
            for (int version = 0; version < versions; version++) {
                for (long key = 0; key < KEYS; key++) {
                    byte[] value = sameSizeValue(key, version);
                    store.put(key, value, 0, value.length);
                }
            }
            // no grace: each put after the first of a segment writes into the room the one before freed,
            // so a key's newest value often sits before older ones in the log
            reused = store.reusedEntries();
            assertTrue(reused > KEYS, "reused " + reused);
        }
        StoreLayoutProbe.Layout layout = StoreLayoutProbe.layout(dir);
        long garbagePage = layout.tableOffset() / StoreLayoutProbe.PAGE + 2;
        StoreLayoutProbe.damagePage(file(), garbagePage, true, 5);
        long liveInDamage = layout.live().values().stream().filter(p -> p.slotPage() == garbagePage).count();
        assertTrue(liveInDamage > 20, "the damage hits " + liveInDamage + " slots");

        RepairReport report = repair(dir, false);

        assertEquals(liveInDamage, report.fromLog(), report.render());
        assertEquals(KEYS, report.logEntries(), "only the newest version of each key is whole: " + report.render());
        assertEquals(versions * KEYS - reused - KEYS, report.freedLogEntries(), report.render());
        assertEquals(0, report.damagedLogStretches(), "freed room is not damage: " + report.render());
        try (MappedStore store = MappedStore.openExisting(dir)) {
            byte[] buffer = new byte[256];
            for (long key = 0; key < KEYS; key++) {
                int length = store.get(key, buffer);
                assertArrayEquals(sameSizeValue(key, versions - 1), Arrays.copyOf(buffer, length), "key " + key);
            }
        }
    }

    @Test
    void shouldRepairATruncatedFileDroppingTheEntriesItCut() throws IOException {
        makeStore();
        StoreLayoutProbe.Layout layout = StoreLayoutProbe.layout(dir);
        long length = layout.logOffset() + 10L * StoreLayoutProbe.PAGE + 100;
        StoreLayoutProbe.truncate(file(), length);
        Set<Long> cut = new HashSet<>();
        for (long key = 0; key < KEYS; key++) {
            StoreLayoutProbe.Place place = layout.live().get(longKey(key));
            if (place != null && place.entry() + place.entryBytes() > length) {
                cut.add(key);
            }
        }
        StoreFileException refused = assertThrows(StoreFileException.class, () -> MappedStore.openExisting(dir));
        assertTrue(refused.isDamage(), refused.getMessage());

        RepairReport report = repair(dir, false);

        assertEquals(layout.fileBytes() - length, report.missingBytes(), report.render());
        assertEquals(cut.size(), report.droppedTorn(), report.render());
        assertEquals(cut.size(), report.dropped(), report.render());
        assertEquals(layout.live().size() - cut.size(), report.kept(), report.render());
        assertEquals(layout.logOffset() + 10L * StoreLayoutProbe.PAGE + 104, Files.size(file()),
                "the rebuilt log is the log the cut file still has, rounded to an entry's alignment");
        try (MappedStore store = MappedStore.openExisting(dir)) {
            byte[] buffer = new byte[256];
            for (long key = 0; key < KEYS; key++) {
                int got = store.get(key, buffer);
                if (isRemoved(key) || cut.contains(key)) {
                    assertEquals(MappedStore.ABSENT, got, "key " + key);
                } else {
                    assertArrayEquals(expected(key), Arrays.copyOf(buffer, got), "key " + key);
                }
            }
            for (long key : cut) { // the shorter log grows as the cut keys are written again
                byte[] value = expected(key);
                store.put(key, value, 0, value.length);
                assertArrayEquals(value, Arrays.copyOf(buffer, store.get(key, buffer)), "key " + key);
            }
        }
    }

    @Test
    void shouldRepairAHeaderClaimingAHugeLogWithoutWritingAFileOfThatSize() throws IOException {
        makeStore();
        long before = Files.size(file());
        try (FileChannel channel = FileChannel.open(file(),
                StandardOpenOption.READ, StandardOpenOption.WRITE);
             Arena arena = Arena.ofConfined()) {
            MemorySegment header = channel.map(FileChannel.MapMode.READ_WRITE,
                    0, HeaderLayout.HEADER_BYTES, arena);
            header.set(HeaderLayout.LONG, HeaderLayout.LOG_BYTES_OFFSET, 512L << 30); // 512 GiB, under the 1 TiB limit
            header.set(HeaderLayout.INT, HeaderLayout.CHECKSUM_OFFSET, HeaderLayout.checksum(header, HeaderLayout.VERSION));
        }

        RepairReport report = repair(dir, false);

        assertTrue(report.rewritten(), report.render());
        assertEquals(KEYS - KEYS / 10, report.kept(), report.render());
        assertTrue(Files.size(file()) <= before, Files.size(file()) + " bytes written from a file of " + before);
        try (MappedStore store = MappedStore.openExisting(dir)) {
            byte[] buffer = new byte[256];
            for (long key = 0; key < KEYS; key++) {
                int got = store.get(key, buffer);
                if (isRemoved(key)) {
                    assertEquals(MappedStore.ABSENT, got, "key " + key);
                } else {
                    assertArrayEquals(expected(key), Arrays.copyOf(buffer, got), "key " + key);
                }
            }
        }
    }

    @Test
    void shouldRefuseToRepairAFileThatEndsInsideItsSlotTable() throws IOException {
        makeStore();
        StoreLayoutProbe.truncate(file(), StoreLayoutProbe.layout(dir).logOffset() - StoreLayoutProbe.PAGE);

        StoreFileException refused = assertThrows(StoreFileException.class, () -> repair(dir, false));

        assertTrue(refused.getMessage().contains("inside the slot table"), refused.getMessage());
        assertTrue(refused.getMessage().startsWith(file().toString()), refused.getMessage());
    }

    @Test
    void shouldLeaveASoundStoreAsItIs() throws IOException {
        makeStore();
        byte[] before = Files.readAllBytes(file());

        RepairReport report = repair(dir, false);

        assertFalse(report.rewritten(), report.render());
        assertEquals(0, report.dropped());
        assertNull(report.backup());
        assertEquals(KEYS - KEYS / 10, report.kept(), report.render());
        assertArrayEquals(before, Files.readAllBytes(file()));
        assertFalse(Files.exists(dir.resolve("store.kv.damaged")));
        assertTrue(report.render().contains("nothing to repair"), report.render());
    }

    @Test
    void shouldRepairLongByteKeysAndKeepTheirExpiry() throws IOException {
        Random random = new Random(42);
        List<byte[]> keys = new ArrayList<>();
        List<byte[]> values = new ArrayList<>();
        long future = System.currentTimeMillis() + 86_400_000L;
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(1_000, 256, Durability.ASYNC, 512))) {
            for (int i = 0; i < 300; i++) {
                byte[] key = new byte[1 + random.nextInt(480)];
                random.nextBytes(key);
                key[0] = (byte) i; // distinct
                key[key.length - 1] = (byte) (i >> 8);
                byte[] value = new byte[random.nextInt(200)];
                random.nextBytes(value);
                long expiresAt = expiry(i, future);
                assertTrue(store.put(new ByteKey(512).set(key, 0, key.length), value, 0, value.length, expiresAt,
                        PutCondition.ALWAYS));
                keys.add(key);
                values.add(value);
            }
            store.put(ByteKey.of("plain"), "text".getBytes(StandardCharsets.UTF_8), 0, 4);
        }
        StoreLayoutProbe.Layout layout = StoreLayoutProbe.layout(dir);
        long page = layout.logOffset() / StoreLayoutProbe.PAGE + 9;
        StoreLayoutProbe.damagePage(file(), page, true, 9);
        Set<Integer> lost = new HashSet<>();
        for (int i = 0; i < keys.size(); i++) {
            if (layout.live().get(new LogKey(KeyHash.ofBytes(keySeed(), MemorySegment.ofArray(keys.get(i)), 0,
                    keys.get(i).length), keys.get(i))).overlapsPage(page)) {
                lost.add(i);
            }
        }
        assertFalse(lost.isEmpty());

        RepairReport report = repair(dir, false);

        assertEquals(lost.size(), report.dropped(), report.render());
        assertEquals(keys.size() + 1 - lost.size(), report.kept(), report.render());
        StoreLayoutProbe.Layout after = StoreLayoutProbe.layout(dir);
        try (MappedStore store = MappedStore.openExisting(dir);
             StoreMapping mapping = StoreMapping.open(file(), false)) {
            assertEquals(report.kept(), store.size(), "expired entries are kept and counted, as before");
            byte[] buffer = new byte[256];
            for (int i = 0; i < keys.size(); i++) {
                ByteKey key = new ByteKey(512).set(keys.get(i), 0, keys.get(i).length);
                int length = store.getIfFits(key, buffer);
                if (lost.contains(i) || expiry(i, future) == 1) {
                    assertEquals(MappedStore.ABSENT, length, "key " + i);
                    continue;
                }
                assertArrayEquals(values.get(i), Arrays.copyOf(buffer, length), "key " + i);
                long entry = after.live().get(new LogKey(key.hash(mapping.header.keySeed()), keys.get(i))).entry();
                assertEquals(expiry(i, future), EntryLayout.expiresAt(mapping.file, entry), "expiry of key " + i);
            }
            assertEquals(4, store.getIfFits(ByteKey.of("plain"), buffer));
        }
    }

    /** Every third key expires tomorrow, a few expired long ago (1 ms after 1970), the rest never. */
    private static long expiry(int i, long future) {
        return i % 3 == 0 ? future : i % 50 == 1 ? 1 : 0;
    }

    /** The key of the byte-key hash in the store's file. */
    private long keySeed() throws IOException {
        try (StoreMapping mapping = StoreMapping.open(file(), false)) {
            return mapping.header.keySeed();
        }
    }
}

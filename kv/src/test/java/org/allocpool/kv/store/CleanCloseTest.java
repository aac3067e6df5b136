package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cleanly closed store reopens from the record its close left, without checking its entries; a
 * store that was not closed (a crash), or whose file changed since its close, is checked entry by entry.
 */
class CleanCloseTest {

    private static final int ENTRIES = 3_000;

    @TempDir
    Path dir;

    private static void fill(MappedStore store, int version) {
        for (long key = 0; key < ENTRIES; key++) {
            byte[] value = CrashValues.value(key, version);
            store.put(key, value, 0, value.length);
        }
    }

    private static void assertHolds(MappedStore store, int version) {
        assertEquals(ENTRIES, store.size());
        byte[] buffer = new byte[256];
        for (long key = 0; key < ENTRIES; key++) {
            int length = store.get(key, buffer);
            assertTrue(length >= 0, "key " + key + " is missing");
            assertEquals(version, CrashValues.versionOf(key, Arrays.copyOf(buffer, length)), "key " + key);
        }
    }

    private Path record() {
        return dir.resolve(CleanClose.FILE_NAME);
    }

    @Test
    void shouldReopenACleanlyClosedStoreWithoutCheckingItsEntries() throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(100, 256, Durability.ASYNC))) {
            assertEquals(0, store.entriesCheckedAtOpen(), "a new store has nothing to check");
            fill(store, 1); // grows several times
            fill(store, 2);
            assertTrue(store.remove(7));
            byte[] value = CrashValues.value(7, 2);
            store.put(7, value, 0, value.length);
        }
        assertTrue(Files.exists(record()));
        try (MappedStore store = MappedStore.openExisting(dir)) {
            assertEquals(0, store.entriesCheckedAtOpen());
            assertFalse(Files.exists(record()), "the record is taken before the store writes");
            assertHolds(store, 2);
            fill(store, 3);
        }
        try (MappedStore store = MappedStore.openExisting(dir)) {
            assertEquals(0, store.entriesCheckedAtOpen());
            assertHolds(store, 3);
        }
        CheckReport report = StoreCheck.check(dir);
        assertTrue(report.isHealthy(), report.render());
        assertEquals(ENTRIES, report.entries());
    }

    @Test
    void shouldCheckEveryEntryOfAStoreThatWasNotClosed() throws IOException {
        Path crashed = dir.resolve("crashed");
        try (MappedStore store = MappedStore.open(dir.resolve("live"), new StoreConfig(100, 256, Durability.ASYNC))) {
            fill(store, 1);
            // what a kill -9 leaves: the file as the page cache holds it, and no record of a clean close
            Files.createDirectories(crashed);
            Files.copy(store.file(), crashed.resolve(MappedStore.FILE_NAME));
        }
        try (MappedStore store = MappedStore.openExisting(crashed)) {
            assertEquals(ENTRIES, store.entriesCheckedAtOpen());
            assertHolds(store, 1);
        }
    }

    @Test
    void shouldCheckEveryEntryAgainWhenTheFileChangedAfterItsClose() throws IOException {
        long freeAt;
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(ENTRIES, 256, Durability.ASYNC))) {
            fill(store, 1);
            freeAt = store.fileBytes() - 8;
        }
        try (RandomAccessFile raf = new RandomAccessFile(dir.resolve(MappedStore.FILE_NAME).toFile(), "rw")) {
            raf.seek(freeAt); // free log space: the store stays whole, but it is no longer the file the record describes
            raf.write(new byte[] {1});
        }
        try (MappedStore store = MappedStore.openExisting(dir)) {
            assertEquals(ENTRIES, store.entriesCheckedAtOpen());
            assertHolds(store, 1);
        }
    }

    @Test
    void shouldCheckEveryEntryWhenTheRecordIsDamaged() throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(ENTRIES, 256, Durability.ASYNC))) {
            fill(store, 1);
        }
        byte[] bytes = Files.readAllBytes(record());
        bytes[44] ^= 1; // the live entries' count
        Files.write(record(), bytes);
        try (MappedStore store = MappedStore.openExisting(dir)) {
            assertEquals(ENTRIES, store.entriesCheckedAtOpen());
            assertHolds(store, 1);
        }
    }
}

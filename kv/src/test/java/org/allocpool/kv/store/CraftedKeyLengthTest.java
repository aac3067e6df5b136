package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A crafted file whose entry claims a key length near 2^31: opening it refuses it with the store's
 * own {@link StoreFileException} naming the entry, {@code kv check} reports it and {@code kv repair}
 * drops it, instead of an
 * {@link IndexOutOfBoundsException} from reading that many key bytes (issue 34, item 5: the table
 * scan did not cap the key length, and the entry's size overflowed an int).
 */
class CraftedKeyLengthTest {

    @TempDir
    Path dir;

    @Test
    void shouldRefuseAnEntryWhoseKeyLengthIsOverTheFormatsLimitByName() throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(1_000, 256, Durability.ASYNC))) {
            byte[] value = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
            store.put(ByteKey.of("crafted"), value, 0, value.length);
        }
        Path file = dir.resolve(MappedStore.FILE_NAME);
        long entry;
        try (StoreMapping m = StoreMapping.open(file, false)) {
            entry = m.logOffset; // the first and only entry
            assertEquals(7, EntryLayout.keyLength(m.file, entry), "the entry is where the test thinks");
        }
        for (int keyLength : new int[] {Integer.MAX_VALUE - 16, StoreConfig.MAX_KEY_LIMIT + 1}) {
            try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
                raf.seek(entry + EntryLayout.KEY_LENGTH_OFFSET);
                raf.writeInt(Integer.reverseBytes(keyLength)); // little-endian, as the format is
            }
            Files.deleteIfExists(dir.resolve(CleanClose.FILE_NAME)); // no clean-close record: the open scans

            StoreFileException refused = assertThrows(StoreFileException.class, () -> MappedStore.openExisting(dir),
                    "key length " + keyLength);
            assertTrue(refused.getMessage().contains("key length " + keyLength), refused.getMessage());
            CheckReport report = StoreCheck.check(dir);
            assertFalse(report.isHealthy(), "kv check finds the crafted entry");
        }
        StoreRepair.repair(dir, false, bytes -> { });
        try (MappedStore repaired = MappedStore.openExisting(dir)) {
            assertEquals(0, repaired.size(), "kv repair dropped the crafted entry");
        }
    }
}

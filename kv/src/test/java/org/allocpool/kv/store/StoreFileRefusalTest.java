package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file that is not a whole store of this version is refused, with one line naming the file and the problem. */
class StoreFileRefusalTest {

    @TempDir
    Path dir;

    private Path file() {
        return dir.resolve(MappedStore.FILE_NAME);
    }

    /** A store with 100 entries, one of them 40 bytes of 0x5A, closed. */
    private void makeStore() throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(1_000, 256, Durability.ASYNC))) {
            for (long key = 0; key < 100; key++) {
                byte[] value = MappedStoreTest.valueFor(key, 0);
                store.put(key, value, 0, value.length);
            }
            byte[] marked = new byte[40];
            Arrays.fill(marked, (byte) 0x5A);
            store.put(1_000, marked, 0, marked.length);
        }
    }

    private StoreFileException refusal() {
        StoreFileException e = assertThrows(StoreFileException.class, () -> MappedStore.openExisting(dir));
        assertTrue(e.getMessage().startsWith(file() + ": "), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        // open (create-or-reopen) must refuse it too, never overwrite it
        assertThrows(StoreFileException.class, () -> MappedStore.open(dir, StoreConfig.defaults()).close());
        return e;
    }

    private static void patch(Path file, long offset, byte[] bytes) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(offset);
            raf.write(bytes);
        }
    }

    @Test
    void shouldRefuseAForeignFile() throws IOException {
        Files.writeString(file(), "name,email\nada,ada@ex.org\n".repeat(500));
        assertEquals(file() + ": not an allocpool kv store (no 'allocKV1' magic at the start)", refusal().getMessage());
    }

    @Test
    void shouldRefuseAnEmptyFile() throws IOException {
        Files.write(file(), new byte[0]);
        assertTrue(refusal().getMessage().contains("not an allocpool kv store"));
    }

    @Test
    void shouldRefuseAnotherFormatVersion() throws IOException {
        makeStore();
        patch(file(), HeaderLayout.VERSION_OFFSET, new byte[] {6, 0, 0, 0});
        assertEquals(file() + ": format version 6, this build reads versions 4 and 5", refusal().getMessage());
    }

    @Test
    void shouldRefuseAVersionOneFileOfLongKeysOnlyByName() throws IOException {
        makeStore();
        patch(file(), HeaderLayout.VERSION_OFFSET, new byte[] {1, 0, 0, 0});
        assertEquals(file() + ": format version 1 (long keys only, before byte keys and expiry), this build reads "
                + "versions 4 and 5; rewrite the data with the build that made it", refusal().getMessage());
    }

    @Test
    void shouldRefuseAVersionTwoFileByName() throws IOException {
        makeStore();
        patch(file(), HeaderLayout.VERSION_OFFSET, new byte[] {2, 0, 0, 0});
        assertEquals(file() + ": format version 2 (32-byte entry headers, 16-byte slots), this build reads "
                + "versions 4 and 5; rewrite the data with the build that made it", refusal().getMessage());
    }

    @Test
    void shouldRefuseAVersionThreeFileWhoseSlotsHoldNoKeyByName() throws IOException {
        makeStore();
        patch(file(), HeaderLayout.VERSION_OFFSET, new byte[] {3, 0, 0, 0});
        assertEquals(file() + ": format version 3 (slots with a tag of every key's hash, none holding a key), this "
                + "build reads versions 4 and 5; rewrite the data with the build that made it", refusal().getMessage());
    }

    @Test
    void shouldRefuseATruncatedFile() throws IOException {
        makeStore();
        long full = Files.size(file());
        try (RandomAccessFile raf = new RandomAccessFile(file().toFile(), "rw")) {
            raf.setLength(full / 2);
        }
        assertEquals(file() + ": truncated: " + full / 2 + " bytes, the header says " + full, refusal().getMessage());
    }

    @Test
    void shouldRefuseAFileCutInsideTheHeader() throws IOException {
        makeStore();
        try (RandomAccessFile raf = new RandomAccessFile(file().toFile(), "rw")) {
            raf.setLength(100);
        }
        assertEquals(file() + ": truncated: 100 bytes, shorter than the 4096-byte header", refusal().getMessage());
    }

    @Test
    void shouldRefuseACorruptedHeader() throws IOException {
        makeStore();
        // (a log length field alone that does not match is healed when the file's length does: LogExtensionTest)
        patch(file(), HeaderLayout.MAX_VALUE_OFFSET + 2, new byte[] {0x7F});
        assertTrue(refusal().getMessage().startsWith(file() + ": corrupted header: checksum mismatch"));
    }

    @Test
    void shouldRefuseACorruptedEntry() throws IOException {
        makeStore();
        long at = indexOf(Files.readAllBytes(file()), 40, (byte) 0x5A);
        patch(file(), at + 17, new byte[] {0x5B});
        String message = refusal().getMessage();
        assertTrue(message.startsWith(file() + ": corrupted entry: slot "), message);
        assertTrue(message.contains("(key 1000)") && message.contains("checksum does not match"), message);
    }

    @Test
    void shouldReportACorruptedEntryWithoutRefusingToCheck() throws IOException {
        makeStore();
        long at = indexOf(Files.readAllBytes(file()), 40, (byte) 0x5A);
        patch(file(), at, new byte[] {0x00});
        CheckReport report = StoreCheck.check(dir);
        assertFalse(report.isHealthy());
        assertEquals(1, report.problemCount());
        assertEquals(100, report.entries());
        assertTrue(report.render().contains("(key 1000)"), report.render());
    }

    @Test
    void shouldReportAHealthyStore() throws IOException {
        makeStore();
        try (MappedStore store = MappedStore.openExisting(dir)) {
            store.put(5, new byte[3], 0, 3);
            store.remove(6);
        }
        CheckReport report = StoreCheck.check(dir);
        assertTrue(report.isHealthy(), report.render());
        assertEquals(100, report.entries());
        assertEquals(1, report.removedSlots());
        assertTrue(report.deadBytes() > 0, report.render());
        assertTrue(report.render().contains("problems  none"), report.render());
        assertTrue(report.render().contains("100 live"), report.render());
    }

    @Test
    void shouldReportAForeignFileAsUnreadable() throws IOException {
        Files.writeString(file(), "hello");
        CheckReport report = StoreCheck.check(dir);
        assertFalse(report.readable());
        assertEquals("not an allocpool kv store (no 'allocKV1' magic at the start)", report.problems().get(0));
    }

    @Test
    void shouldRefuseToCheckOrOpenAMissingStore() {
        var e = assertThrows(StoreFileException.class, () -> StoreCheck.check(dir));
        assertEquals(file() + ": no store here (the file does not exist)", e.getMessage());
        assertThrows(StoreFileException.class, () -> MappedStore.openExisting(dir));
    }

    /** Offset of the first run of {@code n} bytes equal to {@code b}, the value's first byte. */
    private static long indexOf(byte[] bytes, int n, byte b) {
        int run = 0;
        for (int i = 0; i < bytes.length; i++) {
            run = bytes[i] == b ? run + 1 : 0;
            if (run == n) {
                return i - n + 1;
            }
        }
        throw new AssertionError("marked value not found");
    }
}

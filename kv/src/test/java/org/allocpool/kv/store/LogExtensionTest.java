package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A log that fills with live entries while the slot table has room is grown in place: the same
 * file, longer, its header's log length rewritten, nothing copied. And what a crash in the middle
 * of that leaves (the file longer than its header says; the checksum written for the new length
 * but not the length) opens as a sound store.
 */
class LogExtensionTest {

    private static final int KEYS = 600;
    private static final int VALUE_BYTES = 200;

    @TempDir
    Path dir;

    private Path file() {
        return dir.resolve(MappedStore.FILE_NAME);
    }

    private static byte[] value(long key) {
        byte[] value = new byte[VALUE_BYTES];
        Arrays.fill(value, (byte) key);
        value[0] = (byte) (key >> 8);
        return value;
    }

    private static void assertHoldsAll(MappedStore store) {
        byte[] buffer = new byte[VALUE_BYTES];
        assertEquals(KEYS, store.size());
        for (long key = 0; key < KEYS; key++) {
            assertEquals(VALUE_BYTES, store.get(key, buffer), "key " + key);
            assertArrayEquals(value(key), buffer, "key " + key);
        }
    }

    private Object inode() throws IOException {
        return Files.readAttributes(file(), BasicFileAttributes.class).fileKey();
    }

    /** A store whose 1,000-entry capacity gives the slots room for every key, and whose log of 128 KB does not hold them. */
    private MappedStore filledStore() throws IOException {
        MappedStore store = MappedStore.open(dir, new StoreConfig(1_000, 256, Durability.ASYNC));
        for (long key = 0; key < KEYS; key++) {
            byte[] value = value(key);
            store.put(key, value, 0, value.length);
        }
        return store;
    }

    @Test
    void shouldGrowALogFullOfLiveEntriesInPlaceWithoutACopy() throws IOException {
        long firstLength;
        Object firstInode;
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(1_000, 256, Durability.ASYNC))) {
            firstLength = Files.size(file());
            firstInode = inode();
        }
        try (MappedStore store = filledStore()) {
            assertTrue(store.logExtensions() > 0, "the log was not grown in place");
            assertEquals(firstInode, inode(), "a new file replaced the store's: it was copied");
            assertTrue(store.fileBytes() > firstLength);
            assertEquals(store.fileBytes(), Files.size(file()));
            assertHoldsAll(store);
        }
        CheckReport check = StoreCheck.check(dir);
        assertTrue(check.isHealthy(), check.render());
        try (MappedStore reopened = MappedStore.openExisting(dir)) {
            assertHoldsAll(reopened);
        }
    }

    @Test
    void shouldUnmapTheMappingsItsGrowthsReplacedOnceTheirGraceIsPastWithNoPutToDoIt() throws Exception {
        long graceNanos = 20_000_000L;
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(1_000, 256, Durability.ASYNC), graceNanos)) {
            for (long key = 0; key < KEYS; key++) {
                byte[] value = value(key);
                store.put(key, value, 0, value.length);
            }
            assertTrue(store.logExtensions() > 1, "the log was not grown in place");
            long deadline = System.nanoTime() + 10_000_000_000L; // a bound for a slow machine, not a timing check
            while (store.hasRetiredMappings() && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertTrue(!store.hasRetiredMappings(), "a replaced mapping is still mapped, with no put since");
            assertHoldsAll(store);
        }
    }

    @Test
    void shouldOpenAStoreWhoseFileACrashLeftLongerThanItsHeaderSays() throws IOException {
        long length;
        try (MappedStore store = filledStore()) {
            length = store.fileBytes();
        }
        try (RandomAccessFile raf = new RandomAccessFile(file().toFile(), "rw")) {
            raf.setLength(length + 64 * 1024); // the file made longer, the header not written yet
        }
        assertTrue(StoreCheck.check(dir).isHealthy(), StoreCheck.check(dir).render());
        try (MappedStore store = MappedStore.openExisting(dir)) {
            assertEquals(length, store.fileBytes());
            assertEquals(length, Files.size(file()), "the bytes past the header's length were cut off");
            assertHoldsAll(store);
        }
    }

    @Test
    void shouldOpenAStoreWhoseHeaderACrashLeftBetweenItsChecksumAndItsLogLength() throws IOException {
        long length;
        long logBytes;
        try (MappedStore store = filledStore()) {
            length = store.fileBytes();
        }
        long longer = length + 64 * 1024;
        try (FileChannel channel = FileChannel.open(file(), StandardOpenOption.READ, StandardOpenOption.WRITE);
             Arena arena = Arena.ofConfined()) {
            ByteBuffer field = ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            channel.read(field, HeaderLayout.LOG_BYTES_OFFSET);
            logBytes = field.getLong(0);
            channel.write(ByteBuffer.wrap(new byte[1]), longer - 1);
            MemorySegment header = channel.map(FileChannel.MapMode.READ_WRITE, 0, HeaderLayout.HEADER_BYTES, arena);
            HeaderLayout.extendLog(header, logBytes + 64 * 1024);
            header.set(HeaderLayout.LONG, HeaderLayout.LOG_BYTES_OFFSET, logBytes); // the crash: length not written
        }
        try (MappedStore store = MappedStore.openExisting(dir)) {
            assertEquals(longer, store.fileBytes(), "the file's length holds");
            assertHoldsAll(store);
        }
        try (FileChannel channel = FileChannel.open(file(), StandardOpenOption.READ)) {
            ByteBuffer field = ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            channel.read(field, HeaderLayout.LOG_BYTES_OFFSET);
            assertEquals(logBytes + 64 * 1024, field.getLong(0), "the opening wrote the log length");
        }
        assertTrue(StoreCheck.check(dir).isHealthy(), StoreCheck.check(dir).render());
    }
}

package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fault of the mapped file (SIGBUS, which the JVM turns into an {@link InternalError}; staged by
 * cutting the file short under the store's mapping, as another process or a failing disk may) stops
 * the store: the put that met it throws an {@link IllegalStateException} naming {@code kv check}
 * and {@code kv repair} (an exception a server answers with an error, never the {@code Error} that
 * passed its {@code catch (RuntimeException)}), every later write throws it too, the close records
 * no clean close, and {@code kv repair} heals what is left (issue 34).
 */
@Timeout(60)
class MappedFaultTest {

    private static final int VALUE_BYTES = 100;

    @TempDir
    Path dir;

    private static byte[] value(long key) {
        byte[] value = new byte[VALUE_BYTES];
        java.util.Arrays.fill(value, (byte) key);
        return value;
    }

    @Test
    void shouldStopTakingWritesAfterAFaultOfTheMappedFile() throws IOException {
        Path file = dir.resolve(MappedStore.FILE_NAME);
        MappedStore store = MappedStore.open(dir, new StoreConfig(10_000, 256, Durability.ASYNC));
        for (long key = 0; key < 100; key++) {
            store.put(key, value(key), 0, VALUE_BYTES);
        }
        long cutAt;
        try (StoreMapping m = StoreMapping.open(file, false)) {
            cutAt = m.logOffset + 64 * 1024; // the first 100 entries stay, the room after them is gone
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.truncate(cutAt);
        }
        IllegalStateException stopped = null;
        for (long key = 100; key < 100_000 && stopped == null; key++) {
            try {
                store.put(key, value(key), 0, VALUE_BYTES); // appends reach the cut-off room: SIGBUS
            } catch (IllegalStateException e) {
                stopped = e;
            }
        }
        assertTrue(stopped != null && stopped.getMessage().contains("kv check")
                && stopped.getMessage().contains("kv repair"), String.valueOf(stopped));
        assertTrue(stopped.getCause() instanceof InternalError, "the fault is the cause");
        var again = assertThrows(IllegalStateException.class, () -> store.put(1, value(1), 0, VALUE_BYTES),
                "a write after the fault");
        assertTrue(again.getMessage().contains("takes no more writes"), again.getMessage());
        assertThrows(IllegalStateException.class, () -> store.remove(1), "a remove after the fault");
        byte[] read = new byte[VALUE_BYTES];
        assertEquals(VALUE_BYTES, store.get(5, read), "a read of a sound page goes on");
        assertArrayEquals(value(5), read);
        try {
            store.close();
        } catch (RuntimeException e) {
            // the force of a mapping cut short may fail too: the store is closed either way
        }
        assertFalse(Files.exists(dir.resolve(CleanClose.FILE_NAME)), "a clean close recorded after a fault");
        StoreRepair.repair(dir, false, bytes -> { });
        try (MappedStore repaired = MappedStore.openExisting(dir)) {
            for (long key = 0; key < 100; key++) {
                assertEquals(VALUE_BYTES, repaired.get(key, read), "key " + key);
                assertArrayEquals(value(key), read, "key " + key);
            }
        }
    }

    @Test
    void shouldAnswerAReadThatFaultsWithAnExceptionAndStopWrites() throws IOException {
        Path file = dir.resolve(MappedStore.FILE_NAME);
        MappedStore store = MappedStore.open(dir, new StoreConfig(10_000, 256, Durability.ASYNC));
        try {
            for (long key = 0; key < 100; key++) {
                store.put(key, value(key), 0, VALUE_BYTES);
            }
            long logOffset;
            try (StoreMapping m = StoreMapping.open(file, false)) {
                logOffset = m.logOffset;
            }
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                channel.truncate(logOffset); // every entry gone from under the mapping
            }
            byte[] read = new byte[VALUE_BYTES];
            IllegalStateException stopped = assertThrows(IllegalStateException.class, () -> store.get(5, read),
                    "a read of a page cut away");
            assertTrue(stopped.getCause() instanceof InternalError, String.valueOf(stopped.getCause()));
            assertThrows(IllegalStateException.class, () -> store.put(200, value(200), 0, VALUE_BYTES),
                    "a write after a read's fault");
        } finally {
            try {
                store.close();
            } catch (RuntimeException e) {
                // the force of a mapping cut short may fail too: the store is closed either way
            }
        }
        assertFalse(Files.exists(dir.resolve(CleanClose.FILE_NAME)), "a clean close recorded after a fault");
    }
}

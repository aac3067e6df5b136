package org.allocpool.kv.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A thread whose {@link SyncBatch} holds staged puts and then grows or closes the store itself (a
 * direct put that needs a growth, {@code close()}) commits the batch first, instead of waiting for
 * the batch's hold on the store's gate, which it holds itself (issue 34: a deadlock). The timeout
 * fails the test where it would hang.
 */
@Timeout(60)
class SyncBatchOwnThreadTest {

    private static final int VALUE_BYTES = 200;

    @TempDir
    Path dir;

    private static byte[] value(long key) {
        byte[] value = new byte[VALUE_BYTES];
        Arrays.fill(value, (byte) (key * 7 + 1));
        return value;
    }

    private static void assertValue(MappedStore store, long key) {
        byte[] buffer = new byte[VALUE_BYTES];
        assertEquals(VALUE_BYTES, store.get(key, buffer), "key " + key);
        assertArrayEquals(value(key), buffer, "key " + key);
    }

    @Test
    void shouldCommitTheThreadsOwnBatchWhenADirectPutOfTheSameThreadGrowsTheStore() throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(100, 256, Durability.SYNC))) {
            SyncBatch batch = store.beginBatch();
            byte[] staged = value(-1);
            batch.put(-1, staged, 0, staged.length);
            assertEquals(1, batch.pending());
            long generation = store.generation();
            long key = 0;
            for (; store.generation() == generation && key < 100_000; key++) {
                byte[] value = value(key);
                store.put(key, value, 0, value.length); // one of them grows the store: a lockAll on this thread
            }
            assertNotEquals(generation, store.generation(), "the store never grew");
            assertEquals(0, batch.pending(), "the growth committed the batch");
            batch.commit();
            assertValue(store, -1);
            for (long k = 0; k < key; k++) {
                assertValue(store, k);
            }
        }
    }

    @Test
    void shouldCommitTheThreadsOwnBatchWhenTheSameThreadClosesTheStore() throws IOException {
        MappedStore store = MappedStore.open(dir, new StoreConfig(100, 256, Durability.SYNC));
        SyncBatch batch = store.beginBatch();
        for (long key = 0; key < 10; key++) {
            byte[] value = value(key);
            batch.put(key, value, 0, value.length);
        }
        assertEquals(10, batch.pending());
        store.close();
        assertEquals(0, batch.pending(), "the close committed the batch");
        try (MappedStore reopened = MappedStore.openExisting(dir)) {
            assertEquals(10, reopened.size());
            for (long key = 0; key < 10; key++) {
                assertValue(reopened, key);
            }
        }
    }
}

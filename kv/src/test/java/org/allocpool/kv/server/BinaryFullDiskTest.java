package org.allocpool.kv.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.allocpool.kv.store.Durability;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.store.SmallFileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binary protocol on a store whose disk fills up (a tmpfs of 4 MiB, mounted as root; skipped
 * elsewhere): the PUT that finds no room gets {@code SERVER_ERROR} naming the full disk on a
 * connection that goes on, and after a restart every acknowledged PUT is there (issue 34).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class BinaryFullDiskTest {

    private static final int VALUE_BYTES = 900;
    private static final int REFUSALS = 10;

    @TempDir
    Path scratch;

    private static byte[] value(long key) {
        byte[] value = new byte[VALUE_BYTES];
        Arrays.fill(value, (byte) (key * 13 + 5));
        return value;
    }

    @Test
    void shouldAnswerAPutThatFindsTheDiskFullWithAServerError() throws Exception {
        try (SmallFileSystem disk = SmallFileSystem.mount(scratch.resolve("disk"), 4)) {
            for (Durability durability : Durability.values()) {
                Path dir = disk.root.resolve("store-" + durability);
                List<Long> acknowledged = new ArrayList<>();
                List<KvReplyException> errors = new ArrayList<>();
                try (RunningServer running = new RunningServer(dir, durability);
                     KvClient client = running.client()) {
                    for (long key = 0; key < 1_000_000 && errors.size() < REFUSALS; key++) {
                        try {
                            client.put(key, value(key));
                            acknowledged.add(key);
                        } catch (KvReplyException e) {
                            errors.add(e);
                        }
                    }
                    assertEquals(REFUSALS, errors.size(), "4 MiB never filled");
                    for (KvReplyException e : errors) {
                        assertEquals(BinaryProtocol.STATUS_SERVER_ERROR, e.status(), e.getMessage());
                        assertTrue(e.getMessage().contains("No space left on device"), e.getMessage());
                    }
                    byte[] read = new byte[VALUE_BYTES];
                    assertEquals(VALUE_BYTES, client.get(acknowledged.getFirst(), read), "the connection goes on");
                }
                try (MappedStore reopened = MappedStore.openExisting(dir)) {
                    assertEquals(acknowledged.size(), reopened.size());
                    byte[] buffer = new byte[VALUE_BYTES];
                    for (long key : acknowledged) {
                        assertEquals(VALUE_BYTES, reopened.get(key, buffer), "key " + key);
                        assertArrayEquals(value(key), buffer, "key " + key);
                    }
                }
            }
        }
    }
}

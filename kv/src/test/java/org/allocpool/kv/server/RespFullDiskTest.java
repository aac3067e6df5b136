package org.allocpool.kv.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.allocpool.kv.store.ByteKey;
import org.allocpool.kv.store.Durability;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.store.SmallFileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * A server whose store's disk fills up (a tmpfs of 4 MiB, mounted as root; skipped elsewhere): the
 * SET that finds no room gets {@code -ERR store failed: ... No space left on device} on a connection
 * that goes on, DBSIZE counts the acknowledged SETs only, and after a restart each of them is there.
 * (Before: no reply, the connection closed, the SET counted; issue 34.)
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RespFullDiskTest {

    private static final int VALUE_BYTES = 900;
    private static final int REFUSALS = 10;

    @TempDir
    Path scratch;

    private static byte[] value(int key) {
        byte[] value = new byte[VALUE_BYTES];
        Arrays.fill(value, (byte) ('a' + key % 26));
        return value;
    }

    private static byte[] key(int key) {
        return ("user:" + key).getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void shouldAnswerASetThatFindsTheDiskFullWithAnErrorAndCountOnlyTheAcknowledgedOnes() throws Exception {
        try (SmallFileSystem disk = SmallFileSystem.mount(scratch.resolve("disk"), 4)) {
            for (Durability durability : Durability.values()) {
                Path dir = disk.root.resolve("store-" + durability);
                List<Integer> acknowledged = new ArrayList<>();
                List<String> errors = new ArrayList<>();
                try (RunningServer running = new RunningServer(dir, durability);
                     Jedis jedis = jedis(running)) {
                    for (int key = 0; key < 1_000_000 && errors.size() < REFUSALS; key++) {
                        try {
                            assertEquals("OK", jedis.set(key(key), value(key)));
                            acknowledged.add(key);
                        } catch (JedisDataException e) {
                            errors.add(e.getMessage());
                        }
                    }
                    assertEquals(REFUSALS, errors.size(), "4 MiB never filled");
                    for (String error : errors) {
                        assertTrue(error.startsWith("ERR store failed: ") && error.contains("No space left on device"),
                                error);
                    }
                    assertEquals("PONG", jedis.ping(), "the connection goes on");
                    assertEquals(acknowledged.size(), jedis.dbSize(), "DBSIZE counts the acknowledged SETs only");
                }
                try (MappedStore reopened = MappedStore.openExisting(dir)) {
                    assertEquals(acknowledged.size(), reopened.size());
                    byte[] buffer = new byte[VALUE_BYTES];
                    for (int key : acknowledged) {
                        assertEquals(VALUE_BYTES, reopened.getIfFits(ByteKey.of("user:" + key), buffer), "key " + key);
                        assertArrayEquals(value(key), buffer, "key " + key);
                    }
                }
            }
        }
    }

    private static Jedis jedis(RunningServer running) {
        int wait = (int) RunningServer.WAIT.toMillis();
        return new Jedis("127.0.0.1", running.server.respAddress().getPort(),
                DefaultJedisClientConfig.builder().connectionTimeoutMillis(wait).socketTimeoutMillis(wait).build());
    }
}

package org.allocpool.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.allocpool.kv.server.BinaryProtocol;
import org.allocpool.kv.server.KvClient;
import org.allocpool.kv.store.CheckReport;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.store.StoreCheck;
import org.allocpool.process.Child;
import org.allocpool.process.JvmCommand;
import org.allocpool.process.RunningChild;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The async durability promise, end to end: {@code kv serve} in a child JVM takes pipelined PUTs
 * over the binary protocol, is killed with SIGKILL while a batch is in flight, and every PUT whose
 * reply came back is in the reopened store with its value (or a later one of the same key).
 */
class KvServeCrashTest {

    /** Acknowledged PUTs before the kill: the store (sized for 1,024 entries) grows several times meanwhile. */
    private static final int ACKS_BEFORE_KILL = 20_000;
    private static final int DEPTH = 64;
    /** The batch in flight when the server is killed. */
    private static final int LAST_BATCH = 512;
    private static final int KEYS = 3_000;
    private static final Pattern READY = Pattern.compile("binary protocol on [^ ]+:(\\d+),");

    @TempDir
    Path dir;

    /** The value of the {@code seq}-th PUT: its number, then {@code seq % 40} bytes derived from it. */
    static byte[] valueOf(long seq) {
        byte[] value = new byte[8 + (int) (seq % 40)];
        ByteBuffer.wrap(value).putLong(seq);
        for (int i = 8; i < value.length; i++) {
            value[i] = (byte) (seq * 31 + i);
        }
        return value;
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void shouldKeepEveryAcknowledgedPipelinedPutAfterKillDashNine() throws IOException {
        Path store = dir.resolve("store");
        List<String> command = AllocpoolMain.thisJvm().command(List.of(JvmCommand.DENY_UNSAFE), List.of(),
                List.of("kv", "serve", "--dir", store.toString(), "--port", "0", "--http-port", "0",
                        "--capacity", "1024"));
        Map<Long, Long> acknowledged = new HashMap<>();
        long acks = 0;
        long lastBatchAcks = 0;
        try (RunningChild server = Child.of(command).stderrTo(dir.resolve("serve.err"))
                .timeout(Duration.ofSeconds(120)).start()) {
            Matcher ready = server.awaitLine(READY, Duration.ofSeconds(60));
            assertNotNull(ready, () -> "kv serve did not start: " + server.stderrTail());
            try (KvClient client = KvClient.connect("127.0.0.1", Integer.parseInt(ready.group(1)))) {
                long seq = 0;
                while (acks < ACKS_BEFORE_KILL) {
                    long first = seq;
                    for (int i = 0; i < DEPTH; i++, seq++) {
                        byte[] value = valueOf(seq);
                        client.queuePut(seq % KEYS, value, 0, value.length);
                    }
                    client.flush();
                    for (long s = first; s < seq; s++) {
                        client.readPut();
                        assertEquals(BinaryProtocol.STATUS_OK, client.status(), "status of put " + s);
                        acknowledged.put(s % KEYS, s);
                        acks++;
                    }
                }
                long first = seq;
                for (int i = 0; i < LAST_BATCH; i++, seq++) {
                    byte[] value = valueOf(seq);
                    client.queuePut(seq % KEYS, value, 0, value.length);
                }
                client.flush();
                // SIGKILL with the batch in flight: no shutdown hook, no close() of the store
                server.close();
                // replies the server sent before it died are acknowledgements all the same
                try {
                    for (long s = first; s < seq; s++) {
                        client.readPut();
                        if (client.status() != BinaryProtocol.STATUS_OK) {
                            break;
                        }
                        acknowledged.put(s % KEYS, s);
                        acks++;
                        lastBatchAcks++;
                    }
                } catch (IOException connectionEnded) {
                    // the rest of the batch was not acknowledged
                }
            }
            assertTrue(server.hasEndedWithin(Duration.ofSeconds(30)), "the server did not die");
        }
        String serverErr = Files.readString(dir.resolve("serve.err"));
        assertTrue(!serverErr.contains("stopped"), "a SIGKILL runs no shutdown hook: " + serverErr);
        assertTrue(acknowledged.size() == KEYS, "acks: " + acks + ", of the last batch " + lastBatchAcks);

        CheckReport report = StoreCheck.check(store);
        assertTrue(report.isHealthy(), report.render());
        try (MappedStore reopened = MappedStore.openExisting(store)) {
            byte[] buffer = new byte[64];
            for (Map.Entry<Long, Long> e : acknowledged.entrySet()) {
                long key = e.getKey();
                int length = reopened.get(key, buffer);
                assertTrue(length >= 8, "acknowledged key " + key + " is missing");
                long seq = ByteBuffer.wrap(buffer).getLong();
                // a put may have been done but not yet acknowledged when the server died: later is fine
                assertTrue(seq >= e.getValue() && seq % KEYS == key, "key " + key + " holds put " + seq
                        + ", put " + e.getValue() + " was acknowledged");
                assertArrayEquals(valueOf(seq), Arrays.copyOf(buffer, length), "value of key " + key);
            }
            assertEquals(KEYS, reopened.size(), "every key was written long before the kill");
        }
    }
}

package org.allocpool.cli;

import static org.allocpool.cli.AnalyzerCommandTest.execute;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.allocpool.cli.AnalyzerCommandTest.Outcome;
import org.allocpool.kv.server.BinaryProtocol;
import org.allocpool.kv.server.KvClient;
import org.allocpool.kv.store.ByteKey;
import org.allocpool.kv.store.CheckReport;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.store.StoreCheck;
import org.allocpool.process.Child;
import org.allocpool.process.ChildExit;
import org.allocpool.process.JvmCommand;
import org.allocpool.process.RunningChild;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;

/**
 * Two {@code kv serve --shared} processes (child JVMs, Unsafe denied) on one store directory, on
 * ports of their own: what a client writes through one, over the binary protocol ({@link KvClient},
 * pipelined) or RESP (Jedis), reads back through the other, both ways, while the writes grow the
 * store (made for 64 entries) under both servers many times. Then both stop (end of stdin): the
 * first leaves no clean-close record, the last does, and the store reopens with every key.
 * Meanwhile {@code kv serve} without {@code --shared}, and {@code kv repair}, are refused in one line
 * saying why.
 */
class KvServeSharedTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Pattern READY = Pattern.compile("binary protocol on [^ ]+:(\\d+), .*RESP on [^ ]+:(\\d+);");
    private static final int KEYS = 4_000;
    private static final int RESP_KEYS = 600;
    private static final int DEPTH = 64;

    @TempDir
    Path dir;

    /** The value of {@code key} at {@code version}: both numbers, then {@code key % 50} bytes derived from them. */
    private static byte[] valueOf(long key, long version) {
        byte[] value = new byte[16 + (int) (key % 50)];
        ByteBuffer.wrap(value).putLong(key).putLong(version);
        for (int i = 16; i < value.length; i++) {
            value[i] = (byte) (key * 31 + version * 7 + i);
        }
        return value;
    }

    private static String respKey(int i) {
        return "user:" + i + ":" + "k".repeat(i % 40);
    }

    private static String respValue(int i, String via) {
        return "set through " + via + " #" + i;
    }

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void shouldServeOneStoreFromTwoSharedServersAndReopenWithEveryKey() throws Exception {
        Path store = dir.resolve("store");
        List<RunningChild> servers = new ArrayList<>();
        try {
            RunningChild a = start(store, "a");
            servers.add(a);
            Matcher readyA = awaitReady(a);
            RunningChild b = start(store, "b");
            servers.add(b);
            Matcher readyB = awaitReady(b);

            Outcome alone = execute("kv", "serve", "--dir", store.toString(), "--port", "0", "--http-port", "0");
            assertEquals(1, alone.exitCode(), alone.toString());
            assertEquals(1, alone.err().size(), "one line: " + alone.err());
            assertTrue(alone.err().getFirst().startsWith("allocpool: kv serve: " + store.resolve(MappedStore.FILE_NAME)
                    + ": in use by other processes that opened it shared"), alone.err().getFirst());
            Outcome repair = execute("kv", "repair", "--dir", store.toString());
            assertEquals(1, repair.exitCode(), repair.toString());
            assertEquals(1, repair.err().size(), "one line: " + repair.err());
            assertTrue(repair.err().getFirst().contains("in use by other processes that opened it shared"),
                    repair.err().getFirst());

            try (KvClient ca = KvClient.connect("127.0.0.1", Integer.parseInt(readyA.group(1)));
                 KvClient cb = KvClient.connect("127.0.0.1", Integer.parseInt(readyB.group(1)))) {
                // through a, half the keys; every one reads back through b
                putAll(ca, 0, KEYS / 2, 0);
                assertAll(cb, 0, KEYS / 2, 0);
                // through b, the other half and a new version of a's first 1,000; all read back through a
                putAll(cb, KEYS / 2, KEYS, 0);
                putAll(cb, 0, 1_000, 1);
                assertAll(ca, 0, 1_000, 1);
                assertAll(ca, 1_000, KEYS, 0);
            }
            try (Jedis ja = jedis(readyA); Jedis jb = jedis(readyB)) {
                setAll(ja, 0, RESP_KEYS / 2, "a");
                assertAll(jb, 0, RESP_KEYS / 2, "a");
                setAll(jb, RESP_KEYS / 2, RESP_KEYS, "b");
                assertAll(ja, RESP_KEYS / 2, RESP_KEYS, "b");
                assertEquals(KEYS + RESP_KEYS, ja.dbSize());
                assertEquals(KEYS + RESP_KEYS, jb.dbSize());
            }

            ChildExit stopA = a.stop(WAIT);
            assertEquals(0, stopA.exitCode(), String.join("\n", stopA.stderrTail()));
            assertFalse(Files.exists(store.resolve("store.clean")), "a clean close recorded while b serves the store");
            ChildExit stopB = b.stop(WAIT);
            assertEquals(0, stopB.exitCode(), String.join("\n", stopB.stderrTail()));
            assertTrue(Files.exists(store.resolve("store.clean")), "the last server to stop records a clean close");
        } finally {
            servers.forEach(RunningChild::close);
        }
        for (String name : List.of("a", "b")) {
            String err = Files.readString(dir.resolve("serve-" + name + ".err"));
            // pure FFM, no JVM warning: only the line that says it stopped (and SLF4J's notice that it
            // has no binding: the test class path, unlike the launcher's, has Jedis's slf4j-api, which Netty finds)
            List<String> lines = err.lines().filter(line -> !line.startsWith("SLF4J: ")).toList();
            assertEquals(1, lines.size(), name + "'s stderr: " + err);
            assertTrue(lines.getFirst().startsWith("kv serve: stopped; closed "), name + "'s stderr: " + err);
        }

        CheckReport report = StoreCheck.check(store);
        assertTrue(report.isHealthy(), report.render());
        assertEquals(KEYS + RESP_KEYS, report.entries(), report.render());
        try (MappedStore reopened = MappedStore.openExisting(store)) {
            assertEquals(KEYS + RESP_KEYS, reopened.size());
            byte[] buffer = new byte[128];
            for (long key = 0; key < KEYS; key++) {
                int length = reopened.get(key, buffer);
                assertArrayEquals(valueOf(key, key < 1_000 ? 1 : 0), Arrays.copyOf(buffer, Math.max(0, length)),
                        "key " + key);
            }
            for (int i = 0; i < RESP_KEYS; i++) {
                int length = reopened.getIfFits(ByteKey.of(respKey(i)), buffer);
                assertEquals(respValue(i, i < RESP_KEYS / 2 ? "a" : "b"),
                        length < 0 ? null : new String(buffer, 0, length, StandardCharsets.UTF_8), respKey(i));
            }
        }
    }

    private static void putAll(KvClient client, long from, long to, long version) throws IOException {
        for (long first = from; first < to; first += DEPTH) {
            long end = Math.min(to, first + DEPTH);
            for (long key = first; key < end; key++) {
                byte[] value = valueOf(key, version);
                client.queuePut(key, value, 0, value.length);
            }
            client.flush();
            for (long key = first; key < end; key++) {
                client.readPut();
                assertEquals(BinaryProtocol.STATUS_OK, client.status(), "status of the put of key " + key);
            }
        }
    }

    private static void assertAll(KvClient client, long from, long to, long version) throws IOException {
        byte[] buffer = new byte[128];
        for (long first = from; first < to; first += DEPTH) {
            long end = Math.min(to, first + DEPTH);
            for (long key = first; key < end; key++) {
                client.queueGet(key);
            }
            client.flush();
            for (long key = first; key < end; key++) {
                int length = client.readGet(buffer);
                assertArrayEquals(valueOf(key, version), Arrays.copyOf(buffer, Math.max(0, length)),
                        "key " + key + " read through the other server");
            }
        }
    }

    private static void setAll(Jedis jedis, int from, int to, String via) {
        Pipeline pipeline = jedis.pipelined();
        List<Response<String>> replies = new ArrayList<>();
        for (int i = from; i < to; i++) {
            replies.add(pipeline.set(respKey(i), respValue(i, via)));
        }
        pipeline.sync();
        for (Response<String> reply : replies) {
            assertEquals("OK", reply.get());
        }
    }

    private static void assertAll(Jedis jedis, int from, int to, String via) {
        Pipeline pipeline = jedis.pipelined();
        List<Response<String>> replies = new ArrayList<>();
        for (int i = from; i < to; i++) {
            replies.add(pipeline.get(respKey(i)));
        }
        pipeline.sync();
        for (int i = from; i < to; i++) {
            assertEquals(respValue(i, via), replies.get(i - from).get(), respKey(i) + " read through the other server");
        }
    }

    private static Jedis jedis(Matcher ready) {
        return new Jedis("127.0.0.1", Integer.parseInt(ready.group(2)),
                DefaultJedisClientConfig.builder().socketTimeoutMillis(30_000).build());
    }

    private RunningChild start(Path store, String name) throws IOException {
        List<String> command = AllocpoolMain.thisJvm().command(List.of(JvmCommand.DENY_UNSAFE), List.of(),
                List.of("kv", "serve", "--dir", store.toString(), "--shared", "--port", "0", "--http-port", "0",
                        "--resp-port", "0", "--capacity", "64", "--stop-on-stdin-eof"));
        return Child.of(command).stderrTo(dir.resolve("serve-" + name + ".err")).timeout(Duration.ofSeconds(150)).start();
    }

    private static Matcher awaitReady(RunningChild server) {
        Matcher ready = server.awaitLine(READY, WAIT);
        assertNotNull(ready, () -> "kv serve --shared did not start: " + server.stderrTail());
        return ready;
    }
}

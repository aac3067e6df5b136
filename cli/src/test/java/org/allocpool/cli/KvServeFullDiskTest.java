package org.allocpool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.allocpool.kv.store.CheckReport;
import org.allocpool.kv.store.StoreCheck;
import org.allocpool.process.Child;
import org.allocpool.process.JvmCommand;
import org.allocpool.process.RunningChild;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * A disk that fills under {@code kv serve}, end to end: the server runs in a child JVM with its
 * store on a tmpfs of {@value #MEBIBYTES} MiB, a Redis client SETs 900-byte values until the disk
 * refuses {@value #REFUSALS} of them, and then: every SET that did not fit got an error reply (the
 * connection goes on), {@code DBSIZE} counts the acknowledged SETs only, and after a SIGKILL the
 * store is healthy as it is ({@code kv check}, no repair), and a restarted server serves every
 * acknowledged value. Mounting needs root (CI runs the suite as root): elsewhere it is skipped,
 * saying why.
 */
class KvServeFullDiskTest {

    private static final int MEBIBYTES = 12;
    private static final int REFUSALS = 20;
    private static final int VALUE_BYTES = 900;
    private static final Pattern RESP_READY = Pattern.compile("RESP on [^ ]+:(\\d+);");

    @TempDir
    Path dir;

    private Path mounted;

    @AfterEach
    void unmount() throws IOException, InterruptedException {
        if (mounted != null) {
            run(List.of("umount", "-l", mounted.toString())); // lazily: a child still dying keeps no mount
        }
    }

    private static String key(int n) {
        return "user:" + n;
    }

    private static String value(int n) {
        String head = "value of " + n + ";";
        return head + String.valueOf((char) ('a' + n % 26)).repeat(VALUE_BYTES - head.length());
    }

    @ParameterizedTest(name = "--durability {0}")
    @ValueSource(strings = {"async", "sync"})
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void shouldAnswerTheSetsThatDoNotFitWithAnErrorAndServeEveryAcknowledgedOneAfterARestart(String durability)
            throws Exception {
        Path store = mountSmallFileSystem().resolve("store");
        List<Integer> acknowledged = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        try (Served server = serve(store, durability, "first");
             Jedis jedis = server.jedis()) {
            for (int n = 0; n < 1_000_000 && errors.size() < REFUSALS; n++) {
                try {
                    assertEquals("OK", jedis.set(key(n), value(n)), "reply to SET " + n);
                    acknowledged.add(n);
                } catch (JedisDataException refused) {
                    errors.add(refused.getMessage());
                }
            }
            assertEquals(REFUSALS, errors.size(), MEBIBYTES + " MiB never filled");
            for (String error : errors) {
                assertTrue(error.startsWith("ERR ") && error.contains("No space left on device"), error);
            }
            assertEquals("PONG", jedis.ping(), "the connection goes on after the refusals");
            assertEquals(acknowledged.size(), jedis.dbSize(), "DBSIZE counts the acknowledged SETs only");
        } // SIGKILL: no shutdown hook, no close() of the store

        CheckReport check = StoreCheck.check(store);
        assertTrue(check.isHealthy(), "kv check after the kill, before any repair: " + check.render());
        try (Served server = serve(store, durability, "restarted");
             Jedis jedis = server.jedis()) {
            assertEquals(acknowledged.size(), jedis.dbSize(), "the restarted store holds the acknowledged SETs");
            for (int n : acknowledged) {
                assertEquals(value(n), jedis.get(key(n)), "acknowledged SET " + n + " after the restart");
            }
        }
        System.out.printf("kv serve --durability %s on %d MiB: %,d SETs acknowledged, %d refused (%s), all served after the restart%n",
                durability, MEBIBYTES, acknowledged.size(), errors.size(), errors.getFirst());
        assertTrue(acknowledged.size() > 1_000, acknowledged.size() + " SETs fitted: the disk filled too early to say much");
    }

    /** A {@code kv serve} child and the RESP port it said it listens on; closing it kills it (SIGKILL). */
    private record Served(RunningChild child, int port) implements AutoCloseable {

        Jedis jedis() {
            return new Jedis("127.0.0.1", port, DefaultJedisClientConfig.builder().socketTimeoutMillis(30_000).build());
        }

        @Override
        public void close() {
            child.close();
        }
    }

    private Served serve(Path store, String durability, String name) throws IOException {
        List<String> command = AllocpoolMain.thisJvm().command(List.of(JvmCommand.DENY_UNSAFE), List.of(),
                List.of("kv", "serve", "--dir", store.toString(), "--port", "0", "--http-port", "0",
                        "--resp-port", "0", "--capacity", "1024", "--durability", durability));
        RunningChild server = Child.of(command).stderrTo(dir.resolve(name + ".err"))
                .timeout(Duration.ofSeconds(150)).start();
        Matcher ready = server.awaitLine(RESP_READY, Duration.ofSeconds(60));
        if (ready == null) {
            server.close();
            assertNotNull(ready, () -> "kv serve (" + name + ") did not start: " + server.stderrTail());
        }
        return new Served(server, Integer.parseInt(ready.group(1)));
    }

    private Path mountSmallFileSystem() throws IOException, InterruptedException {
        Assumptions.assumeTrue(System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux"),
                "a small tmpfs is mounted on Linux only");
        Path small = Files.createDirectories(dir.resolve("small"));
        String said = run(List.of("mount", "-t", "tmpfs", "-o", "size=" + MEBIBYTES + "m", "allocpool-test",
                small.toString()));
        Assumptions.assumeTrue(said == null, () -> "mounting a " + MEBIBYTES + " MiB tmpfs needs root (mount: " + said
                + "): the full-disk test of kv serve is skipped");
        mounted = small;
        return small;
    }

    /** Runs {@code command} for at most 30 s: null when it succeeded, else what it said. */
    private static String run(List<String> command) throws IOException, InterruptedException {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return e.getMessage();
        }
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return "timed out";
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        return process.exitValue() == 0 ? null : "exit " + process.exitValue() + ": " + output;
    }
}

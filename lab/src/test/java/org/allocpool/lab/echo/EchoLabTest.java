package org.allocpool.lab.echo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import com.fasterxml.jackson.databind.JsonNode;
import org.allocpool.lab.run.LabRunner;
import org.allocpool.lab.run.RunOptions;
import org.allocpool.lab.run.Shard;
import org.allocpool.lab.store.RecordsFile;
import org.allocpool.lab.store.ResultsFolder;
import org.allocpool.process.JvmCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The echo lab through the lab runner, end to end, with {@link FakeEcho} standing in for {@code echo serve}
 * and {@code echo bench}. No test depends on how long anything takes: every wait is bounded by a cell
 * timeout or a stop grace, and every failure is made by the fake, deterministically.
 */
class EchoLabTest {

    /** Small heaps without pre-touching, after the cell's flags (the last -Xmx wins): the fakes need no gigabyte. */
    private static final List<String> SMALL_SERVER = List.of("-Xms32m", "-Xmx32m", "-XX:-AlwaysPreTouch", "-Xshare:auto");

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

    @Test
    void shouldRecordEveryForkWithTheBenchsRecordAndFillWhatItLeftOut() throws Exception {
        Path dir = tmp.resolve("run");
        int exit = run(experiment(settings(List.of("unpooled", "thread-local"), List.of(2), 2, Duration.ofMinutes(1)),
                "bench:thread-local/on=nogc"), dir, false);

        assertEquals(LabRunner.EXIT_OK, exit);
        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertEquals(8, records.size(), "4 cells x 2 forks");
        for (JsonNode record : records) {
            assertEquals("ok", record.path("status").asText(), record.toString());
            JsonNode cell = record.path("cell");
            assertEquals("G1", cell.path("gc").asText(), "from the server's stats, or the lab's when the bench left it out");
            assertEquals(2, cell.path("clients").asInt());
            assertEquals("top-of-book", cell.path("event").asText());
            assertEquals(64, cell.path("window").asInt(), "the bench's own fields are kept");
            assertEquals("1g", cell.path("heap").asText(), "the lab's server heap is filled in");
            assertEquals(4, cell.path("rounds").asInt(), "the lab's plan is filled in");
            assertEquals(FakeEcho.eventsPerSecond(cell.path("buffers").asText(), cell.path("copyPerEvent").asBoolean(), 2),
                    record.path("metrics").path("eventsPerSecondRounds").path("median").asDouble());
            assertEquals(4, record.path("metrics").path("eventsPerSecondRounds").path("rounds").size());
        }
        List<String> forks = records.stream().map(r -> r.path("cell").path("buffers").asText() + "/"
                + r.path("cell").path("copyPerEvent").asBoolean() + "#" + r.path("fork").asInt()).toList();
        assertEquals(Set.of("unpooled/false#1", "unpooled/true#1", "thread-local/false#1", "thread-local/true#1"),
                Set.copyOf(forks.subList(0, 4)), "every cell's first fork before any second, in the pass's own order");
        assertEquals(Set.of("unpooled/false#2", "unpooled/true#2", "thread-local/false#2", "thread-local/true#2"),
                Set.copyOf(forks.subList(4, 8)));
        String serverLog = Files.readString(dir.resolve("G1-top-of-book-2c-thread-local-copy-fork2.server.log"));
        assertTrue(serverLog.contains("echo serve --host 127.0.0.1 --port 0 --buffers thread-local --copy-per-event"
                + " --stop-on-stdin-eof"), serverLog);
        assertTrue(Files.size(dir.resolve("G1-top-of-book-2c-thread-local-copy-fork2.server.gc.log")) > 0);
        assertTrue(Files.size(dir.resolve("G1-top-of-book-2c-unpooled-reuse-fork1.gc.log")) > 0, "the bench client's GC log");
        String benchLog = Files.readString(dir.resolve("G1-top-of-book-2c-unpooled-reuse-fork1.log"));
        assertTrue(benchLog.matches("(?s).*echo bench --host 127\\.0\\.0\\.1 --port \\d+ --clients 2 --event top-of-book"
                + " --duration 1s --warmup 0s --round-time 250ms --max-rounds 8 --hlog .*-fork1\\.hlog --json.*"), benchLog);
        assertFalse(Files.exists(dir.resolve("G1-top-of-book-2c-unpooled-reuse-fork1.stdout")), "a clean record needs no copy");
    }

    @Test
    void shouldRecordEachKindOfFailureAndGoOnLeavingNoProcessBehind() throws Exception {
        Path dir = tmp.resolve("run");
        Path pids = Files.createDirectory(tmp.resolve("pids"));
        run(experiment(settings(List.of("message"), Duration.ofMinutes(2)), "serve:unpooled/on=die,"
                + "bench:netty-pooled/off=crash,serve:netty-adaptive/off=dieduring,bench:netty-adaptive/off=outlived,"
                + "bench:netty-adaptive/on=selffail,serve:thread-local/on=stubborn", "-Dfake.pidDir=" + pids), dir, false);

        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertEquals(8, records.size(), "every cell recorded, failed or not");
        assertEquals("the server exited with code 1: Exception in thread \"main\" java.net.BindException: Address already"
                + " in use before it was ready", error(records, "unpooled", true));
        assertTrue(error(records, "netty-pooled", false).startsWith("exited with code 1: Exception in thread \"main\""
                + " java.net.ConnectException"), error(records, "netty-pooled", false));
        assertEquals("the server exited with code 3: Exception in thread \"echo-io\" java.lang.OutOfMemoryError: Direct buffer"
                + " memory while it was measured", error(records, "netty-adaptive", false));
        assertEquals("server answered 0 of 64 events", error(records, "netty-adaptive", true));
        for (String ok : List.of("unpooled/false", "netty-pooled/true", "thread-local/false", "thread-local/true")) {
            String[] cell = ok.split("/");
            assertEquals("ok", find(records, cell[0], Boolean.parseBoolean(cell[1])).path("status").asText(),
                    ok + ": the lab goes on after failures, and a server slow to stop costs no record");
        }
        assertTrue(progress.toString(StandardCharsets.UTF_8).contains("the server did not exit within 1s of its input closing;"
                + " terminated"), progress.toString(StandardCharsets.UTF_8));
        records.forEach(r -> assertEquals("message", r.path("cell").path("event").asText(), r.toString()));
        records.forEach(r -> assertFalse(r.path("error").asText().contains("\n")));
        String tables = Files.readString(dir.resolve(ResultsFolder.TABLES));
        assertTrue(tables.contains("- cells: 8 (4 ok, 4 failed), forks: 8 (4 ok, 4 failed)"), tables);
        assertNoneAlive(pids, 8 + 7, "8 servers, and benches for the 7 that listened");
    }

    @Test
    void shouldStopAServerThatNeverListensAndABenchThatHangsAtTheCellTimeout() throws Exception {
        Path dir = tmp.resolve("run");
        Path pids = Files.createDirectory(tmp.resolve("pids"));
        // far longer than a fake fork takes even on a loaded machine (a second or two), far shorter than the fakes wait
        Duration timeout = Duration.ofSeconds(20);
        EchoLabSettings settings = new EchoLabSettings(EchoProfile.QUICK, List.of("G1"), List.of(false), List.of("unpooled",
                "netty-pooled"), List.of("message"), List.of(1), Duration.ofSeconds(1), Duration.ZERO, Duration.ofMillis(250),
                null, 1, SMALL_SERVER, null, timeout, null);
        run(experiment(settings, "serve:unpooled/off=silent,bench:netty-pooled/off=hang", "-Dfake.pidDir=" + pids), dir,
                false);

        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertTrue(error(records, "unpooled", false).startsWith("the server did not say it was ready within "),
                error(records, "unpooled", false));
        assertTrue(error(records, "netty-pooled", false).startsWith("timed out after "), error(records, "netty-pooled", false));
        assertNoneAlive(pids, 2 + 1, "2 servers, and the bench of the one that listened");
    }

    @Test
    void shouldResumeSkippingOkForksAndRerunningFailedOnes() throws Exception {
        Path dir = tmp.resolve("run");
        EchoLabSettings settings = settings(List.of("thread-local"), List.of(1), 2, Duration.ofMinutes(1));
        run(experiment(settings, "bench:thread-local/on=crash"), dir, false);
        List<String> before = Files.readAllLines(dir.resolve(RecordsFile.NAME));
        assertEquals(4, before.size());

        run(experiment(settings, ""), dir, true);

        List<String> after = Files.readAllLines(dir.resolve(RecordsFile.NAME));
        assertEquals(6, after.size(), "only the failed forks run again");
        assertEquals(before, after.subList(0, 4), "nothing recorded is rewritten");
        for (JsonNode rerun : new RecordsFile(dir).readAll().subList(4, 6)) {
            assertEquals("ok", rerun.path("status").asText());
            assertTrue(rerun.path("cell").path("copyPerEvent").asBoolean());
        }
        String tables = Files.readString(dir.resolve(ResultsFolder.TABLES));
        assertFalse(tables.contains("failed ["), tables);
        assertTrue(tables.replaceAll(" +", " ").contains("| thread-local | 0.75× (-25%) 95% CI 0.7"), tables);
    }

    @Test
    void shouldMarkACellWhoseRoundsAreNotSteadyAndNeverCallItAWinner() throws Exception {
        Path dir = tmp.resolve("run");
        run(experiment(settings(List.of("netty-pooled", "thread-local"), List.of(1), 1, Duration.ofMinutes(1)),
                "bench:thread-local/off=unsteady"), dir, false);

        String tables = Files.readString(dir.resolve(ResultsFolder.TABLES));
        assertTrue(tables.contains("G1 top-of-book, 1 client, thread-local, reuse: not steady (still rising"), tables);
        assertTrue(tables.contains("thread-local: not judged (reuse not steady)"), tables);
        assertTrue(tables.contains("Not judged: thread-local (not steady)"), tables);
        assertFalse(tables.contains("**thread-local**"), tables);
    }

    @Test
    void shouldRunOnlyItsShardsCells() throws Exception {
        Path dir = tmp.resolve("run");
        new LabRunner(print(out), print(progress)).run(
                experiment(settings(List.of("unpooled", "thread-local"), List.of(1), 1, Duration.ofMinutes(1)), ""),
                new RunOptions(dir, false, Shard.parse("2/2")));

        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertEquals(Set.of("unpooled/true", "thread-local/true"), records.stream().map(r -> r.path("cell").path("buffers")
                .asText() + "/" + r.path("cell").path("copyPerEvent").asBoolean()).collect(Collectors.toSet()),
                "every second cell from the second");
        assertEquals(2, records.size());
    }

    @Test
    void shouldRecordAJavaThatCannotStartAsAFailedFork() throws Exception {
        Path dir = tmp.resolve("run");
        JvmCommand missing = JvmCommand.onClassPath(tmp.resolve("no-such-java"), testClassPath(), FakeEcho.class.getName());
        run(new EchoExperiment(settings(List.of("unpooled"), List.of(1), 1, Duration.ofMinutes(1)), missing,
                Duration.ofSeconds(1)), dir, false);

        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertEquals(2, records.size());
        assertTrue(records.getFirst().path("error").asText().startsWith("could not start the server: "),
                records.getFirst().toString());
    }

    /** Waits (a bounded while) for every process whose pid file is in {@code pids} to end, and checks they did. */
    private static void assertNoneAlive(Path pids, int expected, String what) throws Exception {
        List<Path> pidFiles;
        try (Stream<Path> files = Files.list(pids)) {
            pidFiles = files.toList();
        }
        assertEquals(expected, pidFiles.size(), what);
        for (Path pidFile : pidFiles) {
            Optional<ProcessHandle> process = ProcessHandle.of(Long.parseLong(Files.readString(pidFile).strip()));
            if (process.isPresent()) {
                process.get().onExit().get(30, TimeUnit.SECONDS);
                assertFalse(process.get().isAlive(), pidFile.toString());
            }
        }
    }

    private int run(EchoExperiment experiment, Path dir, boolean resume) {
        return new LabRunner(print(out), print(progress)).run(experiment, new RunOptions(dir, resume, Shard.ALL));
    }

    private static EchoExperiment experiment(EchoLabSettings settings, String script, String... jvmArgs)
            throws URISyntaxException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> base = Stream.concat(Stream.of("-Dfake.script=" + script), Stream.of(jvmArgs)).toList();
        JvmCommand fake = new JvmCommand(java, base, List.of("-cp", testClassPath(), FakeEcho.class.getName()));
        return new EchoExperiment(settings, fake, Duration.ofSeconds(1));
    }

    /** Every strategy, copy off and on, one client of {@code events}, one fork each. */
    private static EchoLabSettings settings(List<String> events, Duration timeout) {
        return new EchoLabSettings(EchoProfile.QUICK, List.of("G1"), null, null, events, List.of(1), Duration.ofSeconds(1),
                Duration.ZERO, Duration.ofMillis(250), null, 1, SMALL_SERVER, null, timeout, null);
    }

    private static EchoLabSettings settings(List<String> buffers, List<Integer> clients, int forks, Duration timeout) {
        return new EchoLabSettings(EchoProfile.QUICK, List.of("G1"), null, buffers, List.of("top-of-book"), clients,
                Duration.ofSeconds(1), Duration.ZERO, Duration.ofMillis(250), null, forks, SMALL_SERVER, null, timeout, null);
    }

    private static String testClassPath() throws URISyntaxException {
        return Path.of(FakeEcho.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    private static PrintStream print(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }

    private static JsonNode find(List<JsonNode> records, String buffers, boolean copy) {
        return records.stream().filter(r -> r.path("cell").path("buffers").asText().equals(buffers)
                        && r.path("cell").path("copyPerEvent").asBoolean() == copy)
                .findFirst().orElseThrow(() -> new AssertionError("no record of " + buffers + "/" + copy));
    }

    private static String error(List<JsonNode> records, String buffers, boolean copy) {
        JsonNode record = find(records, buffers, copy);
        assertEquals("failed", record.path("status").asText(), record.toString());
        return record.path("error").asText();
    }
}

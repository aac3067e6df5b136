package org.allocpool.lab.echo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.allocpool.lab.launch.ChildJvm;
import org.allocpool.lab.store.RecordsFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The echo lab end to end, with {@link FakeEcho} standing in for {@code echo serve} and {@code echo bench}. */
class EchoLabTest {

    /** Small heaps without pre-touching, after the cell's flags (the last -Xmx wins): the fakes need no gigabyte. */
    private static final List<String> SMALL_SERVER = List.of("-Xms32m", "-Xmx32m", "-XX:-AlwaysPreTouch", "-Xshare:auto");

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

    @Test
    void shouldRecordEveryCellWithTheBenchsRecordAndFillWhatItLeftOut() throws Exception {
        Path dir = tmp.resolve("run");
        int exit = lab("bench:thread-local/on=nogc").run(settings(dir, List.of("unpooled", "thread-local"), List.of(2), null));

        assertEquals(EchoLab.EXIT_OK, exit);
        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertEquals(4, records.size());
        for (JsonNode record : records) {
            assertEquals("ok", record.path("status").asText(), record.toString());
            JsonNode cell = record.path("cell");
            assertEquals("G1", cell.path("gc").asText(), "from the server's stats, or the lab's when the bench left it out");
            assertEquals(2, cell.path("clients").asInt());
            assertEquals("top-of-book", cell.path("event").asText());
            assertEquals(64, cell.path("window").asInt(), "the bench's own fields are kept");
            assertEquals("1g", cell.path("heap").asText(), "the lab's server heap is filled in");
            assertEquals(FakeEcho.eventsPerSecond(cell.path("buffers").asText(), cell.path("copyPerEvent").asBoolean(), 2),
                    record.path("metrics").path("eventsPerSecond").asDouble());
        }
        assertEquals(List.of("unpooled/false", "unpooled/true", "thread-local/false", "thread-local/true"),
                records.stream().map(r -> r.path("cell").path("buffers").asText() + "/"
                        + r.path("cell").path("copyPerEvent").asBoolean()).toList(),
                "copy off and on of a strategy run one after the other");
        String serverLog = Files.readString(dir.resolve("G1-top-of-book-2c-thread-local-copy.server.log"));
        assertTrue(serverLog.contains("echo serve --host 127.0.0.1 --port 0 --buffers thread-local --copy-per-event"
                + " --stop-on-stdin-eof"), serverLog);
        assertTrue(Files.size(dir.resolve("G1-top-of-book-2c-thread-local-copy.server.gc.log")) > 0);
        String benchLog = Files.readString(dir.resolve("G1-top-of-book-2c-unpooled-reuse.bench.log"));
        assertTrue(benchLog.matches("(?s).*echo bench --host 127\\.0\\.0\\.1 --port \\d+ --clients 2 --event top-of-book"
                + " --duration 1s --warmup 0s --json.*"), benchLog);
        assertFalse(Files.exists(dir.resolve("G1-top-of-book-2c-unpooled-reuse.bench.stdout")), "a clean record needs no copy");
    }

    @Test
    void shouldRecordEachKindOfFailureAndGoOnLeavingNoProcessBehind() throws Exception {
        Path dir = tmp.resolve("run");
        Path pids = Files.createDirectory(tmp.resolve("pids"));
        EchoLab lab = lab("serve:unpooled/off=silent,serve:unpooled/on=die,bench:netty-pooled/off=crash,"
                + "bench:netty-pooled/on=hang,serve:netty-adaptive/off=dieduring,bench:netty-adaptive/off=crash,"
                + "bench:netty-adaptive/on=selffail,serve:thread-local/on=stubborn", "-Dfake.pidDir=" + pids);
        lab.run(new EchoLabSettings(EchoProfile.QUICK, List.of("G1"), null, null, List.of("message"), List.of(1),
                Duration.ofSeconds(1), Duration.ZERO, SMALL_SERVER, null, dir, null, Duration.ofSeconds(5)));

        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertEquals(8, records.size(), "every cell recorded, failed or not");
        assertTrue(error(records, "unpooled", false).startsWith("the server printed no 'echo: listening on' line within "),
                error(records, "unpooled", false));
        assertEquals("the server exited with code 1: Exception in thread \"main\" java.net.BindException: Address already"
                + " in use before listening", error(records, "unpooled", true));
        assertTrue(error(records, "netty-pooled", false).startsWith("exited with code 1: Exception in thread \"main\""
                + " java.net.ConnectException"), error(records, "netty-pooled", false));
        assertTrue(error(records, "netty-pooled", true).startsWith("timed out after "), error(records, "netty-pooled", true));
        assertEquals("the server exited with code 3: Exception in thread \"echo-io\" java.lang.OutOfMemoryError: Direct buffer"
                + " memory during the bench", error(records, "netty-adaptive", false));
        assertEquals("server answered 0 of 64 events", error(records, "netty-adaptive", true));
        assertEquals("ok", find(records, "thread-local", false).path("status").asText(), "the lab goes on after failures");
        assertEquals("ok", find(records, "thread-local", true).path("status").asText(), "a server slow to stop costs no record");
        assertTrue(progress.toString(StandardCharsets.UTF_8).contains("the server did not exit within 1s of its input closing; terminated"),
                progress.toString(StandardCharsets.UTF_8));
        records.forEach(r -> assertEquals("message", r.path("cell").path("event").asText(), r.toString()));
        records.forEach(r -> assertFalse(r.path("error").asText().contains("\n")));

        List<Path> pidFiles;
        try (Stream<Path> files = Files.list(pids)) {
            pidFiles = files.toList();
        }
        assertEquals(8 + 6, pidFiles.size(), "8 servers, and benches for the 6 that listened");
        for (Path pidFile : pidFiles) {
            Optional<ProcessHandle> process = ProcessHandle.of(Long.parseLong(Files.readString(pidFile).strip()));
            if (process.isPresent()) {
                process.get().onExit().get(30, TimeUnit.SECONDS);
                assertFalse(process.get().isAlive(), pidFile.toString());
            }
        }
    }

    @Test
    void shouldResumeSkippingOkCellsAndRerunningFailedOnes() throws Exception {
        Path dir = tmp.resolve("run");
        lab("bench:thread-local/on=crash").run(settings(dir, List.of("thread-local"), List.of(1), null));
        List<String> before = Files.readAllLines(dir.resolve(RecordsFile.NAME));
        assertEquals(2, before.size());

        lab("").run(settings(null, List.of("thread-local"), List.of(1), dir));

        List<String> after = Files.readAllLines(dir.resolve(RecordsFile.NAME));
        assertEquals(3, after.size(), "only the failed cell runs again");
        assertEquals(before, after.subList(0, 2), "nothing recorded is rewritten");
        JsonNode rerun = new RecordsFile(dir).readAll().getLast();
        assertEquals("ok", rerun.path("status").asText());
        assertTrue(rerun.path("cell").path("copyPerEvent").asBoolean());
        String tables = Files.readString(dir.resolve(EchoLab.TABLES));
        assertFalse(tables.contains("failed ["), tables);
        assertTrue(tables.contains("| thread-local | 0.75× (-25%) |"), tables);
    }

    @Test
    void shouldReRenderTheTablesItWrote() throws Exception {
        Path dir = tmp.resolve("run");
        lab("").run(settings(dir, List.of("netty-pooled"), List.of(4), null));
        String written = Files.readString(dir.resolve(EchoLab.TABLES));
        assertEquals(written, out.toString(StandardCharsets.UTF_8));

        ByteArrayOutputStream again = new ByteArrayOutputStream();
        assertEquals(EchoLab.EXIT_OK, EchoLab.renderTables(dir, new PrintStream(again, true, StandardCharsets.UTF_8)));
        assertEquals(written, again.toString(StandardCharsets.UTF_8));
        assertTrue(written.contains("- profile: quick (every bench: `--duration 1s --warmup 0s`)"), written);
    }

    @Test
    void shouldRecordAJavaThatCannotStartAsAFailedCell() throws Exception {
        Path dir = tmp.resolve("run");
        EchoLab lab = new EchoLab(ChildJvm.onClassPath(tmp.resolve("no-such-java"), testClassPath(), FakeEcho.class.getName()),
                print(out), print(progress), Duration.ofSeconds(1));
        lab.run(settings(dir, List.of("unpooled"), List.of(1), null));

        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertEquals(2, records.size());
        assertTrue(records.getFirst().path("error").asText().startsWith("could not start the server with "),
                records.getFirst().toString());
    }

    private EchoLab lab(String script, String... jvmArgs) throws URISyntaxException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> base = Stream.concat(Stream.of("-Dfake.script=" + script), Stream.of(jvmArgs)).toList();
        ChildJvm child = new ChildJvm(java, base, List.of("-cp", testClassPath(), FakeEcho.class.getName()));
        return new EchoLab(child, print(out), print(progress), Duration.ofSeconds(1));
    }

    private static EchoLabSettings settings(Path dir, List<String> buffers, List<Integer> clients, Path resume) {
        return new EchoLabSettings(EchoProfile.QUICK, List.of("G1"), null, buffers, List.of("top-of-book"), clients,
                Duration.ofSeconds(1), Duration.ZERO, SMALL_SERVER, null, dir, resume, Duration.ofMinutes(1));
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

    private static String error(List<JsonNode> records, String buffers, boolean copy) throws IOException {
        JsonNode record = find(records, buffers, copy);
        assertEquals("failed", record.path("status").asText(), record.toString());
        return record.path("error").asText();
    }
}

package org.allocpool.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.allocpool.lab.analyzer.AnalyzerLabSettings;
import org.allocpool.lab.analyzer.AnalyzerMode;
import org.allocpool.lab.analyzer.Profile;
import org.allocpool.lab.analyzer.RealtimeOptions;
import org.allocpool.lab.analyzer.WorkloadOverrides;
import org.allocpool.lab.launch.ChildJvm;
import org.allocpool.lab.store.RecordsFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lab end to end, with {@link FakeChild} standing in for the analyzer. */
class AnalyzerLabTest {

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

    @Test
    void shouldRecordEveryCellAndGoOnAfterFailures() throws Exception {
        Path dir = tmp.resolve("run");
        int exit = lab().run(settings(List.of("G1"), List.of("dummy", "alloc", "pool"), List.of("A", "B"), dir, "64m",
                "dummy/B=silent,alloc/A=exit3,alloc/B=oom,pool/A=selffail", Duration.ofMinutes(1)));

        assertEquals(AnalyzerLab.EXIT_OK, exit);
        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertEquals(6, records.size());
        assertEquals("ok", status(records, "dummy", "A"));
        assertEquals("ok", status(records, "pool", "B"));
        assertEquals("printed no result record on stdout (exit code 0)", error(records, "dummy", "B"));
        assertTrue(error(records, "alloc", "A").startsWith("exited with code 3"), error(records, "alloc", "A"));
        assertTrue(error(records, "alloc", "B").contains("java.lang.OutOfMemoryError: Java heap space"),
                error(records, "alloc", "B"));
        assertEquals("pool ran dry after 12 packets", error(records, "pool", "A"));
        records.forEach(r -> assertFalse(r.path("error").asText().contains("\n")));
    }

    @Test
    void shouldWriteTheIntendedCellIntoFailedRecords() throws Exception {
        Path dir = tmp.resolve("run");
        lab().run(settings(List.of("Serial"), List.of("native-pool"), List.of("C"), dir, "64m",
                "native-pool/C=exit3", Duration.ofMinutes(1)));

        JsonNode record = new RecordsFile(dir).readAll().getFirst();
        assertEquals("{\"strategy\":\"native-pool\",\"case\":\"C\",\"mode\":\"batch\",\"gc\":\"Serial\",\"heap\":\"64m\"}",
                record.path("cell").toString());
        assertEquals("analyzer", record.path("experiment").asText());
        assertEquals("failed", record.path("status").asText());
    }

    @Test
    void shouldFillCellFieldsTheChildLeftOutAndKeepTheRest() throws Exception {
        Path dir = tmp.resolve("run");
        lab().run(settings(List.of("Serial"), List.of("mix"), List.of("B"), dir, "64m", "", Duration.ofMinutes(1)));

        JsonNode cell = new RecordsFile(dir).readAll().getFirst().path("cell");
        assertEquals("64m", cell.path("heap").asText());
        assertEquals("Serial", cell.path("gc").asText());
        assertEquals(1000, cell.path("queue").asInt());
    }

    @Test
    void shouldKeepTheChildsStderrAndGcLogBesideTheRecords() throws Exception {
        Path dir = tmp.resolve("run");
        lab().run(settings(List.of("G1"), List.of("flat"), List.of("A"), dir, "64m", "", Duration.ofMinutes(1)));

        assertTrue(Files.readString(dir.resolve("G1-flat-A.log")).contains("fake analyzer: analyzer --strategy flat --case A"));
        assertTrue(Files.size(dir.resolve("G1-flat-A.gc.log")) > 0);
        assertFalse(Files.exists(dir.resolve("G1-flat-A.stdout")), "a clean record needs no copy of stdout");
    }

    @Test
    void shouldKillACellThatRunsPastItsTimeoutWithItsChildren() throws Exception {
        Path dir = tmp.resolve("run");
        Path pidFile = tmp.resolve("grandchild.pid");
        lab().run(settings(List.of("Serial"), List.of("dummy", "alloc"), List.of("A"), dir, "64m",
                "dummy/A=hang", Duration.ofSeconds(2), "-Dfake.pidFile=" + pidFile));

        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertTrue(error(records, "dummy", "A").startsWith("timed out after 2"), error(records, "dummy", "A"));
        assertEquals("ok", status(records, "alloc", "A"), "the lab goes on after a timeout");
        Optional<ProcessHandle> grandchild = ProcessHandle.of(Long.parseLong(Files.readString(pidFile).strip()));
        if (grandchild.isPresent()) {
            grandchild.get().onExit().get(30, TimeUnit.SECONDS);
            assertFalse(grandchild.get().isAlive());
        }
    }

    @Test
    void shouldResumeSkippingOkCellsAndRerunningFailedOnes() throws Exception {
        Path dir = tmp.resolve("run");
        lab().run(settings(List.of("Serial"), List.of("dummy", "pool"), List.of("A", "B"), dir, "64m",
                "pool/B=exit3", Duration.ofMinutes(1)));
        List<String> before = Files.readAllLines(dir.resolve(RecordsFile.NAME));
        assertEquals(4, before.size());

        lab().run(new AnalyzerLabSettings(Profile.QUICK, List.of("Serial"), List.of("dummy", "pool"), List.of("A", "B"),
                "64m", List.of(), null, null, dir, Duration.ofMinutes(1), new WorkloadOverrides(null, null, null, null, 1000L, 1, 0), AnalyzerMode.BATCH, null, false, null));

        List<String> after = Files.readAllLines(dir.resolve(RecordsFile.NAME));
        assertEquals(5, after.size(), "only the failed cell runs again");
        assertEquals(before, after.subList(0, 4), "nothing recorded is rewritten");
        List<JsonNode> records = new RecordsFile(dir).readAll();
        JsonNode rerun = records.getLast();
        assertEquals("pool", rerun.path("cell").path("strategy").asText());
        assertEquals("B", rerun.path("cell").path("case").asText());
        assertEquals("ok", rerun.path("status").asText());
        assertFalse(Files.readString(dir.resolve(AnalyzerLab.TABLES)).contains("failed ["));
    }

    @Test
    void shouldReRenderTheTablesItWrote() throws Exception {
        Path dir = tmp.resolve("run");
        lab().run(settings(List.of("Serial", "G1"), List.of("dummy", "alloc"), List.of("A", "B"), dir, "64m",
                "alloc/B=exit3", Duration.ofMinutes(1)));
        String written = Files.readString(dir.resolve(AnalyzerLab.TABLES));
        assertEquals(written, out.toString(StandardCharsets.UTF_8));

        ByteArrayOutputStream again = new ByteArrayOutputStream();
        assertEquals(AnalyzerLab.EXIT_OK, AnalyzerLab.renderTables(dir, new PrintStream(again, true, StandardCharsets.UTF_8)));

        assertEquals(written, again.toString(StandardCharsets.UTF_8));
        assertTrue(written.contains("## Serial") && written.contains("## G1"), written);
        assertTrue(written.contains("failed [1]"), written);
        assertTrue(written.contains("every cell: `analyzer --packets 1000 --rounds 1 --warmup 0`"), written);
    }

    @Test
    void shouldShowProgressWithCellCountAndTimeLeft() throws Exception {
        lab().run(settings(List.of("Serial"), List.of("dummy", "alloc"), List.of("A"), tmp.resolve("run"), "64m", "",
                Duration.ofMinutes(1)));

        String lines = progress.toString(StandardCharsets.UTF_8);
        assertTrue(lines.contains("[1/2] Serial dummy A (heap 64m): running; time left not known yet"), lines);
        assertTrue(lines.contains("[2/2] Serial alloc A (heap 64m): running; about "), lines);
    }

    @Test
    void shouldRefuseToRenderAFolderWithoutRecords() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AnalyzerLab.renderTables(tmp, new PrintStream(out, true, StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().contains(tmp.toString()), e.getMessage());
    }

    @Test
    void shouldRecordACellWhoseJavaCannotStart() throws Exception {
        Path dir = tmp.resolve("run");
        ChildJvm missing = ChildJvm.onClassPath(tmp.resolve("no-such-java"), testClassPath(), FakeChild.class.getName());
        new AnalyzerLab(missing, print(out), print(progress))
                .run(settings(List.of("Serial"), List.of("dummy"), List.of("A"), dir, "64m", "", Duration.ofMinutes(1)));

        assertTrue(error(new RecordsFile(dir).readAll(), "dummy", "A").startsWith("could not start"));
    }

    @Test
    void shouldRunRealtimeCellsAsSearchesAndRenderTheirTables() throws Exception {
        Path dir = tmp.resolve("run");
        int exit = lab().run(realtime(List.of("G1"), List.of("alloc", "pool"), List.of("A", "C"), dir, null,
                "pool/C=lost,alloc/C=exit3"));

        assertEquals(AnalyzerLab.EXIT_OK, exit);
        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertEquals(4, records.size());
        records.forEach(r -> assertEquals("realtime", r.path("cell").path("mode").asText(), r.toString()));
        JsonNode failed = find(records, "alloc", "C");
        assertTrue(failed.path("cell").path("findInterval").asBoolean(), "the lab's own failed record says what was asked");
        assertTrue(Files.readString(dir.resolve("G1-alloc-A-realtime.log"))
                .contains("--mode realtime --find-interval --duration 500ms --warmup-s 0 --json"));
        String tables = Files.readString(dir.resolve(AnalyzerLab.TABLES));
        assertTrue(tables.contains("## Real time: smallest loss-free interval, ns"), tables);
        assertTrue(tables.contains("| alloc    | 200 | failed [1] |"), tables);
        assertTrue(tables.contains("| pool     | 400 | lost: 4.4% |"), tables);
        assertTrue(tables.contains("[1] G1 alloc C: exited with code 3"), tables);
        assertTrue(tables.contains("- real-time profile: quick (every cell: `analyzer --mode realtime --find-interval"
                + " --duration 500ms --warmup-s 0`)"), tables);
        assertTrue(progress.toString(StandardCharsets.UTF_8).contains("[1/4] G1 alloc A real time (heap 2g): running"));
    }

    @Test
    void shouldMeasureTheLossAtAFixedInterval() throws Exception {
        Path dir = tmp.resolve("run");
        lab().run(new AnalyzerLabSettings(Profile.QUICK, List.of("ZGC"), List.of("flat", "pool"), List.of("B"), null,
                List.of("-Dfake.script=pool/B=lost"), null, dir, null, Duration.ofMinutes(1), null, AnalyzerMode.REALTIME,
                new RealtimeOptions(Duration.ofMillis(500), 0.0, null, null, 300L), false, null));

        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertEquals(300, find(records, "flat", "B").path("cell").path("intervalNs").asLong());
        String tables = Files.readString(dir.resolve(AnalyzerLab.TABLES));
        assertTrue(tables.contains("## Real time: loss at 300 ns"), tables);
        assertTrue(tables.contains("| flat     |    no loss |"), tables);
        assertTrue(tables.contains("| pool     | lost: 0.6% |"), tables);
        assertFalse(tables.contains("beside 2019"), "a fixed interval is not the article's measure:\n" + tables);
    }

    @Test
    void shouldKeepBatchAndRealtimeCellsApartWhenResuming() throws Exception {
        Path dir = tmp.resolve("run");
        lab().run(settings(List.of("Serial"), List.of("pool"), List.of("A"), dir, "64m", "", Duration.ofMinutes(1)));
        assertEquals(1, Files.readAllLines(dir.resolve(RecordsFile.NAME)).size());

        lab().run(realtime(List.of("Serial"), List.of("pool"), List.of("A"), dir, dir, ""));
        List<String> afterRealtime = Files.readAllLines(dir.resolve(RecordsFile.NAME));
        assertEquals(2, afterRealtime.size(), "a batch cell recorded ok does not stand in for the real-time one");

        lab().run(realtime(List.of("Serial"), List.of("pool"), List.of("A"), dir, dir, ""));
        lab().run(new AnalyzerLabSettings(Profile.QUICK, List.of("Serial"), List.of("pool"), List.of("A"), "64m",
                List.of(), null, null, dir, Duration.ofMinutes(1), new WorkloadOverrides(null, null, null, null, 1000L, 1, 0), AnalyzerMode.BATCH, null, false, null));
        assertEquals(afterRealtime, Files.readAllLines(dir.resolve(RecordsFile.NAME)), "both cells are recorded ok: nothing runs");

        String tables = Files.readString(dir.resolve(AnalyzerLab.TABLES));
        assertTrue(tables.contains("### Serial: ns/packet, strategy x case"), tables);
        assertTrue(tables.contains("### Serial: real time, smallest loss-free interval, ns"), tables);
        assertTrue(tables.contains("- profile: quick (every cell: `analyzer --packets 1000 --rounds 1 --warmup 0`)"), tables);
        assertTrue(tables.contains("- real-time profile: quick"), tables);
        assertTrue(tables.contains("- cells: 2 (2 ok, 0 failed)"), tables);
    }

    @Test
    void shouldSayTheGivenHeapInTheRealtimeTables() throws Exception {
        Path dir = tmp.resolve("run");
        lab().run(realtime(List.of("G1"), List.of("pool"), List.of("C"), dir, null, "pool/C=lost", "64m"));

        String tables = Files.readString(dir.resolve(AnalyzerLab.TABLES));
        assertTrue(tables.contains("## Real time: smallest loss-free interval, ns (heap 64m)"), tables);
        assertTrue(tables.contains("### G1 (heap 64m): real time, smallest loss-free interval, ns"), tables);
        assertEquals("64m", new RecordsFile(dir).readAll().getFirst().path("cell").path("heap").asText());
    }

    @Test
    void shouldRunCppCellsOnceAndShowThemBesideEveryCollector() throws Exception {
        Path dir = tmp.resolve("run");
        lab().run(withCpp(List.of("G1", "ZGC"), List.of("pool", "flat", "native-pool"), List.of("A", "B"), dir, null));

        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertEquals(2 * 3 * 2 + 2 * 2, records.size(), "Java cells per collector, C++ cells once");
        List<JsonNode> cpp = records.stream().filter(r -> r.path("cell").has("runtime")).toList();
        assertEquals(4, cpp.size());
        cpp.forEach(r -> {
            assertEquals("ok", r.path("status").asText(), r.toString());
            assertFalse(r.path("cell").has("gc"), "the lab adds no collector to a C++ cell: " + r);
            assertFalse(r.path("cell").has("heap"), r.toString());
        });
        assertTrue(Files.readString(dir.resolve("cpp-flat-pool-B.log")).contains("--runtime cpp-flat --strategy pool --case B"));
        assertTrue(progress.toString(StandardCharsets.UTF_8).contains("cpp-flat pool B: running"));

        String tables = Files.readString(dir.resolve(AnalyzerLab.TABLES));
        // fake medians: pool A 40, flat A 90, native-pool A 80; cpp pool A 40 / 4 = 10, cpp-flat pool A 40 / 8 = 5
        assertEquals(2, count(tables, "| cpp-flat pool | **5.0** (4.5-5.5) |"), tables);
        assertEquals(2, count(tables, "| flat / cpp-flat pool        | 18.00× | 18.00× |"), tables);
        assertEquals(2, count(tables, "| pool / cpp pool             |  4.00× |  4.00× |"), tables);
        assertEquals(2, count(tables, "| native-pool / cpp-flat pool | 16.00× | 16.00× |"), tables);
    }

    @Test
    void shouldTellRuntimesApartWhenResuming() throws Exception {
        Path dir = tmp.resolve("run");
        lab().run(withCpp(List.of("Serial"), List.of("pool"), List.of("A"), dir, null));
        List<String> lines = Files.readAllLines(dir.resolve(RecordsFile.NAME));
        assertEquals(3, lines.size(), "Serial pool A, cpp pool A, cpp-flat pool A");
        List<String> withoutFlat = lines.stream().filter(l -> !l.contains("\"cpp-flat\"")).toList();
        Files.write(dir.resolve(RecordsFile.NAME), withoutFlat);

        lab().run(withCpp(List.of("Serial"), List.of("pool"), List.of("A"), null, dir));

        List<JsonNode> after = new RecordsFile(dir).readAll();
        assertEquals(3, after.size(), "only cpp-flat pool A runs again: cpp pool A does not stand in for it");
        assertEquals("cpp-flat", after.getLast().path("cell").path("runtime").asText());
    }

    @Test
    void shouldRunNoCppCellsWhenToldNotTo() throws Exception {
        Path dir = tmp.resolve("run");
        lab().run(settings(List.of("Serial"), List.of("pool"), List.of("A"), dir, "64m", "", Duration.ofMinutes(1)));

        assertEquals(1, new RecordsFile(dir).readAll().size());
        assertFalse(Files.readString(dir.resolve(AnalyzerLab.TABLES)).contains("cpp"));
    }

    private AnalyzerLab lab() throws URISyntaxException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        return new AnalyzerLab(ChildJvm.onClassPath(java, testClassPath(), FakeChild.class.getName()),
                print(out), print(progress));
    }

    private static String testClassPath() throws URISyntaxException {
        return Path.of(FakeChild.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    private static PrintStream print(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }

    private static AnalyzerLabSettings settings(List<String> gcs, List<String> strategies, List<String> cases, Path dir,
                                                String heap, String script, Duration timeout, String... jvmArgs) {
        List<String> args = new java.util.ArrayList<>(List.of("-Dfake.script=" + script, "-Xshare:auto"));
        args.addAll(List.of(jvmArgs));
        return new AnalyzerLabSettings(Profile.QUICK, gcs, strategies, cases, heap, args, null, dir, null, timeout,
                new WorkloadOverrides(null, null, null, null, 1000L, 1, 0), AnalyzerMode.BATCH, null, false, null);
    }

    private static AnalyzerLabSettings realtime(List<String> gcs, List<String> strategies, List<String> cases, Path dir,
                                                Path resume, String script, String... heap) {
        return new AnalyzerLabSettings(Profile.QUICK, gcs, strategies, cases, heap.length == 0 ? null : heap[0],
                List.of("-Dfake.script=" + script, "-Xshare:auto"), null, resume == null ? dir : null, resume,
                Duration.ofMinutes(1), null, AnalyzerMode.REALTIME,
                new RealtimeOptions(Duration.ofMillis(500), 0.0, null, null, null), false, null);
    }

    private static AnalyzerLabSettings withCpp(List<String> gcs, List<String> strategies, List<String> cases, Path dir,
                                               Path resume) {
        return new AnalyzerLabSettings(Profile.QUICK, gcs, strategies, cases, "64m", List.of("-Xshare:auto"), null, dir,
                resume, Duration.ofMinutes(1), new WorkloadOverrides(null, null, null, null, 1000L, 1, 0),
                AnalyzerMode.BATCH, null, true, null);
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    private static JsonNode find(List<JsonNode> records, String strategy, String caseName) {
        return records.stream()
                .filter(r -> r.path("cell").path("strategy").asText().equals(strategy)
                        && r.path("cell").path("case").asText().equals(caseName))
                .reduce((first, second) -> second)
                .orElseThrow(() -> new AssertionError("no record of " + strategy + " " + caseName));
    }

    private static String status(List<JsonNode> records, String strategy, String caseName) {
        return find(records, strategy, caseName).path("status").asText();
    }

    private static String error(List<JsonNode> records, String strategy, String caseName) {
        return find(records, strategy, caseName).path("error").asText();
    }
}

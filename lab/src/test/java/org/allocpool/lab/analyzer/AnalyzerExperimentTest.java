package org.allocpool.lab.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.allocpool.lab.analyzer.tables.AnalyzerReport;
import org.allocpool.lab.merge.RunMerge;
import org.allocpool.lab.run.LabRunner;
import org.allocpool.lab.run.RecordLine;
import org.allocpool.lab.run.RunOptions;
import org.allocpool.lab.run.Shard;
import org.allocpool.lab.store.RecordsFile;
import org.allocpool.lab.store.ResultsFolder;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.process.JvmCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The analyzer lab end to end through the lab runner, with {@link FakeChild} standing in for the analyzer. */
class AnalyzerExperimentTest {

    /** The options every batch child gets here: tiny rounds, and the quick profile's maximum. */
    private static final String CHILD_ARGS = "analyzer --packets 1000 --rounds 4 --warmup 0 --max-rounds 24";

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

    @Test
    void shouldRecordEveryCellAndGoOnAfterFailures() throws Exception {
        Path dir = tmp.resolve("run");
        int exit = run(batch(List.of("G1"), List.of("dummy", "alloc", "pool"), List.of("A", "B"),
                "dummy/B=silent,alloc/A=exit3,alloc/B=oom,pool/A=selffail"), dir);

        assertEquals(LabRunner.EXIT_OK, exit);
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
        run(batch(List.of("Serial"), List.of("native-pool"), List.of("C"), "native-pool/C=exit3"), dir);

        JsonNode record = new RecordsFile(dir).readAll().getFirst();
        assertEquals("{\"strategy\":\"native-pool\",\"case\":\"C\",\"mode\":\"batch\",\"gc\":\"Serial\",\"heap\":\"64m\","
                + "\"packets\":1000,\"rounds\":4,\"warmup\":0,\"maxRounds\":24}", record.path("cell").toString());
        assertEquals("analyzer", record.path("experiment").asText());
        assertEquals("failed", record.path("status").asText());
        assertEquals(1, record.path("fork").asInt());
    }

    @Test
    void shouldFillCellFieldsTheChildLeftOutAndKeepTheRest() throws Exception {
        Path dir = tmp.resolve("run");
        run(batch(List.of("Serial"), List.of("mix"), List.of("B"), ""), dir);

        JsonNode cell = new RecordsFile(dir).readAll().getFirst().path("cell");
        assertEquals("64m", cell.path("heap").asText());
        assertEquals("Serial", cell.path("gc").asText());
        assertEquals(1000, cell.path("queue").asInt(), "the child's own");
        assertEquals(1000, cell.path("packets").asInt(), "the lab's");
    }

    @Test
    void shouldSkipTheCellsOfAJdkTooOldForThemWithTheReasonAndRunTheOthers() throws Exception {
        Path dir = tmp.resolve("run");
        JvmVariant old = JvmVariant.parse("jdk21=" + FakeJdk.of(tmp, "21.0.2"));
        Settings settings = batch(List.of("G1"), List.of("alloc", "flat"), List.of("A"), "").withVariants(List.of(old));

        assertEquals(LabRunner.EXIT_OK, run(settings, dir));

        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertEquals(4, records.size());
        List<JsonNode> skipped = records.stream().filter(r -> r.path("cell").path("variant").asText().equals("jdk21")).toList();
        assertEquals(2, skipped.size());
        skipped.forEach(r -> assertEquals("skipped", r.path("status").asText()));
        assertTrue(skipped.stream().anyMatch(r -> r.path("error").asText().equals("JDK 21.0.2 (jdk21) has no FFM"
                + " (java.lang.foreign is final from JDK 22), which flat needs: skipped")), skipped.toString());
        assertTrue(skipped.stream().anyMatch(r -> r.path("error").asText().startsWith("JDK 21.0.2 (jdk21) cannot load"
                + " the analyzer, compiled for Java ")), skipped.toString());
        assertFalse(Files.exists(dir.resolve("G1-flat-A-jdk21.log")), "nothing was started for a skipped cell");
        assertEquals(2, records.stream().filter(r -> r.path("status").asText().equals("ok")).count());
        String tables = out.toString(StandardCharsets.UTF_8);
        assertTrue(tables.contains("## G1 (jdk21)"), tables);
        assertTrue(tables.contains("| alloc    | skipped ["), tables);
        assertTrue(tables.contains("2 ok, 0 failed, 2 skipped"), tables);
        assertTrue(tables.contains("- variant jdk21: nothing measured (every cell of it failed or was skipped)"), tables);
        String said = progress.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("G1 flat A (heap 64m, jdk21): skipped (JDK 21.0.2 (jdk21) has no FFM"), said);
    }

    @Test
    void shouldRunAFlagsVariantBesideTheDefaultWithItsFlagsAndNameItInTheRecordsAndTheVerdict() throws Exception {
        Path dir = tmp.resolve("run");
        Settings settings = batch(List.of("G1"), List.of("alloc", "pool"), List.of("A"), "")
                .withVariants(List.of(JvmVariant.parse("compact=-XX:+UseCompactObjectHeaders")));

        assertEquals(LabRunner.EXIT_OK, run(settings, dir));

        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertEquals(4, records.size());
        records.forEach(r -> assertEquals("ok", r.path("status").asText(), r.toString()));
        List<JsonNode> compact = records.stream().filter(r -> r.path("cell").path("variant").asText().equals("compact")).toList();
        assertEquals(2, compact.size(), "the lab names the variant in the cells its child left it out of");
        compact.forEach(r -> assertTrue(r.path("env").path("jvmArgs").toString().contains("-XX:+UseCompactObjectHeaders"),
                r.toString()));
        assertTrue(Files.exists(dir.resolve("G1-pool-A-compact.log")));
        String tables = out.toString(StandardCharsets.UTF_8);
        assertTrue(tables.contains("- variant compact: JVM flags beyond the default cells': `-XX:+UseCompactObjectHeaders`"),
                tables);
        assertTrue(tables.contains("## G1 (default)") && tables.contains("## G1 (compact)"), tables);
        assertTrue(tables.contains("### Does the configuration change the answer?"), tables);
        assertTrue(tables.contains("**compact** beside **default**"), tables);
    }


    @Test
    void shouldKeepEachForksStderrAndGcLogBesideTheRecords() throws Exception {
        Path dir = tmp.resolve("run");
        run(batch(List.of("G1"), List.of("flat"), List.of("A"), "").withForks(2), dir);

        for (String fork : List.of("fork1", "fork2")) {
            assertTrue(Files.readString(dir.resolve("G1-flat-A-" + fork + ".log"))
                    .contains("fake analyzer: analyzer --strategy flat --case A --packets 1000"), fork);
            assertTrue(Files.size(dir.resolve("G1-flat-A-" + fork + ".gc.log")) > 0, fork);
            assertFalse(Files.exists(dir.resolve("G1-flat-A-" + fork + ".stdout")), "a clean record needs no copy of stdout");
        }
    }

    @Test
    void shouldKillACellThatRunsPastItsTimeoutAndGoOn() throws Exception {
        Path dir = tmp.resolve("run");
        Settings settings = batch(List.of("Serial"), List.of("dummy", "alloc"), List.of("A"), "dummy/A=hang")
                .withTimeout(Duration.ofSeconds(3));
        assertEquals(Duration.ofSeconds(3), settings.experiment(java()).timeout(settings.experiment(java()).cells().getFirst()));

        run(settings, dir);

        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertTrue(error(records, "dummy", "A").startsWith("timed out after "), error(records, "dummy", "A"));
        assertTrue(error(records, "dummy", "A").endsWith(" s; killed"), error(records, "dummy", "A"));
        assertEquals("ok", status(records, "alloc", "A"), "the lab goes on after a timeout");
    }

    @Test
    void shouldResumeSkippingOkCellsAndRerunningFailedOnes() throws Exception {
        Path dir = tmp.resolve("run");
        run(batch(List.of("Serial"), List.of("dummy", "pool"), List.of("A", "B"), "pool/B=exit3"), dir);
        List<String> before = Files.readAllLines(dir.resolve(RecordsFile.NAME));
        assertEquals(4, before.size());

        resume(batch(List.of("Serial"), List.of("dummy", "pool"), List.of("A", "B"), ""), dir);

        List<String> after = Files.readAllLines(dir.resolve(RecordsFile.NAME));
        assertEquals(5, after.size(), "only the failed cell runs again");
        assertEquals(before, after.subList(0, 4), "nothing recorded is rewritten");
        JsonNode rerun = new RecordsFile(dir).readAll().getLast();
        assertEquals("pool", rerun.path("cell").path("strategy").asText());
        assertEquals("B", rerun.path("cell").path("case").asText());
        assertEquals("ok", rerun.path("status").asText());
        String tables = Files.readString(dir.resolve(ResultsFolder.TABLES));
        assertFalse(tables.contains("failed ["), tables);
        assertTrue(tables.contains("- cells: 4, forks: 4 (4 ok, 0 failed)"), "the failure was replaced:\n" + tables);
    }

    @Test
    void shouldReRenderTheTablesItWrote() throws Exception {
        Path dir = tmp.resolve("run");
        run(batch(List.of("Serial", "G1"), List.of("dummy", "alloc"), List.of("A", "B"), "alloc/B=exit3"), dir);
        String written = Files.readString(dir.resolve(ResultsFolder.TABLES));
        assertEquals(written, out.toString(StandardCharsets.UTF_8));

        String again = LabRunner.render(new RecordsFile(dir).readAll(), RunInfo.readAllFrom(dir), new AnalyzerReport());

        assertEquals(written, again);
        assertTrue(written.contains("## Serial") && written.contains("## G1"), written);
        assertTrue(written.contains("failed [1]"), written);
        assertTrue(written.contains("- profile: quick (every cell: `" + CHILD_ARGS + "`)"), written);
        assertTrue(written.contains("\n## Verdict\n"), written);
    }

    @Test
    void shouldShowProgressWithForkCountAndTimeLeft() throws Exception {
        run(batch(List.of("Serial"), List.of("dummy", "alloc"), List.of("A"), "").withForks(2), tmp.resolve("run"));

        String lines = progress.toString(StandardCharsets.UTF_8);
        // each pass in its own random order: which cell comes first is the seed's
        assertTrue(Pattern.compile("lab: \\[1/4\\] Serial (dummy|alloc) A \\(heap 64m\\), fork 1/2: running; time left not known"
                + " yet").matcher(lines).find(), lines);
        assertTrue(Pattern.compile("lab: \\[2/4\\] Serial (dummy|alloc) A \\(heap 64m\\), fork 1/2: running; about ")
                .matcher(lines).find(), lines);
        assertTrue(Pattern.compile("lab: \\[4/4\\] Serial (dummy|alloc) A \\(heap 64m\\), fork 2/2: running; about ")
                .matcher(lines).find(), lines);
    }

    @Test
    void shouldRecordACellWhoseJavaCannotStart() throws Exception {
        Path dir = tmp.resolve("run");
        JvmCommand missing = JvmCommand.onClassPath(tmp.resolve("no-such-java"), testClassPath(), FakeChild.class.getName());

        new LabRunner(print(out), print(progress)).run(
                batch(List.of("Serial"), List.of("dummy"), List.of("A"), "").experiment(missing),
                new RunOptions(dir, false, Shard.ALL));

        assertTrue(error(new RecordsFile(dir).readAll(), "dummy", "A").startsWith("could not start "
                + tmp.resolve("no-such-java")));
    }

    @Test
    void shouldShowEveryFigureWithItsSpreadsOverTheForksAndAVerdict() throws Exception {
        Path dir = tmp.resolve("run");
        run(batch(List.of("G1"), List.of("alloc", "pool"), List.of("A"), "").withForks(2), dir);

        String tables = Files.readString(dir.resolve(ResultsFolder.TABLES));
        // fake medians: alloc A 20, pool A 40, rounds' middle half 0.9375-1.0625 of them, every fork alike
        assertTrue(tables.contains("| alloc    | **20** (19-21) ±0% |"), tables);
        assertTrue(tables.contains("| pool     |     40 (38-43) ±0% |"), tables);
        assertTrue(tables.contains("- cells: 2, forks: 4 (4 ok, 0 failed)"), tables);
        // every fork alike: pass by pass the ratio is 2 in both passes, and only the rounds widen its interval
        assertTrue(Pattern.compile("- Case A: \\*\\*alloc\\*\\* 20 ns is fastest: 2\\.00x faster than pool 40 ns"
                + " \\(95% CI 1\\.\\d\\d-2\\.\\d\\dx, 2 passes\\)\\. Pool or allocate\\? Here alloc, 2\\.00x \\(95% CI 1\\.\\d\\d-2\\.\\d\\dx, 2 passes\\); 2019 \\(G1\\): pool,"
                + " 3\\.03x: \\*\\*differs\\*\\*\\.").matcher(tables).find(), tables);
    }

    @Test
    void shouldMarkAnUnsteadyCellAndNeverMakeItAWinner() throws Exception {
        Path dir = tmp.resolve("run");
        run(batch(List.of("G1"), List.of("alloc", "pool"), List.of("A"), "alloc/A=unsteady"), dir);

        String tables = Files.readString(dir.resolve(ResultsFolder.TABLES));
        // the fake child's rounds are of equal packets and climb: its figure is their mean, 21, above their median
        assertTrue(tables.contains("| alloc    | 21 (19-23) [1] |"), tables);
        assertTrue(tables.contains("| pool     | **40** (38-43) |"), "the best steady figure:\n" + tables);
        assertTrue(tables.contains("[1] G1 alloc A: not steady (" + FakeChild.FALLING_REASON
                + "); not a clean figure, never a winner"), tables);
        assertTrue(tables.contains("| alloc    | ~21 |    424 |"), "beside the article:\n" + tables);
        assertTrue(tables.contains("- Case A: too few steady figures to judge. Not judged: alloc (not steady)."), tables);
    }

    @Test
    void shouldGiveTheSameRecordsAndTablesFromTwoShardsMergedAsFromOneRun() throws Exception {
        Settings settings = batch(List.of("G1", "Serial"), List.of("alloc", "pool"), List.of("A", "B"), "pool/B=exit3");
        Path whole = tmp.resolve("whole");
        Path first = tmp.resolve("shard1");
        Path second = tmp.resolve("shard2");
        Path merged = tmp.resolve("merged");
        run(settings, whole);
        run(settings, first, new RunOptions(first, false, Shard.parse("1/2")));
        run(settings, second, new RunOptions(second, false, Shard.parse("2/2")));

        RunMerge.merge(List.of(first, second), merged, print(progress));

        assertEquals(4, new RecordsFile(first).readAll().size());
        assertEquals(4, new RecordsFile(second).readAll().size());
        assertEquals(sorted(measured(Files.readAllLines(whole.resolve(RecordsFile.NAME)))),
                sorted(measured(Files.readAllLines(merged.resolve(RecordsFile.NAME)))),
                "the same measurements (where each fork stood in its pass and the host around it differ)");
        assertEquals(Files.readString(whole.resolve(ResultsFolder.TABLES)),
                LabRunner.render(new RecordsFile(merged).readAll(), RunInfo.readAllFrom(merged), new AnalyzerReport()));
    }

    @Test
    void shouldRunRealtimeCellsAsSearchesAndRenderTheirTables() throws Exception {
        Path dir = tmp.resolve("run");
        int exit = run(realtime(List.of("G1"), List.of("alloc", "pool"), List.of("A", "C"), "pool/C=lost,alloc/C=exit3",
                null), dir);

        assertEquals(LabRunner.EXIT_OK, exit);
        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertEquals(4, records.size());
        records.forEach(r -> assertEquals("realtime", r.path("cell").path("mode").asText(), r.toString()));
        JsonNode failed = find(records, "alloc", "C");
        assertTrue(failed.path("cell").path("findInterval").asBoolean(), "the lab's own failed record says what was asked");
        assertTrue(Files.readString(dir.resolve("G1-alloc-A-realtime.log"))
                .contains("--mode realtime --find-interval --duration 500ms --warmup-s 0 --hlog "
                        + dir.resolve("G1-alloc-A-realtime.hlog") + " --json"));
        String tables = Files.readString(dir.resolve(ResultsFolder.TABLES));
        assertTrue(tables.contains("## Real time: smallest loss-free interval, ns"), tables);
        assertTrue(tables.contains("| alloc    | 200 | failed [1] |"), tables);
        assertTrue(tables.contains("| pool     | 400 | lost: 4.4% |"), tables);
        assertTrue(tables.contains("[1] G1 alloc C: exited with code 3"), tables);
        assertTrue(tables.contains("- real-time profile: quick (every cell: `analyzer --mode realtime --find-interval"
                + " --duration 500ms --warmup-s 0`)"), tables);
        assertTrue(Pattern.compile("\\[1/4\\] G1 (alloc|pool) [AC] real time \\(heap 2g\\): running")
                .matcher(progress.toString(StandardCharsets.UTF_8)).find(), "the first of the pass's random order");
    }

    @Test
    void shouldMeasureTheLossAtAFixedInterval() throws Exception {
        Path dir = tmp.resolve("run");
        run(new Settings(new AnalyzerLabSettings(Profile.QUICK, List.of("ZGC"), List.of("flat", "pool"), List.of("B"), null,
                jvmArgs("pool/B=lost"), null, Duration.ofMinutes(1), null, AnalyzerMode.REALTIME,
                new RealtimeOptions(Duration.ofMillis(500), 0.0, null, null, 300L), false, 1, null)), dir);

        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertEquals(300, find(records, "flat", "B").path("cell").path("intervalNs").asLong());
        String tables = Files.readString(dir.resolve(ResultsFolder.TABLES));
        assertTrue(tables.contains("## Real time: loss at 300 ns"), tables);
        assertTrue(tables.contains("| flat     |    no loss |"), tables);
        assertTrue(tables.contains("| pool     | lost: 0.6% |"), tables);
        assertFalse(tables.contains("beside 2019"), "a fixed interval is not the article's measure:\n" + tables);
    }

    @Test
    void shouldKeepBatchAndRealtimeCellsApartWhenResuming() throws Exception {
        Path dir = tmp.resolve("run");
        run(batch(List.of("Serial"), List.of("pool"), List.of("A"), ""), dir);
        assertEquals(1, Files.readAllLines(dir.resolve(RecordsFile.NAME)).size());

        resume(realtime(List.of("Serial"), List.of("pool"), List.of("A"), "", "64m"), dir);
        List<String> afterRealtime = Files.readAllLines(dir.resolve(RecordsFile.NAME));
        assertEquals(2, afterRealtime.size(), "a batch cell recorded ok does not stand in for the real-time one");

        resume(realtime(List.of("Serial"), List.of("pool"), List.of("A"), "", "64m"), dir);
        resume(batch(List.of("Serial"), List.of("pool"), List.of("A"), ""), dir);
        assertEquals(afterRealtime, Files.readAllLines(dir.resolve(RecordsFile.NAME)), "both cells are recorded ok: nothing runs");

        String tables = Files.readString(dir.resolve(ResultsFolder.TABLES));
        assertTrue(tables.contains("### Serial: ns/packet, strategy x case"), tables);
        assertTrue(tables.contains("### Serial (heap 64m): real time, smallest loss-free interval, ns"), tables);
        assertTrue(tables.contains("- profile: quick (every cell: `" + CHILD_ARGS + "`)"), tables);
        assertTrue(tables.contains("- real-time profile: quick"), tables);
        assertTrue(tables.contains("- cells: 2, forks: 2 (2 ok, 0 failed)"), tables);
    }

    @Test
    void shouldSayTheGivenHeapInTheRealtimeTables() throws Exception {
        Path dir = tmp.resolve("run");
        run(realtime(List.of("G1"), List.of("pool"), List.of("C"), "pool/C=lost", "64m"), dir);

        String tables = Files.readString(dir.resolve(ResultsFolder.TABLES));
        assertTrue(tables.contains("## Real time: smallest loss-free interval, ns (heap 64m)"), tables);
        assertTrue(tables.contains("### G1 (heap 64m): real time, smallest loss-free interval, ns"), tables);
        assertEquals("64m", new RecordsFile(dir).readAll().getFirst().path("cell").path("heap").asText());
    }

    @Test
    void shouldRunCppCellsOnceAndShowThemBesideEveryCollector() throws Exception {
        Path dir = tmp.resolve("run");
        run(batch(List.of("G1", "ZGC"), List.of("pool", "flat", "native-pool"), List.of("A", "B"), "").withCpp(), dir);

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

        String tables = Files.readString(dir.resolve(ResultsFolder.TABLES));
        // fake medians: pool A 40, flat A 90, native-pool A 80; cpp pool A 40 / 4 = 10, cpp-flat pool A 40 / 8 = 5
        assertEquals(2, count(tables, "| cpp-flat pool | **5.0** (4.7-5.3) |"), tables);
        assertEquals(2, count(tables, "| flat / cpp-flat pool        | 18.00× | 18.00× |"), tables);
        assertEquals(2, count(tables, "| pool / cpp pool             |  4.00× |  4.00× |"), tables);
        assertEquals(2, count(tables, "| native-pool / cpp-flat pool | 16.00× | 16.00× |"), tables);
    }

    @Test
    void shouldTellRuntimesApartWhenResuming() throws Exception {
        Path dir = tmp.resolve("run");
        run(batch(List.of("Serial"), List.of("pool"), List.of("A"), "").withCpp(), dir);
        List<String> lines = Files.readAllLines(dir.resolve(RecordsFile.NAME));
        assertEquals(3, lines.size(), "Serial pool A, cpp pool A, cpp-flat pool A");
        List<String> withoutFlat = lines.stream().filter(l -> !l.contains("\"cpp-flat\"")).toList();
        Files.write(dir.resolve(RecordsFile.NAME), withoutFlat);

        resume(batch(List.of("Serial"), List.of("pool"), List.of("A"), "").withCpp(), dir);

        List<JsonNode> after = new RecordsFile(dir).readAll();
        assertEquals(3, after.size(), "only cpp-flat pool A runs again: cpp pool A does not stand in for it");
        assertEquals("cpp-flat", after.getLast().path("cell").path("runtime").asText());
    }

    @Test
    void shouldRunNoCppCellsWhenToldNotTo() throws Exception {
        Path dir = tmp.resolve("run");
        run(batch(List.of("Serial"), List.of("pool"), List.of("A"), ""), dir);

        assertEquals(1, new RecordsFile(dir).readAll().size());
        assertFalse(Files.readString(dir.resolve(ResultsFolder.TABLES)).contains("cpp"));
    }

    /** Analyzer lab settings under test, with a way to vary the few things tests vary. */
    private record Settings(AnalyzerLabSettings settings) {

        Settings withForks(int forks) {
            AnalyzerLabSettings s = settings;
            return new Settings(new AnalyzerLabSettings(s.profile(), s.gcs(), s.strategies(), s.cases(), s.heap(),
                    s.jvmArgs(), s.javaHome(), s.cellTimeout(), s.workload(), s.mode(), s.realtime(), s.includeCpp(),
                    forks, null));
        }

        Settings withTimeout(Duration timeout) {
            AnalyzerLabSettings s = settings;
            return new Settings(new AnalyzerLabSettings(s.profile(), s.gcs(), s.strategies(), s.cases(), s.heap(),
                    s.jvmArgs(), s.javaHome(), timeout, s.workload(), s.mode(), s.realtime(), s.includeCpp(),
                    s.forks(), null));
        }

        Settings withCpp() {
            AnalyzerLabSettings s = settings;
            return new Settings(new AnalyzerLabSettings(s.profile(), s.gcs(), s.strategies(), s.cases(), s.heap(),
                    s.jvmArgs(), s.javaHome(), s.cellTimeout(), s.workload(), s.mode(), s.realtime(), true,
                    s.forks(), null));
        }

        Settings withVariants(List<JvmVariant> variants) {
            AnalyzerLabSettings s = settings;
            return new Settings(new AnalyzerLabSettings(s.profile(), s.gcs(), s.strategies(), s.cases(), s.heap(),
                    s.jvmArgs(), s.javaHome(), s.cellTimeout(), s.workload(), s.mode(), s.realtime(), s.includeCpp(),
                    s.forks(), null, null, null, variants));
        }

        AnalyzerExperiment experiment(JvmCommand jvm) {
            return new AnalyzerExperiment(settings, jvm);
        }
    }

    private int run(Settings settings, Path dir) throws URISyntaxException {
        return run(settings, dir, new RunOptions(dir, false, Shard.ALL));
    }

    private int run(Settings settings, Path dir, RunOptions options) throws URISyntaxException {
        return new LabRunner(print(out), print(progress)).run(settings.experiment(java()), options);
    }

    private void resume(Settings settings, Path dir) throws URISyntaxException {
        assertEquals(LabRunner.EXIT_OK, run(settings, dir, new RunOptions(dir, true, Shard.ALL)));
    }

    private static JvmCommand java() throws URISyntaxException {
        return JvmCommand.onClassPath(Path.of(System.getProperty("java.home"), "bin", "java"), testClassPath(),
                FakeChild.class.getName());
    }

    private static String testClassPath() throws URISyntaxException {
        return Path.of(FakeChild.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    private static PrintStream print(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }

    /**
     * The fake's script, then what keeps each fake child small and quick to start: the heap the
     * lab gives a cell is reserved, not touched nor committed up front.
     */
    private static List<String> jvmArgs(String script) {
        return List.of("-Dfake.script=" + script, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-XX:-AlwaysPreTouch",
                "-Xms16m");
    }

    /** Batch cells of a 64m heap, one fork each, no C++, rounds of 1000 packets. */
    private static Settings batch(List<String> gcs, List<String> strategies, List<String> cases, String script) {
        return new Settings(new AnalyzerLabSettings(Profile.QUICK, gcs, strategies, cases, "64m", jvmArgs(script), null,
                Duration.ofMinutes(1), new WorkloadOverrides(null, null, null, null, 1000L, null, 4, 0, null, null),
                AnalyzerMode.BATCH, null, false, 1, null));
    }

    /** Real-time searches of probes of 500 ms, one fork each, no C++; the article's heaps when {@code heap} is null. */
    private static Settings realtime(List<String> gcs, List<String> strategies, List<String> cases, String script,
                                     String heap) {
        return new Settings(new AnalyzerLabSettings(Profile.QUICK, gcs, strategies, cases, heap, jvmArgs(script), null,
                Duration.ofMinutes(1), null, AnalyzerMode.REALTIME,
                new RealtimeOptions(Duration.ofMillis(500), 0.0, null, null, null), false, 1, null));
    }

    private static List<String> measured(List<String> lines) {
        return lines.stream().map(RecordLine::measuredPart).toList();
    }

    private static List<String> sorted(List<String> lines) {
        List<String> copy = new ArrayList<>(lines);
        copy.sort(String::compareTo);
        return copy;
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

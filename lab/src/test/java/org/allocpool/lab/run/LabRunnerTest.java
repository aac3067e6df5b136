package org.allocpool.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import com.fasterxml.jackson.databind.JsonNode;
import org.allocpool.lab.gauge.GaugeReading;
import org.allocpool.lab.run.FakeExperiment.Cell;
import org.allocpool.lab.store.RecordsFile;
import org.allocpool.lab.store.ResultsFolder;
import org.allocpool.lab.store.RunInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one lab runner, driven by {@link FakeExperiment}: what it records, when, and what it says while it runs. */
class LabRunnerTest {

    /** The seed of every run here, so that the passes' orders are known. */
    static final long SEED = 7;

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

    @Test
    void shouldAppendEveryForksRecordAsSoonAsItEndsPassByPass() throws Exception {
        Path dir = tmp.resolve("run");
        int exit = run(new FakeExperiment(List.of(new Cell("a"), new Cell("bb"), new Cell("ccc")), 2, tmp), dir);

        assertEquals(LabRunner.EXIT_OK, exit);
        List<JsonNode> records = new RecordsFile(dir).readAll();
        List<String> expected = new ArrayList<>();
        for (int pass = 1; pass <= 2; pass++) {
            for (String name : new PassOrder(SEED).of(List.of("a", "bb", "ccc"), pass)) {
                expected.add(name + "#" + pass);
            }
        }
        assertEquals(expected,
                records.stream().map(r -> r.path("cell").path("name").asText() + "#" + r.path("fork").asInt()).toList(),
                "every cell's first fork, then every cell's second, each pass in the seed's order");
        for (JsonNode record : records) {
            assertEquals(SEED, record.path("pass").path("seed").asLong(), record.toString());
            assertEquals(record.path("fork").asInt(), record.path("pass").path("number").asInt(), record.toString());
        }
        for (int i = 0; i < records.size(); i++) {
            assertEquals(i, records.get(i).path("metrics").path("recordsBefore").asInt(),
                    "fork " + (i + 1) + " started after the " + i + " before it were on file: " + records.get(i));
        }
    }

    @Test
    void shouldRecordEveryWayAForkFailsInOneLineAndGoOn() throws Exception {
        Path dir = tmp.resolve("run");
        int exit = run(new FakeExperiment(List.of(
                new Cell("crash", "crash"), new Cell("oom", "oom"),
                new Cell("hang", "hang").timingOutAfter(Duration.ofSeconds(5)),
                new Cell("silent", "silent"), new Cell("nostart", "nostart"), new Cell("selffail", "selffail"),
                new Cell("last")), 1, tmp), dir);

        assertEquals(LabRunner.EXIT_OK, exit, "failed forks are results, not errors of the lab");
        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertEquals(7, records.size());
        assertEquals("exited with code 3: Exception in thread \"main\" java.lang.IllegalStateException: crash broke",
                error(records, "crash"));
        assertTrue(error(records, "oom").matches("exited with code \\d+: .*java\\.lang\\.OutOfMemoryError: Java heap space.*"),
                error(records, "oom"));
        assertTrue(error(records, "hang").matches("timed out after \\d+(\\.\\d)? s; killed"), error(records, "hang"));
        assertEquals("printed no result record on stdout (exit code 0)", error(records, "silent"));
        assertTrue(error(records, "nostart").startsWith("could not start " + tmp.resolve("no-such-program") + ": "),
                error(records, "nostart"));
        assertEquals("pool ran dry | after 12 packets", error(records, "selffail"), "the child's own reason, on one line");
        assertEquals("ok", find(records, "last").path("status").asText(), "the run goes on after every failure");
        for (JsonNode record : records) {
            assertFalse(record.path("error").asText().contains("\n"), record.toString());
            assertEquals("fake", record.path("experiment").asText(), record.toString());
            assertEquals(1, record.path("fork").asInt(), record.toString());
            String name = record.path("cell").path("name").asText();
            assertEquals(name.length(), record.path("cell").path("size").asInt(), "the intended cell: " + record);
        }
        String tables = Files.readString(dir.resolve(ResultsFolder.TABLES));
        assertTrue(tables.contains("- crash|5 fork 1: failed: exited with code 3"), tables);
        assertTrue(tables.contains("- last|4 fork 1: ok 6.0"), tables);
    }

    @Test
    void shouldGiveFurtherPassesOnlyToTheCellsOfUndecidedComparisons() throws Exception {
        Path dir = tmp.resolve("run");
        FakeExperiment experiment = new FakeExperiment(List.of(new Cell("a"), new Cell("b"), new Cell("c")), 2, tmp)
                .withUndecided(4, Set.of("c"));

        run(experiment, dir);

        List<String> forks = new RecordsFile(dir).readAll().stream()
                .map(r -> r.path("cell").path("name").asText() + "#" + r.path("fork").asInt()).toList();
        assertEquals(Set.of("a#1", "b#1", "c#1", "a#2", "b#2", "c#2", "c#3", "c#4"), Set.copyOf(forks));
        assertEquals(List.of("c#3", "c#4"), forks.subList(6, 8), "after the two passes of every cell");
        String said = progress.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("pass 3: 1 cells of comparisons still undecided"), said);
    }

    @Test
    void shouldStopAddingPassesOnceEveryComparisonIsDecided() throws Exception {
        Path dir = tmp.resolve("run");
        run(new FakeExperiment(List.of(new Cell("a"), new Cell("b")), 2, tmp).withUndecided(6, Set.of()), dir);

        assertEquals(4, new RecordsFile(dir).readAll().size());
        assertTrue(progress.toString(StandardCharsets.UTF_8).contains("every comparison decided after 2 passes"));
    }

    @Test
    void shouldRunAForkAgainAndSaySoWhenTheHostGaugeMovedBeyondItsLimitDuringIt() throws Exception {
        Path dir = tmp.resolve("run");
        Instant now = Instant.parse("2026-11-28T10:00:00Z");
        // before a's fork, after it (the CPU loop 20% slower: the host moved), after its second run (still)
        Deque<GaugeReading> readings = new ArrayDeque<>(List.of(new GaugeReading(now, 2.0, 0.5),
                new GaugeReading(now.plusSeconds(5), 2.0, 0.6), new GaugeReading(now.plusSeconds(10), 2.0, 0.6)));
        new LabRunner(print(out), print(progress), readings::poll).run(
                new FakeExperiment(List.of(new Cell("a")), 1, tmp), new RunOptions(dir, false, Shard.ALL).withSeed(SEED));

        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertEquals(2, records.size(), "the first run is kept, the second replaces it in the tables");
        assertEquals(0.2, records.get(0).path("gauge").path("cpuMoved").asDouble(), 1e-9);
        assertTrue(records.get(0).path("gauge").path("movedBeyondLimit").asBoolean());
        assertEquals(1, records.get(0).path("pass").path("runs").asInt());
        assertEquals(0.0, records.get(1).path("gauge").path("cpuMoved").asDouble(), 1e-9);
        assertFalse(records.get(1).path("gauge").path("movedBeyondLimit").asBoolean());
        assertEquals(2, records.get(1).path("pass").path("runs").asInt(), "the record says it ran twice");
        assertEquals(0.6, records.get(1).path("gauge").path("before").path("cpuNsPerOp").asDouble());
        assertTrue(progress.toString(StandardCharsets.UTF_8).contains("fake a: the host gauge moved during the fork"
                + " (memory 0%, CPU 20%; limits memory 100%, CPU 15%): running it again"),
                progress.toString(StandardCharsets.UTF_8));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("1 fork"), "the tables say a fork ran again:\n" + out);
    }

    @Test
    void shouldRunAForkOnceMoreAtMostHoweverTheGaugeMoves() throws Exception {
        Path dir = tmp.resolve("run");
        Instant now = Instant.parse("2026-11-28T10:00:00Z");
        Deque<GaugeReading> readings = new ArrayDeque<>(List.of(new GaugeReading(now, 2.0, 0.5),
                new GaugeReading(now.plusSeconds(1), 2.0, 0.6), new GaugeReading(now.plusSeconds(2), 2.0, 0.72),
                new GaugeReading(now.plusSeconds(3), 2.0, 0.9)));
        new LabRunner(print(out), print(progress), readings::poll).run(
                new FakeExperiment(List.of(new Cell("a")), 1, tmp), new RunOptions(dir, false, Shard.ALL).withSeed(SEED));

        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertEquals(2, records.size(), "bounded: " + records);
        assertTrue(records.get(1).path("gauge").path("movedBeyondLimit").asBoolean(), "kept, and marked as moved");
    }

    @Test
    void shouldKillATimedOutChildWithTheProcessesItStarted() throws Exception {
        Path dir = tmp.resolve("run");
        run(new FakeExperiment(List.of(new Cell("hang", "hang").timingOutAfter(Duration.ofSeconds(5))), 1, tmp), dir);

        Path pidFile = FakeExperiment.grandchildPidFile(new CellFiles(dir, "hang"));
        long pid = Long.parseLong(Files.readString(pidFile).strip());
        Optional<ProcessHandle> grandchild = ProcessHandle.of(pid);
        if (grandchild.isPresent()) {
            // killed with its parent: it ends at once, and 30 s is only the bound of the wait
            grandchild.get().onExit().get(30, TimeUnit.SECONDS);
        }
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "the sleeping grandchild " + pid);
        assertTrue(error(new RecordsFile(dir).readAll(), "hang").startsWith("timed out after "));
    }

    @Test
    void shouldKeepTheChildsStderrAndWhatElseItPrintedBesideTheRecords() throws Exception {
        Path dir = tmp.resolve("run");
        run(new FakeExperiment(List.of(new Cell("quiet"), new Cell("talker", "silent")), 2, tmp), dir);

        assertTrue(Files.readString(dir.resolve("quiet-fork2.log")).contains("fake program: --name quiet"));
        assertFalse(Files.exists(dir.resolve("quiet-fork1.stdout")), "a clean record needs no copy of stdout");
        assertEquals("done, but no record\n", Files.readString(dir.resolve("talker-fork1.stdout")));
    }

    @Test
    void shouldResumeSkippingForksRecordedOkAndRerunningFailedOnes() throws Exception {
        Path dir = tmp.resolve("run");
        run(new FakeExperiment(List.of(new Cell("a"), new Cell("b", "ok", "crash"), new Cell("c", "nostart")), 2, tmp),
                dir);
        List<String> before = Files.readAllLines(dir.resolve(RecordsFile.NAME));
        assertEquals(6, before.size());

        progress.reset();
        FakeExperiment mended = new FakeExperiment(List.of(new Cell("a"), new Cell("b"), new Cell("c")), 2, tmp);
        assertEquals(LabRunner.EXIT_OK, new LabRunner(print(out), print(progress), ForkGauge.NONE).run(mended,
                new RunOptions(dir, true, Shard.ALL).withSeed(SEED)));

        List<String> after = Files.readAllLines(dir.resolve(RecordsFile.NAME));
        assertEquals(before, after.subList(0, 6), "nothing recorded is rewritten");
        List<JsonNode> rerun = new RecordsFile(dir).readAll().subList(6, after.size());
        List<String> pass2 = new PassOrder(SEED).of(List.of("b", "c"), 2).stream().map(n -> n + "#2").toList();
        assertEquals(Stream.concat(Stream.of("c#1"), pass2.stream()).toList(),
                rerun.stream().map(r -> r.path("cell").path("name").asText() + "#" + r.path("fork").asInt()).toList(),
                "only the failed forks run again, pass by pass");
        rerun.forEach(r -> assertEquals("ok", r.path("status").asText(), r.toString()));
        assertTrue(progress.toString(StandardCharsets.UTF_8).contains("3 forks already recorded ok, 3 forks to run"),
                progress.toString(StandardCharsets.UTF_8));
        String tables = Files.readString(dir.resolve(ResultsFolder.TABLES));
        assertFalse(tables.contains("failed"), "the latest ok record of each fork counts:\n" + tables);

        run(mended, dir, new RunOptions(dir, true, Shard.ALL));
        assertEquals(after, Files.readAllLines(dir.resolve(RecordsFile.NAME)), "every fork is recorded ok: nothing runs");
    }

    @Test
    void shouldShowProgressWithForkCountLabelsAndTimeLeftAfterTheFirstFork() throws Exception {
        run(new FakeExperiment(List.of(new Cell("a"), new Cell("b", "crash")), 2, tmp), tmp.resolve("run"));

        List<String> lines = progress.toString(StandardCharsets.UTF_8).lines().toList();
        assertTrue(lines.getFirst().startsWith("lab: results in " + tmp.resolve("run") + "; 2 cells x 2 passes, 4 forks to run"),
                lines.getFirst());
        assertTrue(lines.getFirst().endsWith("each pass runs one fork of every cell in a fresh random order (seed " + SEED + ")"),
                lines.getFirst());
        List<String> first = new PassOrder(SEED).of(List.of("a", "b"), 1);
        List<String> second = new PassOrder(SEED).of(List.of("a", "b"), 2);
        assertLine(lines, "lab: \\[1/4\\] fake " + first.get(0) + ", fork 1/2: running; time left not known yet");
        assertLine(lines, "lab: \\[1/4\\] fake " + first.get(0) + ", fork 1/2: (ok|FAILED .*) in \\S+");
        assertLine(lines, "lab: \\[2/4\\] fake " + first.get(1) + ", fork 1/2: running; about \\S+ left");
        assertLine(lines, "lab: \\[\\d/4\\] fake b, fork 1/2: FAILED \\(exited with code 3: .*IllegalStateException: b broke\\) in \\S+");
        assertLine(lines, "lab: \\[3/4\\] fake " + second.get(0) + ", fork 2/2: running; about \\S+ left");
        assertLine(lines, "lab: \\[4/4\\] fake " + second.get(1) + ", fork 2/2: running; about \\S+ left");
        assertLine(lines, "lab: records in .*records.jsonl, tables in .*tables.md, report in .*report.html, flat in .*records.csv");
    }

    @Test
    void shouldNameNoForkInTheProgressOfACellThatRunsOnce() throws Exception {
        run(new FakeExperiment(List.of(new Cell("a"), new Cell("b")), 1, tmp), tmp.resolve("run"));

        List<String> lines = progress.toString(StandardCharsets.UTF_8).lines().toList();
        assertLine(lines, "lab: \\[1/2\\] fake a: running; time left not known yet");
        assertLine(lines, "lab: \\[2/2\\] fake b: running; about \\S+ left");
        assertTrue(Files.exists(tmp.resolve("run").resolve("a.log")), "files named after the cell alone");
    }

    @Test
    void shouldWriteEveryRecordFlatBesideTheRecordsAsCsv() throws Exception {
        Path dir = tmp.resolve("run");
        run(new FakeExperiment(List.of(new Cell("a"), new Cell("b", "crash")), 1, tmp), dir);

        List<String> rows = List.of(Files.readString(dir.resolve(ResultsFolder.CSV)).split("\r\n"));
        assertEquals(3, rows.size(), "a header and a row per fork: " + rows);
        assertTrue(rows.getFirst().startsWith("experiment,status,fork,error,"), rows.getFirst());
        assertTrue(rows.get(2).startsWith("fake,failed,1,"), rows.get(2));
    }

    @Test
    void shouldPrintTheTablesItWritesAndDescribeTheRun() throws Exception {
        Path dir = tmp.resolve("run");
        run(new FakeExperiment(List.of(new Cell("a"), new Cell("b", "crash")), 1, tmp, "tiny"), dir);

        String written = Files.readString(dir.resolve(ResultsFolder.TABLES));
        assertEquals(written, out.toString(StandardCharsets.UTF_8));
        assertEquals(List.of(new RunInfo("fake", "tiny", List.of("--fake"), List.of())), RunInfo.readAllFrom(dir));
        assertEquals(written, LabRunner.render(new RecordsFile(dir).readAll(), RunInfo.readAllFrom(dir),
                new FakeExperiment.FakeReport()), "rendering the folder again gives the same text");
        assertTrue(written.startsWith("# fake\n\n- profile: tiny\n- a|1 fork 1: ok 1.5\n- b|1 fork 1: failed: "), written);
    }

    @Test
    void shouldWriteTheReportPageBesideTheTables() throws Exception {
        Path dir = tmp.resolve("run");
        run(new FakeExperiment(List.of(new Cell("a"), new Cell("b", "crash")), 1, tmp, "tiny"), dir);

        String page = Files.readString(dir.resolve(ResultsFolder.REPORT));
        assertTrue(page.startsWith("<!DOCTYPE html>"), page);
        assertTrue(page.contains("<h2>fake</h2>"), "the experiment's part:\n" + page);
        assertTrue(page.contains("<li>a|1 fork 1: ok 1.5</li>"), "its tables, folded away:\n" + page);
    }

    @Test
    void shouldSayWhenItCannotKeepItsResults() throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "not a folder");

        int exit = run(new FakeExperiment(List.of(new Cell("a")), 1, tmp), file.resolve("run"));

        assertEquals(LabRunner.EXIT_IO, exit);
        assertTrue(progress.toString(StandardCharsets.UTF_8).startsWith("lab: cannot keep results in '"
                + file.resolve("run") + "': "), progress.toString(StandardCharsets.UTF_8));
    }

    private int run(FakeExperiment experiment, Path dir) {
        return run(experiment, dir, new RunOptions(dir, false, Shard.ALL));
    }

    private int run(FakeExperiment experiment, Path dir, RunOptions options) {
        return new LabRunner(print(out), print(progress), ForkGauge.NONE).run(experiment, options.withSeed(SEED));
    }

    static PrintStream print(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }

    private static void assertLine(List<String> lines, String regex) {
        Pattern pattern = Pattern.compile(regex);
        assertTrue(lines.stream().anyMatch(l -> pattern.matcher(l).matches()), "no line like " + regex + " in\n"
                + String.join("\n", lines));
    }

    static JsonNode find(List<JsonNode> records, String name) {
        return records.stream().filter(r -> r.path("cell").path("name").asText().equals(name))
                .reduce((first, second) -> second)
                .orElseThrow(() -> new AssertionError("no record of " + name + " in " + records));
    }

    private static String error(List<JsonNode> records, String name) {
        return find(records, name).path("error").asText();
    }
}

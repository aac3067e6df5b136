package org.allocpool.cli;

import static org.allocpool.cli.Printed.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run split over machines: {@code lab --shard K/N} runs its part of the cells, {@code lab merge}
 * joins the parts, {@code lab --tables} prints a finished folder again. The shards run the real
 * analyzer on tiny cells; the merges of other machines' runs use records written here.
 */
class LabShardMergeTest {

    /** Two Serial cells of rounds of 20,000 packets: a second or two each. */
    private static final List<String> TINY = List.of("lab", "analyzer", "--gc", "Serial", "--strategy", "alloc,pool",
            "--case", "A", "--no-include-cpp", "--forks", "1", "--heap", "64m", "--queue", "100", "--stored", "100",
            "--pool", "1000", "--mix-pool", "200", "--packets", "20000", "--rounds", "2", "--max-rounds", "2",
            "--warmup", "0");

    @TempDir
    Path tmp;

    @Test
    void shouldRunEachShardsCellsAndMergeThemIntoTheTablesOfTheWholeRun() throws Exception {
        Path first = tmp.resolve("shard1");
        Path second = tmp.resolve("shard2");
        Path merged = tmp.resolve("merged");

        Printed one = run(() -> AllocpoolMain.execute(args("--shard", "1/2", "--results", first.toString())));
        Printed two = run(() -> AllocpoolMain.execute(args("--shard", "2/2", "--results", second.toString())));

        assertEquals(0, one.exit(), one.err());
        assertEquals(0, two.exit(), two.err());
        assertEquals(List.of("alloc"), strategies(first), "the first of every two cells, in the lab's order");
        assertEquals(List.of("pool"), strategies(second));
        assertTrue(one.err().contains("2 cells x 1 pass, shard 1/2, 1 fork to run"), one.err());
        assertEquals(Files.readString(first.resolve("tables.md")), one.out(), "each shard prints its tables");

        Printed merge = run(() -> AllocpoolMain.execute("lab", "merge", first.toString(), second.toString(),
                "--results", merged.toString()));

        assertEquals(0, merge.exit(), merge.err());
        assertEquals(List.of("alloc", "pool"), strategies(merged));
        assertEquals(Files.readString(merged.resolve("tables.md")), merge.out(), "printed and written");
        assertTrue(merge.err().contains("lab merge: 2 records from 2 folders in " + merged.resolve("records.jsonl")),
                merge.err());
        String tables = merge.out();
        assertTrue(tables.contains("- cells: 2, forks: 2 (2 ok, 0 failed)"), tables);
        assertTrue(tables.lines().anyMatch(l -> l.startsWith("| alloc ")) && tables.lines().anyMatch(l -> l.startsWith("| pool ")),
                tables);
        assertTrue(tables.contains("- profile: quick (every cell: `analyzer --queue 100 --stored 100 --pool 1000"
                + " --mix-pool 200 --packets 20000 --rounds 2 --warmup 0 --max-rounds 2`)"), "the run's description comes"
                + " along:\n" + tables);
        assertTrue(tables.contains("\n## Verdict\n"), tables);
        assertFalse(tables.contains("# Environment:"), "one machine, one JDK: one set of tables\n" + tables);
        assertTrue(Files.exists(merged.resolve("Serial-pool-A.log")), "the logs come along");
        assertEquals(3, Files.readString(merged.resolve("records.csv")).split("\r\n").length,
                "the merged records, flat: a header and a row per record");

        Printed again = run(() -> AllocpoolMain.execute("lab", "--tables", merged.toString()));
        assertEquals(0, again.exit(), again.err());
        assertEquals(tables, again.out(), "lab --tables renders the merged folder as the merge did");
    }

    @Test
    void shouldKeepRunsOfTwoMachinesApartWhenMerging() throws Exception {
        Path a = folder("a", record("host-a", "pool", 140), record("host-a", "alloc", 420));
        Path b = folder("b", record("host-b", "pool", 110), record("host-b", "alloc", 520));

        Printed merge = run(() -> AllocpoolMain.execute("lab", "merge", a.toString(), b.toString(), "--results",
                tmp.resolve("merged").toString()));

        assertEquals(0, merge.exit(), merge.err());
        String tables = merge.out();
        assertTrue(tables.startsWith("# analyzer: 2 environments, kept apart (no table mixes two machines or JDKs)\n"),
                tables);
        int first = tables.indexOf("# Environment: host-a (Test CPU, 2 cores, Linux), JDK 25.0.3");
        int second = tables.indexOf("# Environment: host-b (Test CPU, 2 cores, Linux), JDK 25.0.3");
        assertTrue(first >= 0 && second > first, tables);
        assertTrue(tables.substring(first, second).contains("| pool     | **140** (131-149) |"), tables);
        assertTrue(tables.substring(second).contains("| pool     | **110** (103-117) |"), tables);
        assertEquals(2, tables.split("\n## Verdict\n", -1).length - 1, "a verdict per machine, never one across both");
        String page = Files.readString(tmp.resolve("merged").resolve("report.html"));
        assertTrue(page.contains("<h2>analyzer, environment: host-a (Test CPU, 2 cores, Linux), JDK 25.0.3</h2>"), page);
        assertTrue(page.contains("<h2>analyzer, environment: host-b (Test CPU, 2 cores, Linux), JDK 25.0.3</h2>"), page);
        assertEquals(2, page.split("<h4>G1: ns/packet, strategy x case</h4>", -1).length - 1, "charts per machine");
        assertTrue(merge.err().contains("report in " + tmp.resolve("merged").resolve("report.html")), merge.err());
    }

    @Test
    void shouldWriteTheReportPageOfAFinishedFolderAndPrintItsPath() throws Exception {
        Path a = folder("a", record("host-a", "pool", 140), record("host-a", "alloc", 420));

        Printed report = run(() -> AllocpoolMain.execute("lab", "report", a.toString()));

        assertEquals(0, report.exit(), report.err());
        assertEquals(a.resolve("report.html") + "\n", report.out().replace(System.lineSeparator(), "\n"));
        String page = Files.readString(a.resolve("report.html"));
        assertTrue(page.contains("<strong>pool</strong> 140 ns is fastest"), "the verdict in words:\n" + page);
        assertTrue(page.contains("<h4>G1: ns/packet, strategy x case</h4>"), page);
        assertEquals(List.of("records.jsonl", "report.html"), Files.list(a).map(p -> p.getFileName().toString()).sorted()
                .toList(), "nothing else is run or written");
    }

    @Test
    void shouldRefuseAFolderWithoutRecordsInOneLineNamingIt() throws Exception {
        Path empty = Files.createDirectories(tmp.resolve("empty"));

        Printed report = run(() -> AllocpoolMain.execute("lab", "report", empty.toString()));

        assertEquals(2, report.exit(), report.err());
        assertEquals(1, report.err().lines().count(), report.err());
        assertTrue(report.err().contains("no records in '" + empty + "'"), report.err());
        assertFalse(Files.exists(empty.resolve("report.html")));
    }

    @Test
    void shouldKeepARecordFoundTwiceOnceAndSaySo() throws Exception {
        Path a = folder("a", record("host-a", "pool", 140));
        Path merged = tmp.resolve("merged");
        assertEquals(0, run(() -> AllocpoolMain.execute("lab", "merge", a.toString(), "--results", merged.toString())).exit());

        Printed again = run(() -> AllocpoolMain.execute("lab", "merge", a.toString(), "--results", merged.toString()));

        assertEquals(0, again.exit(), again.err());
        assertTrue(again.err().contains("lab merge: 0 records from 1 folders (1 found twice, kept once)"), again.err());
        assertEquals(1, Files.readAllLines(merged.resolve("records.jsonl")).size());
    }

    @Test
    void shouldPrintTheTablesOfAFinishedRunRunningNothing() throws Exception {
        Path a = folder("a", record("host-a", "pool", 140), record("host-a", "alloc", 420));

        Printed tables = run(() -> AllocpoolMain.execute("lab", "--tables", a.toString()));

        assertEquals(0, tables.exit(), tables.err());
        assertTrue(tables.out().startsWith("# allocpool lab: analyzer\n"), tables.out());
        assertTrue(tables.out().contains("- Case A: **pool** 140 ns is fastest: 3.00x faster than alloc 420 ns"
                + " (spreads apart)."), tables.out());
        assertEquals(List.of("comparisons.csv", "records.csv", "records.jsonl"), Files.list(a)
                .map(p -> p.getFileName().toString()).sorted().toList(),
                "nothing is run; only the records are written again, flat, with the verdict's ratios");
        assertEquals(3, Files.readString(a.resolve("records.csv")).split("\r\n").length, "a header and a row per record");
    }


    private static String[] args(String... more) {
        List<String> all = new java.util.ArrayList<>(TINY);
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    private static List<String> strategies(Path dir) throws IOException {
        return Files.readAllLines(dir.resolve("records.jsonl")).stream().map(RecordJson::parse)
                .peek(r -> assertEquals("ok", r.path("status").asText(), r.toString()))
                .map(r -> r.path("cell").path("strategy").asText()).sorted().toList();
    }

    private Path folder(String name, String... records) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(name));
        Files.write(dir.resolve("records.jsonl"), List.of(records));
        return dir;
    }

    /** A steady G1 batch record of case A from {@code host}, its rounds' middle half 0.9375-1.0625 of {@code median}. */
    private static String record(String host, String strategy, double median) {
        JsonNode node = RecordJson.parse(String.format(Locale.ROOT, """
                {"experiment":"analyzer","status":"ok","fork":1,
                 "cell":{"strategy":"%s","case":"A","mode":"batch","gc":"G1","heap":"2g"},
                 "env":{"jdk":"25.0.3","vm":"Test VM","cpu":"Test CPU","cores":2,"os":"Linux","jvmArgs":[],"host":"%s"},
                 "metrics":{"nsPerPacket":{"median":%s,"min":%s,"max":%s,"rounds":[%s,%s,%s,%s,%s]},
                  "allocBytesPerPacket":0.0,
                  "steadyState":{"steady":true,"reason":"steady","rounds":5,"shift":0.0,"noise":0.05,"drift":0.0,"trendP":1.0},
                  "gc":{"count":10,"pauseTotalMs":50.0,"pauseMaxMs":9.0,"pauseAvgMs":5.0,"perSecond":2.5,"fraction":0.01,
                        "pauses":10},
                  "liveObjects":1000000,"heapUsedMb":100.0}}
                """.replace("\n", ""), strategy, host, median, median * 0.875, median * 1.125, median, median * 0.9375,
                median * 1.0625, median * 0.875, median * 1.125));
        return node.toString();
    }
}

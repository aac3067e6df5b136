package org.allocpool.lab.analyzer.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.allocpool.lab.report.Chart;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;

/** The analyzer's tables, from records as the analyzer and the lab write them (read back by data binding). */
class AnalyzerReportTest {

    private static final RunInfo QUICK = new RunInfo("analyzer", "quick",
            List.of("--round-time", "1000ms", "--rounds", "5", "--warmup", "3", "--max-rounds", "12"), List.of());

    @Test
    void shouldRenderEveryCellIncludingFailedOnes() {
        List<JsonNode> records = new ArrayList<>();
        for (String strategy : List.of("dummy", "alloc", "pool")) {
            for (String caseName : List.of("A", "B", "C")) {
                records.add(strategy.equals("alloc") && caseName.equals("C")
                        ? failed("G1", strategy, caseName, "exited with code 1: java.lang.OutOfMemoryError: Java heap space")
                        : ok("G1", strategy, caseName, 100));
            }
        }

        String tables = render(records, QUICK);

        assertTrue(tables.contains("| alloc    |"), tables);
        assertEquals(2, count(tables, "failed [1]"), "in the ns/packet table and the GC table:\n" + tables);
        assertTrue(tables.contains("[1] G1 alloc C: exited with code 1: java.lang.OutOfMemoryError: Java heap space"), tables);
        assertTrue(tables.contains("- cells: 9, forks: 9 (8 ok, 1 failed)"), tables);
        assertEquals(9, count(tables, "| dummy") + count(tables, "| alloc") + count(tables, "| pool") - 3 - 3,
                "three rows in the ns table, nine in the GC table, three beside the article");
    }

    @Test
    void shouldMarkTheBestStrategyOfEachCase() {
        List<JsonNode> records = List.of(
                ok("ZGC", "dummy", "A", 70), ok("ZGC", "alloc", "A", 500), ok("ZGC", "pool", "A", 110),
                ok("ZGC", "dummy", "B", 900), ok("ZGC", "alloc", "B", 800), ok("ZGC", "pool", "B", 400));

        String tables = render(records, QUICK);

        String table = tables.substring(tables.indexOf("### ZGC: ns/packet"), tables.indexOf("### ZGC: GC"));
        assertTrue(table.contains("| dummy    | **70** (66-74) |     900 (844-956) |"), tables);
        assertTrue(table.contains("| pool     |  110 (103-117) | **400** (375-425) |"), tables);
        assertEquals(2 * 2, count(table, "**"), "two bold cells, one per case:\n" + tables);
    }

    @Test
    void shouldShowTheSpreadOfTheForksBesideTheSpreadOfTheRounds() {
        String tables = render(List.of(ok("G1", "pool", "A", 100, 1), ok("G1", "pool", "A", 120, 2),
                ok("G1", "alloc", "A", 400, 1), ok("G1", "alloc", "A", 400, 2)), QUICK);

        // pool: the median of 100 and 120; the middle half of all ten rounds; ± half of 120 - 100 over 110
        assertTrue(tables.contains("| alloc    |       400 (375-425) ±0% |"), tables);
        assertTrue(tables.contains("| pool     | **110** (101-118) ±9.1% |"), tables);
        assertTrue(tables.contains("- cells: 2, forks: 4 (4 ok, 0 failed)"), tables);
    }

    @Test
    void shouldSayAFiguresForkFailedAndThatItRestsOnTheOthers() {
        String tables = render(List.of(ok("G1", "pool", "A", 140, 1),
                failed("G1", "pool", "A", "timed out after 180 s; killed", 2), ok("G1", "alloc", "A", 400, 1)),
                QUICK);

        assertTrue(tables.contains("| pool     | **140** (131-149) [1] |"), tables);
        assertTrue(tables.contains("[1] G1 pool A: fork 2 of 2 failed (timed out after 180 s; killed); the figure rests"
                + " on the others"), tables);
        assertTrue(tables.contains("- cells: 2, forks: 3 (2 ok, 1 failed)"), tables);
    }

    @Test
    void shouldMarkAFigureThatWasNotSteadyAndNeverMakeItTheBest() {
        JsonNode falling = RecordJson.parse(ok("G1", "pool", "A", 100).toString()
                .replace("\"steady\":true,\"reason\":\"steady\"",
                        "\"steady\":false,\"reason\":\"still falling: -20% across the rounds (p = 0.008)\""));

        String tables = render(List.of(falling, ok("G1", "alloc", "A", 400)), QUICK);

        assertTrue(tables.contains("| alloc    | **400** (375-425) |"), tables);
        assertTrue(tables.contains("| pool     |  100 (94-106) [1] |"), tables);
        assertTrue(tables.contains("[1] G1 pool A: not steady (still falling: -20% across the rounds (p = 0.008)); not a"
                + " clean figure, never a winner"), tables);
        assertTrue(tables.contains("| pool     | ~100 |    140 |"), "beside the article:\n" + tables);
    }

    @Test
    void shouldCheckRecordsWithoutACheckOfTheirOwnTheSameWay() {
        JsonNode old = RecordJson.parse(ok("G1", "pool", "A", 100).toString().replaceAll(",\"steadyState\":\\{[^}]*}", ""));
        JsonNode twoRounds = RecordJson.parse(old.toString().replace("\"rounds\":[100.0,93.75,106.25,87.5,112.5]",
                "\"rounds\":[100.0,100.0]"));

        assertFalse(old.path("metrics").has("steadyState"), old.toString());
        assertFalse(render(List.of(old), QUICK).contains("G1 pool A: not steady"), "five flat-enough rounds are steady");
        assertTrue(render(List.of(twoRounds), QUICK).contains("[1] G1 pool A: not steady (too few rounds to check (2 < 4))"),
                render(List.of(twoRounds), QUICK));
    }

    @Test
    void shouldFigureEachForkByItsTimeOverItsPacketsWhereTheRecordCarriesIt() {
        // rounds with a median of 100 whose time over their packets is 130: a fork slowed by long
        // collections in some rounds; a record from before the figure: rounds of equal time have
        // only their median round, rounds of equal packets their mean (their time over their packets)
        JsonNode overall = RecordJson.parse(ok("G1", "pool", "A", 100).toString()
                .replace("\"packetsPerSecond\":1.0", "\"overallNsPerPacket\":130.0,\"packetsPerSecond\":1.0"));
        JsonNode equalTime = ok("G1", "pool", "B", 100);
        JsonNode equalPackets = RecordJson.parse(ok("G1", "pool", "C", 100).toString()
                .replace("\"roundMs\":1000", "\"packets\":10000000")
                .replace("\"rounds\":[100.0,93.75,106.25,87.5,112.5]", "\"rounds\":[100.0,93.75,106.25,87.5,162.5]"));

        String tables = render(List.of(overall, equalTime, equalPackets), QUICK);

        assertTrue(tables.contains("| pool     | 130 (94-106) | 100 (94-106) | 110 (94-106) |"), tables);
    }

    @Test
    void shouldShowGcFiguresWithGcTimePerLiveObject() {
        String tables = render(List.of(ok("G1", "pool", "B", 355), ok("G1", "mix", "B", 364)), QUICK);

        // 10 GCs, 620 ms in all, 3,534,000 live objects: 62 ms / 3.534 M = 17.5, shown as 18 ns per live object (the article's G1 pool B: 17)
        assertTrue(tables.contains("| pool     |    B |           76 |           62 | 0.60 |        3.0% |            3.534 |                    18 |"),
                tables);
    }

    @Test
    void shouldPreferTheLatestOkRecordOfACell() {
        List<JsonNode> records = List.of(
                failed("G1", "pool", "A", "timed out after 2m00s; killed"), ok("G1", "pool", "A", 140),
                ok("G1", "mix", "A", 134), failed("G1", "mix", "A", "a later failure does not hide a result"));

        String tables = render(records, QUICK);

        assertFalse(tables.contains("failed ["), tables);
        assertTrue(tables.contains("- cells: 2, forks: 2 (2 ok, 0 failed)"), "a fork recorded again counts once:\n" + tables);
    }

    @Test
    void shouldShowTheArticlesFiguresBesideOursCitingIt() {
        String tables = render(List.of(ok("G1", "alloc", "C", 3000), ok("Serial", "alloc", "C", 2000)), QUICK);

        assertTrue(tables.contains("\"To allocate or to pool?\" (2019)"), tables);
        assertTrue(tables.contains("| alloc    | 3000 |   4300 |"), tables);
        assertFalse(tables.contains("### Serial: ns/packet, ours beside 2019"), tables);
    }

    @Test
    void shouldStateTheEnvironmentAndProfile() {
        String tables = render(List.of(ok("G1", "flat", "A", 20)), QUICK);

        assertTrue(tables.contains("- profile: quick (every cell: `analyzer --round-time 1000ms --rounds 5 --warmup 3"
                + " --max-rounds 12`)"), tables);
        assertTrue(tables.contains("- JDK: 25.0.3 (Test VM)"), tables);
        assertTrue(tables.contains("- CPU: Test CPU @ 2 GHz, 2 cores"), tables);
        assertTrue(tables.contains("- OS: Linux 6.1 amd64"), tables);
        assertTrue(tables.contains("- host: box"), tables);
        assertTrue(tables.contains("Heap: 1g + 2g native memory for native and flat strategies."), tables);
    }

    @Test
    void shouldRenderTheSameRecordsTheSameWay() {
        List<JsonNode> records = List.of(ok("G1", "pool", "A", 140), failed("ZGC", "alloc", "C", "boom | bang"));

        assertEquals(render(records, QUICK), render(records, QUICK));
        assertTrue(render(records, QUICK).contains("[1] ZGC alloc C: boom | bang"));
    }

    private static final RunInfo REALTIME = new RunInfo("analyzer", "quick",
            List.of("--mode", "realtime", "--find-interval", "--duration", "2s", "--warmup-s", "1"), List.of(), "realtime");

    @Test
    void shouldRenderMinimalIntervalsLossesAndFailedRealtimeCells() {
        List<JsonNode> records = List.of(
                interval("G1", "pool", "A", 230, "2g"), interval("G1", "pool", "B", 610, "2g"),
                lost("G1", "pool", "C", 4.4, "2g"),
                interval("G1", "flat", "A", 80, "1g"), interval("G1", "flat", "B", 150, "1g"),
                failedRealtime("G1", "flat", "C", "timed out after 6m00s; killed"));

        String tables = render(records, List.of(REALTIME));

        assertTrue(tables.contains("## Real time: smallest loss-free interval, ns\n"), tables);
        assertTrue(tables.contains("### G1: real time, smallest loss-free interval, ns"), tables);
        assertTrue(tables.contains("| pool     | 230 | 610 | lost: 4.4% |"), tables);
        assertTrue(tables.contains("| flat     |  80 | 150 | failed [1] |"), tables);
        assertTrue(tables.contains("[1] G1 flat C: timed out after 6m00s; killed"), tables);
        assertTrue(tables.contains("- real-time profile: quick (every cell: `analyzer --mode realtime --find-interval"
                + " --duration 2s --warmup-s 1`)"), tables);
        assertTrue(tables.contains("- cells: 6, forks: 6 (5 ok, 1 failed)"), tables);
        assertFalse(tables.contains("ns/packet, strategy x case"), "no batch records, no batch tables:\n" + tables);
    }

    @Test
    void shouldShowLatencyAndGcOfTheAnswersProbe() {
        String tables = render(List.of(interval("ZGC", "pool", "A", 230, "2g"),
                lost("ZGC", "alloc", "C", 44.4, "2g")), List.of(REALTIME));

        assertTrue(tables.contains("### ZGC: real time, latency and GC of the answer's probe"), tables);
        assertTrue(tables.contains("| strategy | case | fork | interval ns | lost | p99 latency ms | max latency ms"
                + " | max GC pause ms | GC/s |"), tables);
        assertTrue(tables.contains("| alloc    |    C |    1 |        1000 |  44% |            5.0 |             90"
                + " |              12 |  2.0 |"), tables);
        assertTrue(tables.contains("| pool     |    A |    1 |         230 |   0% |            5.0 |            9.0"
                + " |              12 |  2.0 |"), tables);
    }

    @Test
    void shouldShowTheArticlesRealtimeFiguresIncludingNativeRows() {
        String tables = render(List.of(lost("G1", "pool", "C", 3.0, "2g"),
                interval("G1", "native-pool", "C", 650, "1g"), interval("G1", "flat", "C", 500, "1g")), List.of(REALTIME));

        assertTrue(tables.contains("## Real time beside the article"), tables);
        assertTrue(tables.contains("### G1: real time, ours beside 2019"), tables);
        String beside = tables.substring(tables.indexOf("ours beside 2019"));
        assertTrue(beside.contains("| pool        | lost: 3% | lost: 4.4% |"), tables);
        assertTrue(beside.contains("| native-pool |      650 |        700 |"), tables);
        assertFalse(beside.contains("| flat"), "the article had no flat strategy:\n" + tables);
    }

    @Test
    void shouldSayTheHeapAndCompareWithTheArticlesTenGigabyteFigures() {
        String tables = render(List.of(lost("G1", "pool", "C", 0.5, "10g"),
                interval("G1", "pool", "A", 200, "10g")), List.of(REALTIME));

        assertTrue(tables.contains("## Real time: smallest loss-free interval, ns (heap 10g)"), tables);
        assertTrue(tables.contains("### G1 (heap 10g): real time, smallest loss-free interval, ns"), tables);
        assertTrue(tables.contains("| pool     | 200 |      - | lost: 0.5% | lost: 0.8% |"), tables);
    }

    @Test
    void shouldWriteLossesAsTheArticleDoes() {
        assertEquals("lost: 4.4%", RealtimeAnswer.lost(4.4));
        assertEquals("lost: 75%", RealtimeAnswer.lost(75.3));
        assertEquals("lost: 0.6%", RealtimeAnswer.lost(0.6));
        assertEquals("lost: 0.0025%", RealtimeAnswer.lost(0.0025));
        assertEquals("lost: 3%", RealtimeAnswer.lost(3.0));
    }

    @Test
    void shouldRenderBatchAndRealtimeRecordsOfOneFolderSideBySide() {
        List<JsonNode> records = List.of(ok("G1", "pool", "A", 140), interval("G1", "pool", "A", 230, "2g"));

        String tables = render(records, List.of(QUICK, REALTIME));

        assertTrue(tables.contains("| pool     | 140 (131-149) |"), tables);
        assertTrue(tables.contains("| pool     | 230 |"), tables);
        assertTrue(tables.contains("- profile: quick (every cell: `analyzer --round-time 1000ms --rounds 5 --warmup 3"
                + " --max-rounds 12`)"), tables);
        assertTrue(tables.contains("- real-time profile: quick (every cell: `analyzer --mode realtime"), tables);
        assertTrue(tables.contains("- cells: 2, forks: 2 (2 ok, 0 failed)"), tables);
        assertEquals(render(records, List.of(QUICK, REALTIME)), tables);
    }

    static JsonNode interval(String gc, String strategy, String caseName, long minIntervalNs, String heap) {
        return realtime(gc, strategy, caseName, heap, minIntervalNs, 0.0,
                "\"minIntervalNs\":" + minIntervalNs + ",", 9_000_000);
    }

    static JsonNode lost(String gc, String strategy, String caseName, double lossPercent, String heap) {
        return realtime(gc, strategy, caseName, heap, 1000, lossPercent,
                "\"lossPercentAtMax\":" + lossPercent + ",", 90_000_000);
    }

    private static JsonNode realtime(String gc, String strategy, String caseName, String heap, long intervalNs,
                                     double lossPercent, String answer, long maxLatencyNs) {
        return RecordJson.parse(String.format(Locale.ROOT, """
                {"experiment":"analyzer","status":"ok",
                 "cell":{"strategy":"%s","case":"%s","mode":"realtime","gc":"%s","heap":"%s","findInterval":true},
                 "env":{"jdk":"25.0.3","vm":"Test VM","cpu":"Test CPU @ 2 GHz","cores":2,"os":"Linux 6.1 amd64","jvmArgs":[],"host":"box"},
                 "metrics":{"realtime":{"intervalNs":%d,"sent":2000000,"received":2000000,"lost":%d,"lossPercent":%s,
                            "latencyNs":{"p50":1000000,"p99":5000000,"p999":8000000,"max":%d},"pinned":false},
                            "allocBytesPerPacket":0.0,
                            "gc":{"count":4,"pauseTotalMs":40.0,"pauseMaxMs":12.0,"pauseAvgMs":10.0,"perSecond":2.0,"fraction":0.02},
                            "liveObjects":3000000,"heapUsedMb":100.0,
                            "search":{%s"maxIntervalNs":1000,"resolutionNs":10,"startIntervalNs":130,"probes":[]}}}
                """.replace("\n", ""), strategy, caseName, gc, heap, intervalNs, Math.round(20000 * lossPercent), lossPercent,
                maxLatencyNs, answer));
    }

    @Test
    void shouldTakeGcTimePerLiveObjectFromTheAveragePausePerPause() {
        // the article's G1 A pool: 21 ms average pause / 3.039 M live objects = 7 ns; 20 pauses in 10 collections
        JsonNode record = RecordJson.parse("""
                {"experiment":"analyzer","status":"ok","cell":{"strategy":"pool","case":"A","mode":"batch","gc":"G1","heap":"2g"},
                 "metrics":{"nsPerPacket":{"median":140,"min":140,"max":140,"rounds":[140]},"gc":{"count":10,"pauses":20,"pauseTotalMs":420.0,"pauseMaxMs":47.0,
                 "pauseAvgMs":21.0,"perSecond":1.3,"fraction":0.03},"liveObjects":3039000}}
                """.replace("\n", ""));

        String tables = render(List.of(record), QUICK);

        assertTrue(tables.contains("|           47 |           21 |  1.3 |        3.0% |            3.039 |                   6.9 |"),
                tables);
    }

    @Test
    void shouldShowCppRowsUnderEveryCollectorAndMarkTheBestOfAllRows() {
        List<JsonNode> records = List.of(ok("G1", "pool", "A", 140), ok("ZGC", "pool", "A", 110),
                cpp("cpp", "pool", "A", 111), cpp("cpp-flat", "pool", "A", 34));

        String tables = render(records, QUICK);

        assertEquals(2, count(tables, "| cpp-flat pool | **34** (32-36) |\n"), "under G1 and under ZGC:\n" + tables);
        assertEquals(2, count(tables, "| cpp pool      |  111 (104-118) |\n"), tables);
        assertEquals(2, count(tables, "C++ rows: C++ has no collector"), tables);
        assertFalse(tables.contains("| cpp pool      |    A |"), "GC tables leave C++ out:\n" + tables);
        assertTrue(tables.contains("- C++: g++ 12.2.0 -O3"), tables);
        assertTrue(tables.contains("- cells: 4, forks: 4 (4 ok, 0 failed)"), tables);
        assertEquals(2, count(tables, "| cpp-flat pool |  34 |     34 |"), "beside the article's C++ flat:\n" + tables);
        assertTrue(tables.contains("| pool / cpp pool |  1.26× |"), "140 / 111:\n" + tables);
    }

    @Test
    void shouldRenderJavaOverCppRatiosOfMedians() {
        List<JsonNode> records = List.of(ok("G1", "flat", "A", 87), ok("G1", "pool", "A", 150),
                ok("G1", "native-pool", "A", 120), ok("G1", "pool", "B", 330),
                cpp("cpp", "pool", "A", 100), cpp("cpp-flat", "pool", "A", 60), cpp("cpp", "pool", "B", 220));

        String tables = render(records, QUICK);

        assertTrue(tables.contains("### G1: Java / C++, ns/packet"), tables);
        assertTrue(tables.contains("| flat / cpp-flat pool        |  1.45× |      - |"), tables);
        assertTrue(tables.contains("| pool / cpp pool             |  1.50× |  1.50× |"), tables);
        assertTrue(tables.contains("| native-pool / cpp-flat pool |  2.00× |      - |"), tables);
        assertTrue(tables.contains("> 1 means Java needs more time per packet than C++"), tables);
    }

    @Test
    void shouldAskJavaAgainstCppAndGiveBothCellsFurtherPassesWhileTooCloseToCall() {
        // three passes; flat within 2% of cpp-flat pool in each, pool 1.5x cpp pool in each
        List<JsonNode> records = new ArrayList<>();
        double[] host = {1.0, 1.04, 0.97};
        for (int pass = 1; pass <= 3; pass++) {
            double h = host[pass - 1];
            records.add(ok("G1", "flat", "A", 100 * h, pass));
            records.add(cpp("cpp-flat", "pool", "A", (pass == 2 ? 101 : 98) * h, pass));
            records.add(ok("G1", "pool", "A", 150 * h, pass));
            records.add(cpp("cpp", "pool", "A", 100 * h, pass));
        }
        var read = REPORT.recordType().readAll(records);

        Set<String> undecided = REPORT.undecidedCells(read);

        Set<String> flatPair = new HashSet<>();
        read.stream().filter(r -> r.cell().strategy().equals("flat") || r.cell().row().equals("cpp-flat pool"))
                .forEach(r -> flatPair.add(r.cell().key()));
        assertEquals(flatPair, undecided, "the flat pair is too close to call, the pool pair is not");
        String verdict = render(records, QUICK);
        assertTrue(verdict.contains("**Java against C++**, ns per packet"), verdict);
        assertTrue(verdict.contains("- G1, flat over cpp-flat pool: A 1.01x (95% CI "), verdict);
        assertTrue(verdict.contains("3 passes; too close to call)."), verdict);
        assertTrue(verdict.contains("- G1, pool over cpp pool: A 1.50x (95% CI 1.41-1.60x, 3 passes)."), verdict);
        assertTrue(verdict.contains("- G1 A: flat against cpp-flat pool (too close to call, flat over cpp-flat pool"
                + " 95% CI 0.94-1.09x, 3 passes)."), "the same way up as the Java against C++ line:\n" + verdict);
    }

    @Test
    void shouldChartTheJavaCppRatioAsTheTableGivesItWithItsInterval() {
        // medians 100 against 100, but pass by pass 0.96, 1.10, 1.05: the chart must show the table's figure
        List<JsonNode> records = new ArrayList<>();
        double[] flat = {96, 110, 100};
        double[] cppFlat = {100, 100, 95.2};
        for (int pass = 1; pass <= 3; pass++) {
            records.add(ok("G1", "flat", "A", flat[pass - 1], pass));
            records.add(cpp("cpp-flat", "pool", "A", cppFlat[pass - 1], pass));
        }
        String tables = render(records, QUICK);
        String row = tables.lines().filter(l -> l.startsWith("| flat / cpp-flat pool")).findFirst().orElseThrow();
        String tableRatio = row.replaceAll(".*\\|\\s+(\\d\\.\\d\\d×) \\(.*", "$1");

        Chart chart = REPORT.charts(REPORT.recordType().readAll(records), List.of(QUICK)).stream()
                .flatMap(section -> section.charts().stream()).filter(c -> c.title().equals("G1: Java / C++, ns/packet"))
                .findFirst().orElseThrow();

        assertTrue(chart.svg().contains("flat / cpp-flat pool, case A: " + tableRatio + " ("), tableRatio + " in\n" + chart.svg());
        assertTrue(chart.svg().contains("whisker: 95% interval"), chart.svg());
        assertTrue(chart.caption().contains("the geometric mean of the passes' ratios"), chart.caption());
    }

    @Test
    void shouldRenderRealtimeRatiosWithAFootnotedDashWhereASideLost() {
        List<JsonNode> records = List.of(interval("G1", "pool", "A", 600, "2g"), lost("G1", "pool", "C", 4.4, "2g"),
                cppRealtime("cpp", "pool", "A", 400), cppRealtime("cpp", "pool", "C", 480));

        String tables = render(records, List.of(REALTIME));

        assertTrue(tables.contains("### G1: Java / C++, smallest loss-free interval"), tables);
        assertTrue(tables.contains("| pool / cpp pool |  1.50× |  - [1] |"), tables);
        assertTrue(tables.contains("[1] pool / cpp pool, case C: G1 pool lost: 4.4%"), tables);
        assertTrue(tables.contains("| cpp pool | 400 |        480 |"), "C++ rows in the real-time table:\n" + tables);
        assertTrue(tables.contains("| cpp pool | 400 |    250 |        480 |        480 |"), "beside the article's C++:\n" + tables);
    }

    static JsonNode cpp(String runtime, String strategy, String caseName, double median) {
        return cpp(runtime, strategy, caseName, median, 1);
    }

    static JsonNode cpp(String runtime, String strategy, String caseName, double median, int fork) {
        return RecordJson.parse(String.format(Locale.ROOT, """
                {"experiment":"analyzer","status":"ok","fork":%d,
                 "cell":{"strategy":"%s","runtime":"%s","case":"%s","mode":"batch"},
                 "env":{"vm":"g++ 12.2.0 -O3","cpu":"Test CPU @ 2 GHz","cores":2,"os":"Linux 6.1 x86_64","host":"box"},
                 "metrics":{%s}}
                """.replace("\n", ""), fork, strategy, runtime, caseName, batchFigures(median).replace("\"allocBytesPerPacket\":0.0",
                "\"allocBytesPerPacket\":64.0")));
    }

    static JsonNode cppRealtime(String runtime, String strategy, String caseName, long minIntervalNs) {
        return RecordJson.parse(String.format(Locale.ROOT, """
                {"experiment":"analyzer","status":"ok",
                 "cell":{"strategy":"%s","runtime":"%s","case":"%s","mode":"realtime","findInterval":true},
                 "env":{"vm":"g++ 12.2.0 -O3","cpu":"Test CPU @ 2 GHz","cores":2,"os":"Linux 6.1 x86_64","host":"box"},
                 "metrics":{"realtime":{"intervalNs":%d,"sent":2000000,"received":2000000,"lost":0,"lossPercent":0.0,
                            "latencyNs":{"p50":1000,"p99":5000,"max":9000}},
                            "search":{"minIntervalNs":%d,"maxIntervalNs":1000}}}
                """.replace("\n", ""), strategy, runtime, caseName, minIntervalNs, minIntervalNs));
    }

    static JsonNode failedRealtime(String gc, String strategy, String caseName, String error) {
        return RecordJson.parse("{\"experiment\":\"analyzer\",\"status\":\"failed\",\"error\":\"" + error + "\","
                + "\"cell\":{\"strategy\":\"" + strategy + "\",\"case\":\"" + caseName + "\",\"mode\":\"realtime\",\"gc\":\"" + gc
                + "\",\"heap\":\"1g\",\"findInterval\":true}}");
    }

    /**
     * An ok batch record as the analyzer writes one: five steady rounds around {@code median}, whose
     * middle half is 0.9375 to 1.0625 of it.
     */
    static JsonNode ok(String gc, String strategy, String caseName, double median) {
        return ok(gc, strategy, caseName, median, 1);
    }

    static JsonNode ok(String gc, String strategy, String caseName, double median, int fork) {
        return RecordJson.parse(String.format(Locale.ROOT, """
                {"experiment":"analyzer","status":"ok","fork":%d,
                 "cell":{"strategy":"%s","case":"%s","mode":"batch","gc":"%s","heap":"%s","queue":1000,"roundMs":1000,
                         "rounds":5,"warmup":3,"maxRounds":12,"prefill":true},
                 "env":{"jdk":"25.0.3","vm":"Test VM","cpu":"Test CPU @ 2 GHz","cores":2,"os":"Linux 6.1 amd64","jvmArgs":[],
                        "host":"box"},
                 "metrics":{%s,
                            "gc":{"count":10,"pauseTotalMs":620.0,"pauseMaxMs":76.0,"pauseAvgMs":62.0,"perSecond":0.6,
                                  "fraction":0.03,"pauses":10},
                            "liveObjects":3534000,"heapUsedMb":100.0}}
                """.replace("\n", ""), fork, strategy, caseName, gc,
                strategy.startsWith("native") || strategy.equals("flat") ? "1g" : "2g", batchFigures(median)));
    }

    /** nsPerPacket and what goes with it: five steady rounds around {@code median}. */
    static String batchFigures(double median) {
        return String.format(Locale.ROOT, """
                "nsPerPacket":{"median":%s,"min":%s,"max":%s,"rounds":[%s,%s,%s,%s,%s]},
                "packetsPerSecond":1.0,"allocBytesPerPacket":0.0,
                "steadyState":{"steady":true,"reason":"steady","rounds":5,"shift":0.0,"noise":0.05,"drift":0.0,"trendP":1.0},
                "warmupRounds":[%s],"discardedRounds":[],"prefillMs":40.0""".replace("\n", ""),
                median, median * 0.875, median * 1.125, median, median * 0.9375, median * 1.0625, median * 0.875,
                median * 1.125, median * 2);
    }

    static JsonNode failed(String gc, String strategy, String caseName, String error) {
        return failed(gc, strategy, caseName, error, 1);
    }

    static JsonNode failed(String gc, String strategy, String caseName, String error, int fork) {
        return RecordJson.parse("{\"experiment\":\"analyzer\",\"status\":\"failed\",\"error\":\"" + error + "\","
                + "\"fork\":" + fork + ","
                + "\"cell\":{\"strategy\":\"" + strategy + "\",\"case\":\"" + caseName + "\",\"mode\":\"batch\",\"gc\":\"" + gc
                + "\",\"heap\":\"2g\"}}");
    }

    private static final AnalyzerReport REPORT = new AnalyzerReport();

    /** The tables of {@code records}, read as the lab reads them, from runs described by {@code runs}. */
    static String render(List<JsonNode> records, List<RunInfo> runs) {
        return REPORT.render(REPORT.recordType().readAll(records), runs);
    }

    static String render(List<JsonNode> records, RunInfo run) {
        return render(records, List.of(run));
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}

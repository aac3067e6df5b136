package org.allocpool.lab.analyzermt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.report.Chart;
import org.allocpool.lab.report.ChartSection;
import org.allocpool.lab.run.CellFiles;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.process.JvmCommand;
import org.junit.jupiter.api.Test;

/**
 * The {@code analyzer-mt} lab without running anything: its cells, the command line a cell starts,
 * and the tables, verdict and charts it makes of records written here by hand.
 */
class AnalyzerMtLabTest {

    private static final JvmCommand JVM = new JvmCommand(Path.of("/jdk/bin/java"), List.of(), List.of("-m", "main/Main"));

    private static AnalyzerMtExperiment experiment(String mode, List<String> gcs, List<String> strategies,
                                                   List<String> cases, List<Integer> threads) {
        return new AnalyzerMtExperiment(AnalyzerMtProfile.QUICK, mode, gcs, strategies, cases, threads, null, null,
                List.of(), JVM);
    }

    @Test
    void shouldRunTheQuickProfileAsThirtyTwoCellsInTableOrder() {
        List<AnalyzerMtCell> cells = experiment("batch", List.of(), List.of(), List.of(), List.of()).cells();

        assertEquals(32, cells.size(), "G1 and ZGC x A and B x 4 strategies x N = 1, 2");
        assertEquals("G1-batch-A-alloc-x1", cells.get(0).id());
        assertEquals("G1-batch-A-alloc-x2", cells.get(1).id());
        assertEquals("G1-batch-A-pool-shared-x1", cells.get(2).id());
        assertEquals("ZGC-batch-B-flat-x2", cells.getLast().id());
        assertEquals(32, cells.stream().map(AnalyzerMtCell::id).distinct().count(), "every cell its own id");
    }

    @Test
    void shouldNameABadValueOfAnOption() {
        IllegalArgumentException strategy = assertThrows(IllegalArgumentException.class,
                () -> experiment("batch", List.of(), List.of("pool"), List.of(), List.of()));
        assertTrue(strategy.getMessage().contains("'pool'"), strategy.getMessage());
        IllegalArgumentException threads = assertThrows(IllegalArgumentException.class,
                () -> experiment("batch", List.of(), List.of(), List.of(), List.of(0)));
        assertTrue(threads.getMessage().contains("was 0"), threads.getMessage());
        IllegalArgumentException c = assertThrows(IllegalArgumentException.class,
                () -> experiment("batch", List.of(), List.of(), List.of("D"), List.of()));
        assertTrue(c.getMessage().contains("'D'"), c.getMessage());
        IllegalArgumentException mode = assertThrows(IllegalArgumentException.class,
                () -> experiment("paced", List.of(), List.of(), List.of(), List.of()));
        assertTrue(mode.getMessage().contains("'paced'"), mode.getMessage());
    }

    @Test
    void shouldStartTheAnalyserWithTheCellsOptionsHeapAndCollector() {
        AnalyzerMtCell cell = experiment("batch", List.of("ZGC"), List.of("pool-per-thread"), List.of("B"), List.of(2))
                .cells().getFirst();

        List<String> command = experiment("batch", List.of("ZGC"), List.of("pool-per-thread"), List.of("B"), List.of(2))
                .launch(cell, new CellFiles(Path.of("/tmp/results"), cell.id())).client().apply(null);

        String line = String.join(" ", command);
        assertTrue(line.startsWith("/jdk/bin/java "), line);
        assertTrue(line.contains("-XX:+UseZGC"), line);
        assertTrue(line.contains("-Xms2g -Xmx2g"), line);
        // the pool: queue + stored + a ring and one per processor + 40,000
        assertTrue(line.endsWith("-m main/Main analyzer-mt --strategy pool-per-thread --case B --threads 2 --pool 242050"
                + " --round-time 250ms --warmup 2 --rounds 4 --max-rounds 7 --json"), line);
        AnalyzerMtCell flat = experiment("realtime", List.of("G1"), List.of("flat"), List.of("A"), List.of(1)).cells().getFirst();
        assertEquals("1g", flat.heap(), "flat keeps its packets off the heap");
        String paced = String.join(" ", flat.programArgs());
        assertTrue(paced.contains("--mode realtime --interval-ns 1000 --duration 2000ms --warmup-s 1.0 --max-delay-ms 100"),
                paced);
        assertEquals("G1-realtime-A-flat-x1-1000ns", flat.id());
    }

    @Test
    void shouldTabulatePacketsPerSecondByNWithTheRatioToOneAndTheArticleBeside() {
        List<String> lines = new ArrayList<>();
        for (String s : AnalyzerMtExperiment.STRATEGIES) {
            double one = s.equals("flat") ? 8e6 : 4e6;
            lines.add(batch("G1", "A", s, 1, one, true, 3, 0.01));
            lines.add(batch("G1", "A", s, 2, s.equals("pool-shared") ? one * 0.5 : one * 0.75, true, 4, 0.02));
        }
        String tables = squeeze(render(lines));

        assertTrue(tables.contains("## G1, batch, case A"), tables);
        assertTrue(tables.contains("| strategy | N=1 | N=2 | article, 1 thread |"), tables);
        assertTrue(tables.contains("| alloc | 4.00 | 3.00 (x0.75) | 2.36 (424 ns/packet) |"), tables);
        assertTrue(tables.contains("| pool-shared | 4.00 | 2.00 (x0.50) | 7.14 (140 ns/packet) |"), tables);
        assertTrue(tables.contains("| flat | 8.00 | 6.00 (x0.75) | - |"), tables);
        assertTrue(tables.contains("| pool-per-thread | 2 | 4 | 5.0 | 2.0% | 50% of packets | 333 | 100 + 150 |"),
                "the GC table, wall and CPU time per packet:\n" + tables);
        String verdict = tables.substring(tables.indexOf("## Verdict"));
        assertTrue(verdict.contains("with 1 processor is fastest: flat (8.00 M packets/s)"), verdict);
        assertTrue(verdict.contains("alloc at N=2 runs x0.75 its one-processor rate"), verdict);
        assertTrue(verdict.contains("at N=2 the shared pool runs x0.67 the pool per thread"), verdict);
    }

    @Test
    void shouldNameNoWinnerNorChangeWhenTheRoundsOverlap() {
        String tables = squeeze(render(List.of(batch("G1", "B", "alloc", 1, 4.0e6, true, 1, 0),
                batch("G1", "B", "flat", 1, 4.2e6, true, 0, 0), batch("G1", "B", "flat", 2, 4.1e6, true, 0, 0))));

        assertTrue(tables.contains("with 1 processor no strategy is clearly fastest: flat (4.20 M packets/s) and alloc"
                + " (4.00) overlap in their rounds"), tables);
        assertTrue(tables.contains("flat at N=2 runs x0.98 its one-processor rate (the rounds overlap: no clear change)"), tables);
    }

    @Test
    void shouldMarkAnUnsteadyCellAndLeaveItOutOfTheVerdict() {
        String tables = squeeze(render(List.of(batch("ZGC", "B", "flat", 1, 9e6, false, 0, 0),
                batch("ZGC", "B", "alloc", 1, 2e6, true, 9, 0.1))));

        assertTrue(tables.contains("| flat | 9.00* |"), tables);
        assertTrue(tables.contains("with 1 processor is fastest: alloc (2.00 M packets/s)"), tables);
    }

    @Test
    void shouldSayAFailedCellFailedAndWhy() {
        String failed = "{\"experiment\":\"analyzer-mt\",\"status\":\"failed\",\"error\":\"timed out after 120 s; killed\","
                + "\"fork\":1,\"cell\":{\"strategy\":\"pool-shared\",\"case\":\"A\",\"threads\":2,\"mode\":\"batch\","
                + "\"gc\":\"G1\",\"heap\":\"2g\"}}";
        String tables = squeeze(render(List.of(batch("G1", "A", "pool-shared", 1, 3e6, true, 1, 0), failed)));

        assertTrue(tables.contains("| pool-shared | 3.00 | failed [1] |"), tables);
        assertTrue(tables.contains("- G1 batch A pool-shared x2: failed: timed out after 120 s; killed"), tables);
    }

    @Test
    void shouldReportTheLossInRealTime() {
        String tables = squeeze(render(List.of(paced("G1", "alloc", 1, 2_000_000, 20_000),
                paced("G1", "alloc", 2, 2_000_000, 0), paced("G1", "flat", 1, 2_000_000, 0))));

        assertTrue(tables.contains("## G1, realtime, case A"), tables);
        assertTrue(tables.contains("| alloc | 1.000% | 0.000% |"), tables);
        assertTrue(tables.contains("with 1 processor loses least: flat (0.000%)"), tables);
        assertTrue(tables.contains("with 2 processors loses least: alloc (0.000%)"), tables);
        String tied = squeeze(render(List.of(paced("ZGC", "alloc", 1, 2_000_000, 0), paced("ZGC", "flat", 1, 2_000_000, 0),
                paced("ZGC", "pool-shared", 1, 2_000_000, 5_000))));
        assertTrue(tied.contains("with 1 processor lose least, alike: alloc, flat (0.000%)"), tied);
    }

    @Test
    void shouldDrawPacketsPerSecondAndGcTimeForEachCollectorAndCase() {
        List<String> lines = new ArrayList<>();
        for (String gc : List.of("G1", "ZGC")) {
            for (String s : AnalyzerMtExperiment.STRATEGIES) {
                lines.add(batch(gc, "A", s, 1, 4e6, true, 2, 0.01));
                lines.add(batch(gc, "A", s, 2, 3e6, s.equals("alloc"), 2, 0.01));
            }
        }
        AnalyzerMtReport report = new AnalyzerMtReport();
        List<ChartSection> sections = report.charts(read(lines), List.of());

        assertEquals(List.of("G1, batch, case A", "ZGC, batch, case A"), sections.stream().map(ChartSection::title).toList());
        for (ChartSection section : sections) {
            assertEquals(2, section.charts().size(), section.title());
            Chart rate = section.charts().getFirst();
            assertTrue(rate.title().endsWith(": packets per second"), rate.title());
            assertTrue(rate.svg().contains("article, pool, 1 thread"), "the article's line");
            for (String s : AnalyzerMtExperiment.STRATEGIES) {
                assertTrue(rate.svg().contains(s + ", N=2: 3.00 M packets/s"), s + " in " + rate.svg());
            }
            assertTrue(rate.svg().contains("pool-shared, N=2: 3.00 M packets/s; not steady"), rate.svg());
        }
    }

    private static String batch(String gc, String workloadCase, String strategy, int threads, double pps, boolean steady,
                                int gcs, double gcFraction) {
        double ns = 1e9 / pps;
        return String.format(Locale.ROOT, "{\"experiment\":\"analyzer-mt\",\"status\":\"ok\",\"fork\":1,\"cell\":"
                        + "{\"strategy\":\"%s\",\"case\":\"%s\",\"threads\":%d,\"mode\":\"batch\",\"gc\":\"%s\",\"heap\":\"2g\"},"
                        + "\"metrics\":{\"threads\":%d,\"packetsPerSecond\":%.1f,\"nsPerPacket\":%.3f,"
                        + "\"nsPerPacketRounds\":{\"median\":%.3f,\"min\":%.3f,\"max\":%.3f,\"rounds\":[]},"
                        + "\"steadyState\":{\"steady\":%b,\"reason\":\"%s\"},\"sourceAllocBytesPerPacket\":0.0,"
                        + "\"processorAllocBytesPerPacket\":144.0,\"sourceWaitFraction\":0.5,\"sourceCpuNsPerPacket\":100.0,"
                        + "\"processorCpuNsPerPacket\":150.0,"
                        + "\"gc\":{\"count\":%d,\"pauseMaxMs\":5.0,\"fraction\":%s},\"allBack\":true}}",
                strategy, workloadCase, threads, gc, threads, pps, ns, ns, ns * 0.9, ns * 1.1, steady,
                steady ? "steady" : "a trend", gcs, gcFraction);
    }

    private static String paced(String gc, String strategy, int threads, long sent, long lost) {
        return String.format(Locale.ROOT, "{\"experiment\":\"analyzer-mt\",\"status\":\"ok\",\"fork\":1,\"cell\":"
                        + "{\"strategy\":\"%s\",\"case\":\"A\",\"threads\":%d,\"mode\":\"realtime\",\"gc\":\"%s\",\"heap\":\"2g\","
                        + "\"intervalNs\":1000},\"metrics\":{\"threads\":%d,\"packetsPerSecond\":%d.0,"
                        + "\"gc\":{\"count\":0,\"pauseMaxMs\":0.0,\"fraction\":0.0},\"allBack\":true,\"realtime\":"
                        + "{\"intervalNs\":1000,\"sent\":%d,\"received\":%d,\"lost\":%d,\"lossPercent\":%s}}}",
                strategy, threads, gc, threads, (sent - lost) / 2, sent, sent - lost, lost, lost * 100.0 / sent);
    }

    private static List<LabRecord<AnalyzerMtCellFields, AnalyzerMtMetricsView>> read(List<String> lines) {
        List<LabRecord<AnalyzerMtCellFields, AnalyzerMtMetricsView>> records = new AnalyzerMtReport().recordType()
                .readAll(lines.stream().map(RecordJson::parse).toList());
        assertEquals(lines.size(), records.size(), "every line reads as an analyzer-mt record");
        return records;
    }

    private static String render(List<String> lines) {
        String text = new AnalyzerMtReport().render(read(lines), List.of());
        assertFalse(text.isBlank());
        return text;
    }

    /** Runs of spaces made one, so that a row reads the same whatever the columns' widths. */
    private static String squeeze(String tables) {
        return tables.replaceAll(" +", " ");
    }
}

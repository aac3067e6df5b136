package org.allocpool.lab.firstalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.allocpool.lab.figure.CellFigure;
import org.allocpool.lab.firstalloc.tables.FirstAllocReport;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.report.ChartSection;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;

/** The first-alloc tables, verdict, figures and charts from made-up records, read as the lab reads them. */
class FirstAllocReportTest {

    private static final RunInfo RUN = new RunInfo("first-alloc", "quick",
            List.of("--size", "1024", "--count", "1000", "--pool", "1000"), List.of());

    @Test
    void shouldShowTheMedianAndTheTenthToNinetiethPercentileOverTheForks() {
        List<String> records = new ArrayList<>();
        // eleven forks: 100..200 ms to the first pooled buffer, 10 ms more for the thousand
        for (int fork = 1; fork <= 11; fork++) {
            records.add(record("netty-pooled-direct", "direct", fork, 90 + 10 * fork, 100 + 10 * fork, 110 + 10 * fork, 330));
            records.add(record("byte-array", "heap", fork, 0.03, 0.05, 0.2, 0));
        }
        String tables = squeeze(render(records));

        assertTrue(tables.contains("| netty-pooled-direct | direct | 160 (120-200) | 150 (110-190) | 170 (130-210) |"), tables);
        assertTrue(tables.contains("| 11 |"), "forks counted:\n" + tables);
        assertTrue(tables.contains("| byte-array | heap | 0.050 (0.050-0.050) |"), tables);
        assertTrue(tables.contains("| netty-pooled-direct | 330 | 338 |"), "classes:\n" + tables);
        assertTrue(tables.contains("| netty-pooled-direct | 160 (120-200) | 165 | 0.97× |"), "beside the article:\n" + tables);
        assertTrue(tables.contains("- cells: 2 (2 ok, 0 failed), forks: 22 (22 ok, 0 failed)"), tables);
        assertTrue(tables.contains("- profile: quick (every fork: `--size 1024 --count 1000 --pool 1000`)"), tables);
    }

    @Test
    void shouldJudgeInWordsWithTheCaseStudyBesideOurs() {
        List<String> records = new ArrayList<>();
        for (int fork = 1; fork <= 5; fork++) {
            records.add(record("netty-pooled-direct", "direct", fork, 100, 120 + fork, 140, 330));
            records.add(record("netty-unpooled-direct", "direct", fork, 2, 60 + fork, 80, 270));
            records.add(record("pool-heap", "heap", fork, 4, 4.01, 4.5, 6));
            records.add(record("arena-confined", "native", fork, 3, 18, 30, 70));
            records.add(record("byte-array", "heap", fork, 0.03, 0.05, 0.2, 0));
        }
        String verdict = section(squeeze(render(records)), "## Verdict\n");

        assertTrue(verdict.contains("- **Slowest first buffer: netty-pooled-direct**, 123 ms"), verdict);
        assertTrue(verdict.contains("fastest: byte-array, 0.050 ms"), verdict);
        assertTrue(verdict.contains("Pooled direct 123 ms (121-125) against unpooled direct 63.0 ms (61.4-64.6): apart"),
                verdict);
        assertTrue(verdict.contains("here 123 ms (121-125), 0.75×: the same order"), verdict);
        assertTrue(verdict.contains("- **Our pools**"), verdict);
        assertTrue(verdict.contains("- **FFM arenas** (1): first segment 18.0 ms, loading 70 classes"), verdict);
        assertTrue(verdict.contains("- **What to take from it:**"), verdict);
    }

    @Test
    void shouldSayWhichForkFailedAndKeepTheCellsThatMeasured() {
        List<String> records = List.of(
                record("pool-slab", "native", 1, 20, 25, 27, 74),
                failed("pool-slab", "native", 2, "OutOfMemoryError: Direct buffer memory"),
                failed("arena-auto", "native", 1, "timed out after 1m"));
        String tables = squeeze(render(records));

        assertTrue(tables.contains("| arena-auto | native | failed [2] |"), tables);
        assertTrue(tables.contains("[1] pool-slab: fork 2 of 2 failed (OutOfMemoryError: Direct buffer memory)"), tables);
        assertTrue(tables.contains("[2] arena-auto: timed out after 1m"), tables);
        assertTrue(tables.contains("- cells: 2 (1 ok, 1 failed), forks: 3 (1 ok, 2 failed)"), tables);
    }

    @Test
    void shouldSaySoWhenNothingMeasured() {
        String tables = render(List.of(failed("byte-array", "heap", 1, "crashed")));
        assertTrue(tables.contains("Nothing to judge: no cell measured."), tables);
    }

    @Test
    void shouldGiveTheFirstBufferAsEachCellsFigureAndNoneForAFailedCell() {
        FirstAllocReport report = new FirstAllocReport();
        List<CellFigure> figures = report.figures(read(List.of(record("byte-array", "heap", 1, 0.03, 0.05, 0.2, 0),
                record("byte-array", "heap", 2, 0.03, 0.07, 0.2, 0), failed("arena-auto", "native", 1, "crashed"))));

        assertEquals(List.of("arena-auto", "byte-array"), figures.stream().map(CellFigure::label).toList(), "table order");
        CellFigure array = figures.get(1);
        assertEquals("first buffer ms", array.metric());
        assertTrue(array.lowerIsBetter());
        assertEquals(0.06, array.figure().median(), 1e-9);
        assertNull(figures.getFirst().figure());
    }

    @Test
    void shouldDrawTheTimesTheClassesAndTheStartWithTheCaseStudysLine() {
        FirstAllocReport report = new FirstAllocReport();
        List<ChartSection> sections = report.charts(read(List.of(record("netty-pooled-heap", "heap", 1, 80, 100, 120, 320),
                record("byte-array", "heap", 1, 0.03, 0.05, 0.2, 0))), List.of(RUN));

        assertEquals(1, sections.size());
        assertEquals(3, sections.getFirst().charts().size());
        String svg = sections.getFirst().charts().getFirst().svg();
        assertNotNull(svg);
        assertTrue(svg.contains("165 ms"), "the case study's line in the legend");
        assertTrue(svg.contains("netty-pooled-heap"), svg);
        assertFalse(sections.getFirst().charts().get(1).svg().isEmpty());
    }

    /** A record as {@code first-alloc --json} prints it, times in ms, for fork {@code fork}. */
    static String record(String allocator, String memory, int fork, double openMs, double firstMs, double allMs, long classes) {
        return String.format(Locale.ROOT, "{\"experiment\":\"first-alloc\",\"status\":\"ok\",\"fork\":%d,\"cell\":{\"allocator\":\"%s\","
                        + "\"memory\":\"%s\",\"size\":1024,\"count\":1000,\"pool\":1000},\"env\":{\"jdk\":\"25\",\"vm\":\"vm\","
                        + "\"cpu\":\"cpu\",\"cores\":2,\"os\":\"Linux\",\"jvmArgs\":[],\"host\":\"h\"},\"metrics\":{"
                        + "\"startToReadyMs\":500,\"openNs\":%d,\"firstBufferNs\":%d,\"allBuffersNs\":%d,\"laterNsPerBuffer\":%.1f,"
                        + "\"classesFirstBuffer\":%d,\"classesAllBuffers\":%d,\"heapBytesFirstBuffer\":2000000,"
                        + "\"heapBytesAllBuffers\":3000000,\"directBytes\":0,\"buffers\":1000}}",
                fork, allocator, memory, (long) (openMs * 1e6), (long) (firstMs * 1e6), (long) (allMs * 1e6),
                (allMs - firstMs) * 1e6 / 999, classes, classes == 0 ? 0 : classes + 8);
    }

    static String failed(String allocator, String memory, int fork, String error) {
        return "{\"experiment\":\"first-alloc\",\"status\":\"failed\",\"error\":\"" + error + "\",\"fork\":" + fork
                + ",\"cell\":{\"allocator\":\"" + allocator + "\",\"memory\":\"" + memory
                + "\",\"size\":1024,\"count\":1000,\"pool\":1000}}";
    }

    static List<LabRecord<FirstAllocCellFields, FirstAllocMetricsView>> read(List<String> lines) {
        List<LabRecord<FirstAllocCellFields, FirstAllocMetricsView>> records = new FirstAllocReport().recordType()
                .readAll(lines.stream().map(RecordJson::parse).toList());
        assertEquals(lines.size(), records.size(), "every line reads as a first-alloc record");
        return records;
    }

    static String render(List<String> lines) {
        return new FirstAllocReport().render(read(lines), List.of(RUN));
    }

    static String squeeze(String tables) {
        return tables.replaceAll(" +", " ");
    }

    static String section(String tables, String heading) {
        int start = tables.indexOf(heading);
        assertTrue(start >= 0, "no " + heading.strip() + " in\n" + tables);
        int end = tables.indexOf("\n## ", start + heading.length());
        return tables.substring(start, end < 0 ? tables.length() : end);
    }
}

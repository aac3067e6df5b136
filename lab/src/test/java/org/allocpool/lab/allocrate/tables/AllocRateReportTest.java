package org.allocpool.lab.allocrate.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.allocrate.AllocRateCellFields;
import org.allocpool.lab.allocrate.AllocRateMetricsView;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.report.ChartSection;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.gc.GcStatistics;
import org.allocpool.metrics.stats.RoundStatistics;
import org.allocpool.metrics.stats.SteadyState;
import org.junit.jupiter.api.Test;

class AllocRateReportTest {

    private static final Environment ENV = new Environment("25", "vm", "cpu", 2, "os", List.of(), "host");

    /** A fork of {@code gc loop} on {@code threads} threads whose every round did {@code perThread} events/s per thread. */
    static LabRecord<AllocRateCellFields, AllocRateMetricsView> record(String gc, String loop, boolean ea, int threads,
                                                                      double perThread, double bytes, int fork) {
        double total = perThread * threads;
        List<Double> rounds = List.of(total * 0.99, total, total * 1.01, total, total * 0.995);
        GcStatistics gcStats = GcStatistics.of(bytes == 0 || gc.equals("Epsilon") ? 0 : 10, 10, 20, 3, 1_000_000_000L);
        double cpu = 1e9 / perThread;
        AllocRateMetricsView metrics = new AllocRateMetricsView(total, perThread, bytes, bytes * total, gcStats, 1.2, 1.0,
                cpu, (long) total, 1.0, 7L, RoundStatistics.of(rounds.stream().mapToDouble(Double::doubleValue).toArray()),
                RoundStatistics.of(new double[] {bytes, bytes, bytes, bytes, bytes}),
                RoundStatistics.of(new double[] {cpu * 1.01, cpu, cpu * 0.99, cpu, cpu * 1.005}),
                SteadyState.of(rounds.stream().mapToDouble(Double::doubleValue).toArray()), List.of(), List.of());
        AllocRateCellFields cell = new AllocRateCellFields(loop, threads, gc, ea, 1024L, 300L, null, 2, 5, 8);
        return new LabRecord<>("alloc-rate", "ok", null, fork, cell, ENV, metrics);
    }

    /** G1 scales from 1 to 2 threads and stops; per event at 1 thread: work 5 ns, Epsilon 10 ns, G1 12.5 ns, ZGC 25 ns. */
    static List<LabRecord<AllocRateCellFields, AllocRateMetricsView>> run() {
        List<LabRecord<AllocRateCellFields, AllocRateMetricsView>> records = new ArrayList<>();
        for (int fork = 1; fork <= 2; fork++) {
            records.add(record("G1", "alloc", true, 1, 80e6, 56, fork));
            records.add(record("G1", "alloc", false, 1, 80e6, 56, fork));
            records.add(record("G1", "reuse", true, 1, 200e6, 0, fork));
            records.add(record("ZGC", "alloc", true, 1, 40e6, 56, fork));
            records.add(record("Epsilon", "alloc", true, 1, 100e6, 56, fork));
            records.add(record("G1", "alloc", true, 2, 75e6, 56, fork));
            records.add(record("G1", "alloc", true, 4, 38e6, 56, fork));
        }
        return records;
    }

    @Test
    void shouldSplitTheTimeOfAnEventIntoWorkAllocationAndCollection() {
        CostSplit g1 = CostSplit.of(new AllocRateCells(run()), "G1", 1, true);
        assertNotNull(g1);
        assertEquals(12.5, g1.totalNs(), 1e-9);
        assertEquals(5, g1.workNs(), 1e-9);
        assertEquals(5, g1.allocationNs(), 1e-9);
        assertEquals(2.5, g1.collectionNs(), 1e-9);
        assertEquals(CostSplit.Answer.ALLOCATION, g1.answer());
        CostSplit wall = CostSplit.of(new AllocRateCells(run()), "G1", 1, false);
        assertEquals(2.5, wall.collectionNs(), 1e-6, "one thread, one core: wall time per thread is the CPU time");
        CostSplit zgc = CostSplit.of(new AllocRateCells(run()), "ZGC", 1, true);
        assertEquals(15, zgc.collectionNs(), 1e-9);
        assertEquals("G1", zgc.reuseGc(), "ZGC's baseline is the reference's reusing loop");
        assertEquals(CostSplit.Answer.COLLECTION, zgc.answer());
    }

    @Test
    void shouldRenderEveryTableAndAVerdictThatAnswersTheQuestions() {
        String text = new AllocRateReport().render(run(), List.of());
        for (String heading : List.of("## Events per second, all threads", "## Events per second per thread",
                "## Speed-up over the fewest threads", "## Allocated", "## Collections", "## CPU per event",
                "## Who pays, in CPU time", "## Who pays, in wall time per thread",
                "## Escape analysis", "## Beside the article", "## Verdict")) {
            assertTrue(text.contains(heading), heading + " in\n" + text);
        }
        assertTrue(text.contains("| G1 alloc   "), text);
        assertTrue(text.contains("80M (79.6M-80M) ±0%"), text);
        assertTrue(text.contains("150M"), "G1's two threads in all: " + text);
        assertTrue(text.contains("×1.88"), "two threads' speed-up: " + text);
        assertTrue(text.contains("56 B, 4.5 GB/s"), text);
        assertTrue(text.contains("0 B, 0 GB/s"), "reuse allocates nothing: " + text);
        assertTrue(text.contains("at most 152M on 4 threads (×1.9, 38M per thread); it stops rising at 2 threads, the"
                + " machine's cores. CPU per event 13 ns on 1 thread, 26 ns on 4 threads (×2.11), 95% CI 2.09-2.12x, 2 passes:"
                + " more threads make each"
                + " event dearer"), text);
        assertTrue(text.contains("G1 on 1 thread: the allocation (work 5.0, allocation 5.0, collection 2.5 ns)"), text);
        assertTrue(text.contains("ZGC on 1 thread: the collection (work 5.0, allocation 5.0, collection 15 ns)"), text);
        assertTrue(text.contains("It depends on the collector and the threads: the allocation pays more in 1 case(s),"
                + " the collection in 1."), text);
        assertTrue(text.contains("G1 on 1 thread: 56 bytes per event with it, 56 without; off/on ×1, too close to call, 95% CI 0.99-1.01x, 2 passes"),
                text);
        assertTrue(text.contains("| ×1 (too close to call) |               13, 13 |"), "CPU per event on and off: " + text);
        assertTrue(text.contains("216M (54M) on 4 threads"), text);
        assertTrue(text.contains("152M (38M) on 4 threads"), "ours beside it: " + text);
    }

    @Test
    void shouldMarkAFailedCellAndNotJudgeAnUnsteadyOne() {
        List<LabRecord<AllocRateCellFields, AllocRateMetricsView>> records = new ArrayList<>(run());
        records.add(new LabRecord<>("alloc-rate", "failed", "OutOfMemoryError: Java heap space", 1,
                AllocRateCellFields.of("Epsilon", "alloc", true, 2), ENV, null));
        String text = new AllocRateReport().render(records, List.of());
        assertTrue(text.contains("failed [1]"), text);
        assertTrue(text.contains("[1] Epsilon alloc, 2 threads: OutOfMemoryError: Java heap space"), text);
    }

    @Test
    void shouldDrawRatesAndWhoPays() {
        List<ChartSection> sections = new AllocRateReport().charts(run(), List.of());
        assertEquals(1, sections.size());
        assertEquals(List.of("Events per second, all threads", "Events per second per thread",
                "Who pays: CPU per event", "Who pays: time per event per thread"), sections.getFirst().charts().stream().map(c -> c.title()).toList());
        assertTrue(sections.getFirst().charts().getFirst().svg().contains("<svg"));
    }

    @Test
    void shouldGiveEveryCellItsEventsPerSecondForCompare() {
        var figures = new AllocRateReport().figures(run());
        assertEquals(7, figures.size());
        assertEquals(80e6, figures.getFirst().figure().median(), 1);
    }
}

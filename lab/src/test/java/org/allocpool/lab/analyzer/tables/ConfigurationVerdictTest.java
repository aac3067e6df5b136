package org.allocpool.lab.analyzer.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.analyzer.AnalyzerCellFields;
import org.allocpool.lab.analyzer.AnalyzerMatrix;
import org.allocpool.lab.analyzer.AnalyzerMetricsView;
import org.allocpool.lab.figure.CellFigure;
import org.allocpool.lab.figure.Question;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.gc.GcStatistics;
import org.allocpool.metrics.stats.RoundStatistics;
import org.allocpool.metrics.stats.SteadyState;
import org.junit.jupiter.api.Test;

/**
 * Configurations side by side, on synthetic records: a JVM variant, a second heap or another packet
 * size gets tables of its own, never merged with the default's, and a verdict line per collector and
 * case saying whether it changes the answer and how far it moves alloc and pool, with the interval
 * and the bytes each allocates per packet.
 */
class ConfigurationVerdictTest {

    private static final Environment ENV = new Environment("25.0.3", "Test VM", "Test CPU", 2, "Linux", List.of(), "box");
    /** Each pass's JVM a little faster or slower, alike for every cell of the pass. */
    private static final double[] PASS = {1.0, 1.02, 0.98};

    @Test
    void shouldSayACompactHeadersVariantKeepsTheAnswerAndHowFarItMovesAllocAndPool() {
        List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> records = new ArrayList<>();
        records.addAll(cell("G1", "alloc", "B", null, null, 200, 1264));
        records.addAll(cell("G1", "pool", "B", null, null, 100, 144));
        records.addAll(cell("G1", "alloc", "B", "compact", null, 180, 1248));
        records.addAll(cell("G1", "pool", "B", "compact", null, 100, 136));

        String report = new AnalyzerReport().render(records, List.of());

        assertTrue(report.contains("\n## G1 (default)\n") && report.contains("\n## G1 (compact)\n"), report);
        assertTrue(report.contains("### Does the configuration change the answer?"), report);
        assertLine(report, "**compact** beside **default**: of the article's questions it answers, 1 of 1 keep their answer,"
                + " 0 change it");
        assertLine(report, "- G1 case B: Pool or allocate? default: pool, 2.00x (95% CI ");
        assertTrue(line(report, "- G1 case B:").contains("; compact: pool, 1.80x (95% CI "), report);
        assertTrue(line(report, "- G1 case B:").contains(": the same answer. compact / default: alloc 0.90x (95% CI 0.90-0.90x,"
                + " 3 passes), faster, 1,264 → 1,248 bytes/packet; pool 1.00x (95% CI 1.00-1.00x, 3 passes), too close to"
                + " call, 144 → 136 bytes/packet."), line(report, "- G1 case B:"));
        assertTrue(report.contains("### G1: compact beside default"), report);
    }

    @Test
    void shouldSayWhenABiggerHeapChangesTheAnswer() {
        List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> records = new ArrayList<>();
        records.addAll(cell("ZGC", "alloc", "C", null, "2g", 400, 1264));
        records.addAll(cell("ZGC", "pool", "C", null, "2g", 200, 144));
        records.addAll(cell("ZGC", "alloc", "C", null, "10g", 150, 1264));
        records.addAll(cell("ZGC", "pool", "C", null, "10g", 200, 144));

        String report = new AnalyzerReport().render(records, List.of());

        assertTrue(report.contains("\n## ZGC (heap 2g)\n") && report.contains("\n## ZGC (heap 10g)\n"), report);
        assertLine(report, "**heap 10g** beside **heap 2g**: of the article's questions it answers, 0 of 1 keep their"
                + " answer, 1 change it");
        assertTrue(line(report, "- ZGC case C:").contains("heap 2g: pool, 2.00x")
                && line(report, "- ZGC case C:").contains("heap 10g: alloc, 1.33x")
                && line(report, "- ZGC case C:").contains("**the answer changes**"), line(report, "- ZGC case C:"));
    }

    @Test
    void shouldNeverMergeTwoConfigurationsIntoOneFigure() {
        List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> records = new ArrayList<>();
        records.addAll(cell("G1", "pool", "A", null, null, 100, 144));
        records.addAll(cell("G1", "pool", "A", "compact", null, 50, 136));
        records.addAll(cell("G1", "alloc", "A", null, null, 120, 1264));
        records.addAll(cell("G1", "alloc", "A", "compact", null, 60, 1248));

        List<CellFigure> figures = new AnalyzerReport().figures(records);
        assertEquals(4, figures.size());
        assertEquals(4, figures.stream().map(CellFigure::cell).distinct().count());
        CellFigure compactPool = figures.stream().filter(f -> f.label().equals("G1 pool A (compact)")).findFirst().orElseThrow();
        assertEquals(50, compactPool.figure().median(), 1e-9, "the variant's forks only");
        List<Question> questions = new AnalyzerReport().questions(records);
        assertTrue(questions.stream().anyMatch(q -> q.name().equals("compact, G1 case A: pool or allocate?")),
                questions.toString());
        assertTrue(questions.stream().anyMatch(q -> q.name().equals("default, G1 case A: pool or allocate?")),
                questions.toString());
    }

    @Test
    void shouldPrintThePacketsShapeInTheHeaderAndTheVerdictAndSetSizesSideBySide() {
        List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> records = new ArrayList<>();
        records.addAll(cell("G1", "alloc", "B", null, null, 256, 200, 496));
        records.addAll(cell("G1", "pool", "B", null, null, 256, 100, 144));
        records.addAll(cell("G1", "alloc", "B", null, null, 4096, 400, 4336));
        records.addAll(cell("G1", "pool", "B", null, null, 4096, 100, 144));

        String report = new AnalyzerReport().render(records, List.of());

        assertTrue(report.contains("- packets: 256-byte packets, 1 in 16 kept; 4,096-byte packets, 1 in 16 kept"), report);
        assertTrue(report.contains("Packets: 256-byte packets, 1 in 16 kept; 4,096-byte packets, 1 in 16 kept."), report);
        assertLine(report, "**4,096-byte packets, 1 in 16 kept** beside **256-byte packets, 1 in 16 kept**");
        assertTrue(line(report, "- G1 case B:").contains("alloc 2.00x"), line(report, "- G1 case B:"));
        assertTrue(line(report, "- G1 case B:").contains("496 → 4,336 bytes/packet"), line(report, "- G1 case B:"));
    }

    @Test
    void shouldLeaveARunOfOneConfigurationAsItWas() {
        List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> records = new ArrayList<>();
        records.addAll(cell("G1", "alloc", "B", null, null, 200, 1264));
        records.addAll(cell("G1", "pool", "B", null, null, 100, 144));

        String report = new AnalyzerReport().render(records, List.of());

        assertTrue(report.contains("\n## G1\n"), report);
        assertFalse(report.contains("side by side"), report);
        assertFalse(report.contains("Does the configuration change the answer?"), report);
        assertTrue(report.contains("- packets: 1,024-byte packets, 1 in 16 kept"), report);
        assertEquals(List.of("G1 alloc B", "G1 pool B"),
                new AnalyzerReport().figures(records).stream().map(CellFigure::label).toList());
    }

    /** Three passes of one steady cell, median {@code ns} times the pass's factor. */
    private static List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> cell(String gc, String strategy, String caseName,
                                                                                String variant, String heap, double ns,
                                                                                double bytes) {
        return cell(gc, strategy, caseName, variant, heap, null, ns, bytes);
    }

    private static List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> cell(String gc, String strategy, String caseName,
                                                                                String variant, String heap,
                                                                                Integer packetSize, double ns, double bytes) {
        AnalyzerCellFields fields = new AnalyzerCellFields(strategy, null, caseName, "batch", gc,
                heap != null ? heap : AnalyzerMatrix.defaultHeap(strategy), null, null, null, null, null, 250L, 5, 3, 12,
                true, null, null, null, null, null, null, packetSize, 16, variant);
        List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> forks = new ArrayList<>();
        for (int pass = 1; pass <= PASS.length; pass++) {
            double m = ns * PASS[pass - 1];
            double[] rounds = {m, m, m, m, m};
            AnalyzerMetricsView metrics = new AnalyzerMetricsView(RoundStatistics.of(rounds), m, bytes,
                    new GcStatistics(10, 50, 9, 5, 2.5, 0.01, 10), 1_000_000L, 100.0,
                    new SteadyState(true, "steady", 5, 0, 0.01, 0, 1), List.of(), List.of(), 10.0, null, null);
            forks.add(new LabRecord<>("analyzer", LabRecord.OK, null, pass, fields, ENV, metrics));
        }
        return forks;
    }

    private static String line(String report, String start) {
        return report.lines().filter(l -> l.startsWith(start)).findFirst().orElse("no line starting " + start + " in\n" + report);
    }

    private static void assertLine(String report, String start) {
        assertTrue(report.lines().anyMatch(l -> l.startsWith(start)), "no line starting\n" + start + "\nin\n" + report);
    }
}

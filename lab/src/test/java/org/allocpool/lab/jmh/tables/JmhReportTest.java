package org.allocpool.lab.jmh.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.allocpool.lab.compare.CellChange;
import org.allocpool.lab.compare.Judgement;
import org.allocpool.lab.compare.RunComparison;
import org.allocpool.lab.compare.Threshold;
import org.allocpool.lab.figure.CellFigure;
import org.allocpool.lab.jmh.JmhCellFields;
import org.allocpool.lab.jmh.JmhMetricsView;
import org.allocpool.lab.merge.EnvironmentGroups;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.run.LabRunner;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;

class JmhReportTest {

    private static final JmhReport REPORT = new JmhReport();
    /** Each pass's factor on every score: the host's mood, the same for every cell of a pass. */
    private static final double[] PASS = {1.0, 1.04, 0.97};

    @Test
    void shouldNameTheFastestAlternativeOnlyWhenItsIntervalClearsTheMargin() {
        List<JsonNode> nodes = new ArrayList<>();
        for (String gc : List.of("ZGC", "G1")) {
            nodes.addAll(cell(gc, "org.example.Codec.fresh", 20, 1.0));
            nodes.addAll(cell(gc, "org.example.Codec.inPlace", 10, 1.0));
            nodes.addAll(cell(gc, "org.example.Queue.offer", 10, 1.0));
            // within 2% of offer, pass by pass up and down: no winner
            nodes.addAll(cell(gc, "org.example.Queue.poll", 10, 0.0));
        }

        String text = LabRunner.render(nodes, List.of(), REPORT);

        assertTrue(text.indexOf("| G1 ") < text.indexOf("| ZGC "), "G1, the lab's first collector, first:\n" + text);
        assertTrue(text.contains("- G1 Codec (size=64): inPlace is fastest, 2.00x faster than fresh (95% CI"), text);
        assertTrue(text.contains("- ZGC Queue (size=64): too close to call between "), text);
        assertTrue(text.contains("- Codec.fresh (size=64): G1 20.1 ns/op (95% CI "), text);
        assertTrue(text.contains("Codec.fresh (size=64), ZGC beside G1: no difference this run can tell"), text);
    }

    @Test
    void shouldSayWhenTheCollectorChangesTheScore() {
        List<JsonNode> nodes = new ArrayList<>(cell("G1", "org.example.Codec.fresh", 20, 1.0));
        nodes.addAll(cell("ZGC", "org.example.Codec.fresh", 30, 1.0));

        String text = LabRunner.render(nodes, List.of(), REPORT);

        assertTrue(text.contains("Codec.fresh (size=64), ZGC beside G1: yes, G1 is 1.50x better (95% CI"), text);
        assertTrue(text.contains("| Codec.fresh (size=64) | avgt | ns/op |"), text);
    }

    @Test
    void shouldGiveLabCompareOneScorePerCellWithItsUnit() {
        List<JsonNode> before = cell("G1", "org.example.Codec.fresh", 20, 1.0);
        List<JsonNode> after = cell("G1", "org.example.Codec.fresh", 40, 1.0);

        List<CellFigure> figures = REPORT.figures(REPORT.recordType().readAll(before));
        RunComparison c = RunComparison.of(new RunComparison.Run("before", before, EnvironmentGroups.Grouping.HOST),
                new RunComparison.Run("after", after, EnvironmentGroups.Grouping.HOST), List.of(REPORT),
                Threshold.DEFAULT);

        assertEquals(1, figures.size());
        assertEquals("ns/op", figures.getFirst().metric());
        assertTrue(figures.getFirst().lowerIsBetter());
        assertEquals(List.of(Judgement.SLOWER), c.changes().stream().map(CellChange::judgement).toList());
    }

    @Test
    void shouldNoteACellNoPassMeasured() {
        ObjectNode failed = RecordJson.mapper().createObjectNode();
        failed.put("experiment", "jmh").put("status", "failed").put("error", "JMH wrote no result").put("fork", 1);
        failed.set("cell", RecordJson.mapper().valueToTree(fields("G1", "org.example.Codec.fresh")));

        String text = LabRunner.render(List.of(failed), List.of(), REPORT);

        assertTrue(text.contains("failed [1]"), text);
        assertTrue(text.contains("[1] G1 Codec.fresh (size=64): JMH wrote no result"), text);
        assertTrue(text.contains("Nothing to judge: no cell measured."), text);
    }

    /** Three passes of one cell around {@code score} ns/op; {@code tracking} 1 follows the pass's factor, 0 wobbles against it. */
    private static List<JsonNode> cell(String gc, String benchmark, double score, double tracking) {
        List<JsonNode> nodes = new ArrayList<>();
        for (int pass = 1; pass <= PASS.length; pass++) {
            double s = score * (tracking > 0 ? PASS[pass - 1] : (pass % 2 == 0 ? 1.02 : 0.98));
            JmhMetricsView metrics = new JmhMetricsView("avgt", "ns/op", s, null,
                    List.of(List.of(s * 0.99, s, s * 1.01)), 1, 83.0, 1500.0, 4.0, 9.0, 1, "1.37", "1 x 100 ms",
                    "3 x 100 ms");
            LabRecord<JmhCellFields, JmhMetricsView> record = new LabRecord<>("jmh", "ok", null, pass,
                    fields(gc, benchmark), null, metrics);
            nodes.add(RecordJson.mapper().valueToTree(record));
        }
        return nodes;
    }

    private static JmhCellFields fields(String gc, String benchmark) {
        return new JmhCellFields(benchmark, Map.of("size", "64"), null, gc, null, null);
    }
}

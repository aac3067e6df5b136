package org.allocpool.lab.analyzer.tables;

import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.analyzer.AnalyzerMetricsView;
import org.allocpool.lab.text.MarkdownTable;
import org.allocpool.lab.text.Numbers;
import org.allocpool.metrics.gc.GcStatistics;
import org.allocpool.lab.text.TableNotes;

/**
 * The real-time tables of one collector, from records measured alike (all searches, or all at one
 * fixed interval; one heap setting): the article's "strategy × case" table of the smallest
 * loss-free interval or the loss, then the latency and GC figures of the probe each answer rests
 * on, fork by fork. C++ rows ({@code cpp pool}) follow the Java ones, the same under every
 * collector; they have no GC figures ({@code -}). Failed cells show {@code failed [n]} with the
 * reason footnoted. Thread-safe (stateless).
 */
final class RealtimeTables {

    private static final List<String> PROBE_HEADER = List.of("strategy", "case", "fork", "interval ns", "lost",
            "p99 latency ms", "max latency ms", "max GC pause ms", "GC/s");

    private RealtimeTables() {
    }

    /** Strategy × case: {@code 230}, {@code lost: 4.4%}, {@code failed [n]}, or {@code -} when not run. */
    static String answers(AnalyzerResults results, String gc, TableNotes footnotes) {
        List<String> cases = results.cases(gc);
        List<String> header = new ArrayList<>(List.of("strategy"));
        header.addAll(cases);
        MarkdownTable table = new MarkdownTable(header);
        for (String strategy : results.strategies(gc)) {
            List<String> row = new ArrayList<>(List.of(strategy));
            for (String caseName : cases) {
                row.add(answer(results.get(gc, strategy, caseName), footnotes));
            }
            table.row(row);
        }
        for (String cppRow : results.cppRows()) {
            List<String> row = new ArrayList<>(List.of(cppRow));
            for (String caseName : cases) {
                row.add(answer(results.cpp(cppRow, caseName), footnotes));
            }
            table.row(row);
        }
        return table.render();
    }

    private static String answer(CellResult result, TableNotes footnotes) {
        if (result == null) {
            return "-";
        }
        return result.isOk() ? RealtimeAnswer.text(result) + footnotes.failedForks(result.label(), result) : footnotes.failed(result.label(), result);
    }

    /** One row per cell and fork: the interval and loss of the answer's probe, its latency and the GC during it. */
    static String probes(AnalyzerResults results, String gc, TableNotes footnotes) {
        MarkdownTable table = new MarkdownTable(PROBE_HEADER);
        for (String strategy : results.strategies(gc)) {
            for (String caseName : results.cases(gc)) {
                probe(table, strategy, caseName, results.get(gc, strategy, caseName), footnotes);
            }
        }
        for (String cppRow : results.cppRows()) {
            for (String caseName : results.cases(gc)) {
                probe(table, cppRow, caseName, results.cpp(cppRow, caseName), footnotes);
            }
        }
        return table.render();
    }

    private static void probe(MarkdownTable table, String rowName, String caseName, CellResult result,
                              TableNotes footnotes) {
        if (result == null) {
            return;
        }
        if (!result.isOk()) {
            table.row(List.of(rowName, caseName, "-", footnotes.failed(result.label(), result)));
            return;
        }
        for (var record : result.forks()) {
            if (!record.isOk()) {
                continue;
            }
            List<String> row = new ArrayList<>(List.of(rowName, caseName, Integer.toString(record.forkNumber())));
            row.addAll(figures(record.metrics()));
            table.row(row);
        }
    }

    private static List<String> figures(AnalyzerMetricsView metrics) {
        AnalyzerMetricsView.Realtime realtime = metrics.realtime();
        AnalyzerMetricsView.Latency latency = realtime == null ? null : realtime.latencyNs();
        GcStatistics gc = metrics.gc();
        return List.of(
                realtime == null || realtime.intervalNs() == null ? "?" : Long.toString(realtime.intervalNs()),
                realtime == null || realtime.lossPercent() == null ? "?" : Numbers.lossPercent(realtime.lossPercent()) + "%",
                latency == null || latency.p99() == null ? "?" : Numbers.compact(latency.p99() / 1e6),
                latency == null || latency.max() == null ? "?" : Numbers.compact(latency.max() / 1e6),
                gc == null ? "-" : Numbers.compact(gc.pauseMaxMs()),
                gc == null ? "-" : Numbers.compact(gc.perSecond()));
    }
}

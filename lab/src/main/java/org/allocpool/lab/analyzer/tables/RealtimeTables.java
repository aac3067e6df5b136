package org.allocpool.lab.analyzer.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The real-time tables of one collector, from records measured alike (all searches, or all at one
 * fixed interval; one heap setting): the article's "strategy × case" table of the smallest
 * loss-free interval or the loss, then the latency and GC figures of the probe each answer rests
 * on. C++ rows ({@code cpp pool}) follow the Java ones, the same under every collector; they have no
 * GC figures ({@code -}). Failed cells show {@code failed [n]} with the reason footnoted.
 * Thread-safe (stateless).
 */
final class RealtimeTables {

    private static final List<String> PROBE_HEADER = List.of("strategy", "case", "interval ns", "lost",
            "p99 latency ms", "max latency ms", "max GC pause ms", "GC/s");

    private RealtimeTables() {
    }

    /** Strategy × case: {@code 230}, {@code lost: 4.4%}, {@code failed [n]}, or {@code -} when not run. */
    static String answers(CellResults results, String gc, Footnotes footnotes) {
        List<String> cases = results.cases(gc);
        List<String> header = new ArrayList<>(List.of("strategy"));
        header.addAll(cases);
        MarkdownTable table = new MarkdownTable(header);
        for (String strategy : results.strategies(gc)) {
            List<String> row = new ArrayList<>(List.of(strategy));
            for (String caseName : cases) {
                JsonNode record = results.get(gc, strategy, caseName);
                row.add(answer(record, footnotes));
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

    private static String answer(JsonNode record, Footnotes footnotes) {
        return record == null ? "-" : CellResults.isOk(record) ? RealtimeAnswer.text(record) : footnotes.failed(record);
    }

    /** One row per cell: the interval and loss of the answer's probe, its latency and the GC during it. */
    static String probes(CellResults results, String gc, Footnotes footnotes) {
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

    private static void probe(MarkdownTable table, String rowName, String caseName, JsonNode record, Footnotes footnotes) {
        if (record == null) {
            return;
        }
        List<String> row = new ArrayList<>(List.of(rowName, caseName));
        if (CellResults.isOk(record)) {
            row.addAll(figures(record.path("metrics")));
        } else {
            row.add(footnotes.failed(record));
        }
        table.row(row);
    }

    private static List<String> figures(JsonNode metrics) {
        JsonNode realtime = metrics.path("realtime");
        JsonNode latency = realtime.path("latencyNs");
        JsonNode gc = metrics.path("gc");
        return List.of(
                realtime.path("intervalNs").isNumber() ? Long.toString(realtime.path("intervalNs").asLong()) : "?",
                realtime.path("lossPercent").isNumber() ? Numbers.lossPercent(realtime.path("lossPercent").asDouble()) + "%" : "?",
                millis(latency.path("p99")),
                millis(latency.path("max")),
                !gc.isObject() ? "-" : gc.path("pauseMaxMs").isNumber() ? Numbers.compact(gc.path("pauseMaxMs").asDouble()) : "?",
                !gc.isObject() ? "-" : gc.path("perSecond").isNumber() ? Numbers.compact(gc.path("perSecond").asDouble()) : "?");
    }

    private static String millis(JsonNode ns) {
        return ns.isNumber() ? Numbers.compact(ns.asDouble() / 1e6) : "?";
    }
}

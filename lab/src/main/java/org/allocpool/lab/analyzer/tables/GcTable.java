package org.allocpool.lab.analyzer.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The article's GC table for one collector, one row per strategy and case: longest and average
 * pause, collections per second, fraction of the time paused, live objects after the run, and GC
 * time per live object (average pause / live objects, the article's "GC ns per live object": what
 * a pool's long-lived objects cost every pause). C++ rows have no GC and are left out.
 * Thread-safe (stateless).
 */
final class GcTable {

    private static final List<String> HEADER = List.of("strategy", "case", "max pause ms", "avg pause ms",
            "GC/s", "GC fraction", "live objects (M)", "GC ns per live object");

    private GcTable() {
    }

    static String render(CellResults results, String gc, Footnotes footnotes) {
        MarkdownTable table = new MarkdownTable(HEADER);
        for (String strategy : results.strategies(gc)) {
            for (String caseName : results.cases(gc)) {
                JsonNode record = results.get(gc, strategy, caseName);
                if (record == null) {
                    continue;
                }
                List<String> row = new ArrayList<>(List.of(strategy, caseName));
                if (CellResults.isOk(record)) {
                    row.addAll(figures(record.path("metrics")));
                } else {
                    row.add(footnotes.failed(record));
                }
                table.row(row);
            }
        }
        return table.render();
    }

    private static List<String> figures(JsonNode metrics) {
        JsonNode gc = metrics.path("gc");
        long live = metrics.path("liveObjects").asLong(0);
        // the article's figure: the average pause (per pause, not per collection) over the live objects,
        // e.g. G1 A pool 21 ms / 3.039 M = 7 ns
        String perLive = live > 0 && gc.path("pauseAvgMs").asDouble(0) > 0
                ? Numbers.compact(gc.path("pauseAvgMs").asDouble() * 1e6 / live)
                : "-";
        return List.of(
                number(gc.path("pauseMaxMs")),
                number(gc.path("pauseAvgMs")),
                number(gc.path("perSecond")),
                gc.path("fraction").isNumber() ? Numbers.percent(gc.path("fraction").asDouble()) : "?",
                metrics.path("liveObjects").isNumber() ? Numbers.millions(live) : "?",
                perLive);
    }

    private static String number(JsonNode value) {
        return value.isNumber() ? Numbers.compact(value.asDouble()) : "?";
    }
}

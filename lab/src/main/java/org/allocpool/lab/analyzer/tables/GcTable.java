package org.allocpool.lab.analyzer.tables;

import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.text.MarkdownTable;
import org.allocpool.lab.text.Numbers;
import org.allocpool.metrics.gc.GcStatistics;
import org.allocpool.lab.text.TableNotes;

/**
 * The article's GC table for one collector, one row per strategy and case: longest and average
 * pause, collections per second, fraction of the time paused, live objects after the run, and GC
 * time per live object (average pause / live objects, the article's "GC ns per live object": what
 * a pool's long-lived objects cost every pause), each the median over the forks; and the heap bytes
 * the running thread allocated per packet (0 proves a strategy allocates nothing). C++ rows have no
 * GC and are left out. Thread-safe (stateless).
 */
final class GcTable {

    private static final List<String> HEADER = List.of("strategy", "case", "max pause ms", "avg pause ms",
            "GC/s", "GC fraction", "live objects (M)", "GC ns per live object", "bytes/packet");

    private GcTable() {
    }

    static String render(AnalyzerResults results, String gc, TableNotes footnotes) {
        MarkdownTable table = new MarkdownTable(HEADER);
        for (String strategy : results.strategies(gc)) {
            for (String caseName : results.cases(gc)) {
                CellResult result = results.get(gc, strategy, caseName);
                if (result == null) {
                    continue;
                }
                List<String> row = new ArrayList<>(List.of(strategy, caseName));
                if (result.isOk()) {
                    row.addAll(figures(result));
                } else {
                    row.add(footnotes.failed(result.label(), result));
                }
                table.row(row);
            }
        }
        return table.render();
    }

    private static List<String> figures(CellResult result) {
        double live = result.liveObjects();
        double avg = result.gc(GcStatistics::pauseAvgMs);
        // the article's figure: the average pause (per pause, not per collection) over the live objects,
        // e.g. G1 A pool 21 ms / 3.039 M = 7 ns
        String perLive = live > 0 && avg > 0 ? Numbers.compact(avg * 1e6 / live) : "-";
        double fraction = result.gc(GcStatistics::fraction);
        return List.of(
                Numbers.compact(result.gc(GcStatistics::pauseMaxMs)),
                Numbers.compact(avg),
                Numbers.compact(result.gc(GcStatistics::perSecond)),
                Double.isNaN(fraction) ? "?" : Numbers.percent(fraction),
                Double.isNaN(live) ? "?" : Numbers.millions((long) live),
                perLive,
                Numbers.compact(result.allocBytesPerPacket()));
    }
}

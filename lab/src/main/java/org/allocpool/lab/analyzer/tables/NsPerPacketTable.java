package org.allocpool.lab.analyzer.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The article's main table for one collector: strategy × case, median ns per packet with the
 * spread (min-max) of the timed rounds; the best (lowest) median of each case in bold.
 * Thread-safe (stateless).
 */
final class NsPerPacketTable {

    private NsPerPacketTable() {
    }

    static String render(CellResults results, String gc, Footnotes footnotes) {
        List<String> cases = results.cases(gc);
        List<String> header = new ArrayList<>(List.of("strategy"));
        header.addAll(cases);
        MarkdownTable table = new MarkdownTable(header);
        double[] best = new double[cases.size()];
        for (int c = 0; c < cases.size(); c++) {
            best[c] = best(results, gc, cases.get(c));
        }
        for (String strategy : results.strategies(gc)) {
            List<String> row = new ArrayList<>(List.of(strategy));
            for (int c = 0; c < cases.size(); c++) {
                row.add(cell(results.get(gc, strategy, cases.get(c)), best[c], footnotes));
            }
            table.row(row);
        }
        return table.render();
    }

    private static String cell(JsonNode record, double best, Footnotes footnotes) {
        if (record == null) {
            return "-";
        }
        if (!CellResults.isOk(record)) {
            return footnotes.failed(record);
        }
        JsonNode ns = record.path("metrics").path("nsPerPacket");
        if (!ns.path("median").isNumber()) {
            return "?";
        }
        double median = ns.path("median").asDouble();
        String text = Numbers.compact(median);
        if (median == best) {
            text = "**" + text + "**";
        }
        if (ns.path("min").isNumber() && ns.path("max").isNumber()) {
            text += " (" + Numbers.compact(ns.path("min").asDouble()) + "-" + Numbers.compact(ns.path("max").asDouble()) + ")";
        }
        return text;
    }

    /** The lowest median of a case, or NaN (nothing marked) unless at least two cells of it are ok. */
    private static double best(CellResults results, String gc, String caseName) {
        double best = Double.NaN;
        int ok = 0;
        for (String strategy : results.strategies(gc)) {
            JsonNode record = results.get(gc, strategy, caseName);
            if (record != null && CellResults.isOk(record)) {
                JsonNode median = record.path("metrics").path("nsPerPacket").path("median");
                if (median.isNumber()) {
                    ok++;
                    best = Double.isNaN(best) ? median.asDouble() : Math.min(best, median.asDouble());
                }
            }
        }
        return ok >= 2 ? best : Double.NaN;
    }
}

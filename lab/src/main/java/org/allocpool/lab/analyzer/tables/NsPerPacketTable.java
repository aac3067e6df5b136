package org.allocpool.lab.analyzer.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The article's main table for one collector: strategy × case, median ns per packet with the
 * spread (min-max) of the timed rounds, then the C++ rows ({@code cpp pool}, {@code cpp-flat pool}),
 * the same under every collector; the best (lowest) median of each case, over all rows, in bold.
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
            best[c] = best(rows(results, gc, cases.get(c)));
        }
        for (String strategy : results.strategies(gc)) {
            List<String> row = new ArrayList<>(List.of(strategy));
            for (int c = 0; c < cases.size(); c++) {
                row.add(cell(results.get(gc, strategy, cases.get(c)), best[c], footnotes));
            }
            table.row(row);
        }
        for (String cppRow : results.cppRows()) {
            List<String> row = new ArrayList<>(List.of(cppRow));
            for (int c = 0; c < cases.size(); c++) {
                row.add(cell(results.cpp(cppRow, cases.get(c)), best[c], footnotes));
            }
            table.row(row);
        }
        return table.render();
    }

    /** The ok median ns per packet of a record, or NaN when it failed, is missing or has none. */
    static double median(JsonNode record) {
        if (record == null || !CellResults.isOk(record)) {
            return Double.NaN;
        }
        JsonNode median = record.path("metrics").path("nsPerPacket").path("median");
        return median.isNumber() ? median.asDouble() : Double.NaN;
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

    /** The records of one case in this collector's table: its Java rows, then the C++ rows. */
    private static List<JsonNode> rows(CellResults results, String gc, String caseName) {
        List<JsonNode> records = new ArrayList<>();
        results.strategies(gc).forEach(strategy -> records.add(results.get(gc, strategy, caseName)));
        results.cppRows().forEach(row -> records.add(results.cpp(row, caseName)));
        return records;
    }

    /** The lowest median among {@code records}, or NaN (nothing marked) unless at least two of them are ok. */
    private static double best(List<JsonNode> records) {
        double best = Double.NaN;
        int ok = 0;
        for (JsonNode record : records) {
            double median = median(record);
            if (!Double.isNaN(median)) {
                ok++;
                best = Double.isNaN(best) ? median : Math.min(best, median);
            }
        }
        return ok >= 2 ? best : Double.NaN;
    }
}

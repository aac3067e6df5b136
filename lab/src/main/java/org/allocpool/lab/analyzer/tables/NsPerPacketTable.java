package org.allocpool.lab.analyzer.tables;

import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.text.MarkdownTable;
import org.allocpool.lab.text.Numbers;
import org.allocpool.lab.text.TableNotes;

/**
 * The article's main table for one collector: strategy × case, the median over the forks of each
 * fork's ns per packet with its two spreads ({@code 256 (231-270) ±3%}: the middle half of the
 * rounds, then half the range of the forks' figures), then the C++ rows ({@code cpp pool}, {@code cpp-flat pool}), the
 * same under every collector. The best steady figure of each case, over all rows, is in bold; a
 * figure that is not steady carries a note and is never marked best. Thread-safe (stateless).
 */
final class NsPerPacketTable {

    /** What the figures of the table mean, said once above it. */
    static final String LEGEND = "ns per packet: the median over the forks of each fork's timed rounds, their time over"
            + " their packets (what one long round reads); in brackets the middle half of the timed rounds"
            + " (25th-75th percentile), then ± half the range of the forks' figures. Lower is better; the best steady"
            + " figure of each case is in bold; [n] marks a note below the table.";

    private NsPerPacketTable() {
    }

    static String render(AnalyzerResults results, String gc, TableNotes footnotes) {
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

    /** {@code 256 (231-270) ±3%}: the figure with its spreads, as every analyzer table writes one. */
    static String text(Figure figure) {
        String text = Numbers.compact(figure.median()) + " (" + Numbers.compact(figure.roundsLow()) + "-"
                + Numbers.compact(figure.roundsHigh()) + ")";
        return figure.forks() > 1 ? text + " ±" + Numbers.percent(figure.forkSpread()) : text;
    }

    private static String cell(CellResult result, double best, TableNotes footnotes) {
        if (result == null) {
            return "-";
        }
        if (!result.isOk()) {
            return footnotes.failed(result.label(), result);
        }
        Figure figure = result.nsPerPacket();
        if (figure == null) {
            return "?";
        }
        String text = text(figure);
        if (figure.steady() && figure.median() == best) {
            text = "**" + Numbers.compact(figure.median()) + "**" + text.substring(Numbers.compact(figure.median()).length());
        }
        return text + footnotes.unsteady(result.label(), figure.steady(), figure.reason()) + footnotes.failedForks(result.label(), result);
    }

    /** The records of one case in this collector's table: its Java rows, then the C++ rows. */
    private static List<CellResult> rows(AnalyzerResults results, String gc, String caseName) {
        List<CellResult> cells = new ArrayList<>();
        results.strategies(gc).forEach(strategy -> cells.add(results.get(gc, strategy, caseName)));
        results.cppRows().forEach(row -> cells.add(results.cpp(row, caseName)));
        return cells;
    }

    /** The lowest steady median among {@code cells}, or NaN (nothing marked) unless at least two of them are ok. */
    private static double best(List<CellResult> cells) {
        double best = Double.NaN;
        int ok = 0;
        for (CellResult result : cells) {
            Figure figure = result == null || !result.isOk() ? null : result.nsPerPacket();
            if (figure != null) {
                ok++;
                if (figure.steady()) {
                    best = Double.isNaN(best) ? figure.median() : Math.min(best, figure.median());
                }
            }
        }
        return ok >= 2 ? best : Double.NaN;
    }
}

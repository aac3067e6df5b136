package org.allocpool.lab.analyzer.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.allocpool.lab.text.MarkdownTable;

/**
 * A table of our figures beside the article's: each case as "ours" and "2019" columns, one row per
 * Java strategy the article measured, then the C++ rows beside its C++ and C++ flat ones (the same
 * under every collector). The batch and the real-time comparisons differ only in which figure they
 * show. Thread-safe (stateless).
 */
final class BesideTheArticle {

    /** The article's figure for a strategy (or a C++ runtime and strategy) in a case, or {@code null}. */
    @FunctionalInterface
    interface Published {
        String figure(String runtime, String strategy, String caseName);
    }

    private BesideTheArticle() {
    }

    /**
     * @param ours         our figure of one cell (which may be {@code null}: not run)
     * @param javaFigures  the article's Java figures (runtime {@code java})
     * @param cppFigures   the article's C++ figures (runtime {@code cpp} or {@code cpp-flat})
     * @return the table, or an empty string when the article has none of these rows
     */
    static String render(AnalyzerResults results, String gc, Function<CellResult, String> ours,
                         Published javaFigures, Published cppFigures) {
        List<String> cases = results.cases(gc);
        List<String> header = new ArrayList<>(List.of("strategy"));
        for (String caseName : cases) {
            header.add(caseName);
            header.add(caseName + " 2019");
        }
        MarkdownTable table = new MarkdownTable(header);
        int rows = 0;
        for (String strategy : results.strategies(gc)) {
            rows += row(table, strategy, cases, c -> results.get(gc, strategy, c),
                    c -> javaFigures.figure("java", strategy, c), ours);
        }
        for (String cppRow : results.cppRows()) {
            String runtime = cppRow.substring(0, cppRow.indexOf(' '));
            String strategy = cppRow.substring(cppRow.indexOf(' ') + 1);
            rows += row(table, cppRow, cases, c -> results.cpp(cppRow, c),
                    c -> cppFigures.figure(runtime, strategy, c), ours);
        }
        return rows == 0 ? "" : table.render();
    }

    /** Adds the row if the article has a figure for any of its cases; returns the rows added. */
    private static int row(MarkdownTable table, String label, List<String> cases, Function<String, CellResult> cell,
                           Function<String, String> published, Function<CellResult, String> ours) {
        List<String> row = new ArrayList<>(List.of(label));
        boolean any = false;
        for (String caseName : cases) {
            String figure = published.apply(caseName);
            any |= figure != null;
            CellResult result = cell.apply(caseName);
            row.add(result == null ? "-" : !result.isOk() ? "failed" : ours.apply(result));
            row.add(figure == null ? "-" : figure);
        }
        if (!any) {
            return 0;
        }
        table.row(row);
        return 1;
    }
}

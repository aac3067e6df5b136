package org.allocpool.lab.analyzer.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Our medians beside the article's published ones, for the collectors and strategies the article
 * measured: each case as "ours" and "2019" columns; then the C++ rows beside the article's C++ and
 * C++ flat ones (the same under every collector). Thread-safe (stateless).
 */
final class ArticleComparison {

    private ArticleComparison() {
    }

    /** The comparison for {@code gc}, or an empty string when the article has nothing to compare with. */
    static String render(CellResults results, String gc) {
        if (!ArticleFigures.covers(gc)) {
            return "";
        }
        List<String> cases = results.cases(gc);
        List<String> header = new ArrayList<>(List.of("strategy"));
        for (String caseName : cases) {
            header.add(caseName);
            header.add(caseName + " 2019");
        }
        MarkdownTable table = new MarkdownTable(header);
        int rows = 0;
        for (String strategy : results.strategies(gc)) {
            List<String> row = new ArrayList<>(List.of(strategy));
            boolean any = false;
            for (String caseName : cases) {
                Integer published = ArticleFigures.nsPerPacket(gc, strategy, caseName);
                any |= published != null;
                row.add(ours(results.get(gc, strategy, caseName)));
                row.add(published == null ? "-" : published.toString());
            }
            if (any) {
                table.row(row);
                rows++;
            }
        }
        for (String cppRow : results.cppRows()) {
            String runtime = cppRow.substring(0, cppRow.indexOf(' '));
            String strategy = cppRow.substring(cppRow.indexOf(' ') + 1);
            List<String> row = new ArrayList<>(List.of(cppRow));
            boolean any = false;
            for (String caseName : cases) {
                Integer published = ArticleFigures.cppNsPerPacket(runtime, strategy, caseName);
                any |= published != null;
                row.add(ours(results.cpp(cppRow, caseName)));
                row.add(published == null ? "-" : published.toString());
            }
            if (any) {
                table.row(row);
                rows++;
            }
        }
        return rows == 0 ? "" : table.render();
    }

    private static String ours(JsonNode record) {
        if (record == null) {
            return "-";
        }
        if (!CellResults.isOk(record)) {
            return "failed";
        }
        JsonNode median = record.path("metrics").path("nsPerPacket").path("median");
        return median.isNumber() ? Numbers.compact(median.asDouble()) : "?";
    }
}

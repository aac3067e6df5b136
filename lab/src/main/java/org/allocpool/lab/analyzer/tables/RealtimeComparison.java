package org.allocpool.lab.analyzer.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Our smallest loss-free intervals beside the article's, for the collectors and strategies the
 * article measured in real time: each case as "ours" and "2019" columns, both in the article's
 * words ({@code 230}, {@code lost: 4.4%}); then the C++ rows beside the article's C++ and C++ flat
 * ones (the same under every collector). Thread-safe (stateless).
 */
final class RealtimeComparison {

    private RealtimeComparison() {
    }

    /**
     * The comparison for {@code gc} with the article's figures at {@code heap} ({@code null}: the article's
     * own heaps), or an empty string when the article has nothing to compare with.
     */
    static String render(CellResults results, String gc, String heap) {
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
                String published = ArticleFigures.realtime(gc, strategy, caseName, heap);
                any |= published != null;
                row.add(ours(results.get(gc, strategy, caseName)));
                row.add(published == null ? "-" : published);
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
                String published = ArticleFigures.cppRealtime(runtime, strategy, caseName);
                any |= published != null;
                row.add(ours(results.cpp(cppRow, caseName)));
                row.add(published == null ? "-" : published);
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
        return CellResults.isOk(record) ? RealtimeAnswer.text(record) : "failed";
    }
}

package org.allocpool.lab.analyzer.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Java over C++ from the same run, for one collector: each Java strategy beside the C++ build that
 * keeps its data alike ({@code flat} and {@code native-pool} beside {@code cpp-flat pool}, {@code pool}
 * beside {@code cpp pool}), per case, as a ratio ({@code 1.45×}); over 1 means Java needs more time
 * per packet than C++. In batch the ratio of the median ns per packet; in real time that of the
 * smallest loss-free intervals, {@code -} with a footnote where either side lost packets even at
 * 1000 ns. {@code -} alone: a side failed or was not run. Thread-safe (stateless).
 */
final class JavaCppRatioTable {

    /** The one-line note under every ratio table. */
    static final String NOTE = "A ratio > 1 means Java needs more time per packet than C++.";

    /** Which Java strategy is compared with which C++ row. */
    private record Pair(String javaStrategy, String cppRuntime, String cppStrategy) {
        String label() {
            return javaStrategy + " / " + cppRuntime + " " + cppStrategy;
        }
    }

    private static final List<Pair> PAIRS = List.of(
            new Pair("flat", "cpp-flat", "pool"),
            new Pair("pool", "cpp", "pool"),
            new Pair("native-pool", "cpp-flat", "pool"));

    private JavaCppRatioTable() {
    }

    /** The batch ratios of median ns per packet under {@code gc}, or an empty string when no pair was run. */
    static String batch(CellResults results, String gc) {
        return render(results, gc, (java, cpp, label) -> {
            double javaNs = NsPerPacketTable.median(java);
            double cppNs = NsPerPacketTable.median(cpp);
            return Double.isNaN(javaNs) || Double.isNaN(cppNs) || cppNs <= 0 ? "-" : ratio(javaNs / cppNs);
        });
    }

    /**
     * The real-time ratios of the smallest loss-free intervals under {@code gc}, or an empty string
     * when no pair was run; where a side lost packets even at 1000 ns, {@code - [n]} with a footnote.
     */
    static String realtime(CellResults results, String gc, Footnotes footnotes) {
        return render(results, gc, (java, cpp, label) -> {
            if (!isOk(java) || !isOk(cpp)) {
                return "-";
            }
            Long javaNs = minInterval(java);
            Long cppNs = minInterval(cpp);
            if (javaNs != null && cppNs != null && cppNs > 0) {
                return ratio((double) javaNs / cppNs);
            }
            List<String> lost = new ArrayList<>();
            if (javaNs == null) {
                lost.add(gc + " " + CellResults.strategy(java) + " " + RealtimeAnswer.text(java));
            }
            if (cppNs == null) {
                lost.add(CellResults.row(cpp) + " " + RealtimeAnswer.text(cpp));
            }
            return "- " + footnotes.note(label + ", case " + CellResults.caseName(java) + ": " + String.join(" and ", lost)
                    + " (even at the widest interval): no loss-free interval to compare.");
        });
    }

    /** {@code 1.45×}. */
    static String ratio(double value) {
        return String.format(Locale.ROOT, "%.2f×", value);
    }

    private interface Ratio {
        String of(JsonNode java, JsonNode cpp, String label);
    }

    private static String render(CellResults results, String gc, Ratio ratio) {
        List<String> cases = results.cases(gc);
        List<String> header = new ArrayList<>(List.of("Java / C++"));
        cases.forEach(c -> header.add("case " + c));
        MarkdownTable table = new MarkdownTable(header);
        int rows = 0;
        for (Pair pair : PAIRS) {
            List<String> row = new ArrayList<>(List.of(pair.label()));
            boolean any = false;
            for (String caseName : cases) {
                JsonNode java = results.get(gc, pair.javaStrategy(), caseName);
                JsonNode cpp = results.cpp(pair.cppRuntime(), pair.cppStrategy(), caseName);
                any |= java != null && cpp != null;
                row.add(java == null || cpp == null ? "-" : ratio.of(java, cpp, pair.label()));
            }
            if (any) {
                table.row(row);
                rows++;
            }
        }
        return rows == 0 ? "" : table.render();
    }

    private static boolean isOk(JsonNode record) {
        return record != null && CellResults.isOk(record);
    }

    /** The smallest loss-free interval a search found, or {@code null} when it lost even at its widest. */
    private static Long minInterval(JsonNode record) {
        JsonNode min = record.path("metrics").path("search").path("minIntervalNs");
        return min.isNumber() ? min.asLong() : null;
    }
}

package org.allocpool.lab.analyzer.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.allocpool.lab.analyzer.AnalyzerMatrix;
import org.allocpool.lab.store.RunInfo;

/**
 * Renders the analyzer's records as one Markdown document: the environment and profile, then for
 * each collector the article's "strategy × case, ns/packet" table and its GC table (failed cells
 * shown with a footnoted reason), then our medians beside the article's published ones. The output
 * depends on the records and the run description only (no clock, no locale), so rendering the same
 * folder twice gives the same text. Thread-safe (stateless).
 */
public final class AnalyzerTables {

    private AnalyzerTables() {
    }

    /**
     * The document for {@code records} (in the order written; later records of a cell replace
     * earlier failed ones), described by {@code run} ({@code null} when unknown).
     */
    public static String render(List<JsonNode> records, RunInfo run) {
        CellResults results = new CellResults(records);
        StringBuilder out = new StringBuilder();
        header(out, results, run);
        Footnotes footnotes = new Footnotes();
        for (String gc : results.collectors()) {
            out.append("\n## ").append(gc).append("\n\n");
            out.append("Heap: ").append(heaps(results, gc)).append(".\n\n");
            out.append("### ").append(gc).append(": ns/packet, strategy x case\n\n");
            out.append("Median of the timed rounds (min-max in brackets); lower is better; best of each case in bold.\n\n");
            out.append(NsPerPacketTable.render(results, gc, footnotes));
            String notes = footnotes.drain();
            if (!notes.isEmpty()) {
                out.append('\n').append(notes);
            }
            out.append("\n### ").append(gc).append(": GC, strategy x case\n\n");
            out.append("Pauses as the JVM reports them (JFR); GC fraction = pause time / run time;"
                    + " GC ns per live object = average pause / live objects.\n\n");
            out.append(GcTable.render(results, gc, footnotes));
        }
        comparison(out, results);
        return out.toString();
    }

    private static void header(StringBuilder out, CellResults results, RunInfo run) {
        out.append("# allocpool lab: analyzer\n\n");
        if (run != null) {
            out.append("- profile: ").append(run.profile());
            out.append(run.childArgs().isEmpty()
                    ? " (the analyzer's default round sizes)"
                    : " (every cell: `analyzer " + String.join(" ", run.childArgs()) + "`)");
            out.append('\n');
            if (!run.jvmArgs().isEmpty()) {
                out.append("- extra JVM arguments: `").append(String.join(" ", run.jvmArgs())).append("`\n");
            }
        } else {
            out.append("- profile: not recorded\n");
        }
        List<JsonNode> envs = results.records().stream()
                .map(r -> r.path("env")).filter(JsonNode::isObject).toList();
        if (envs.isEmpty()) {
            out.append("- environment: not recorded (no cell reported one)\n");
        } else {
            out.append("- JDK: ").append(distinct(envs, e -> e.path("jdk").asText("?")
                    + " (" + e.path("vm").asText("?") + ")")).append('\n');
            out.append("- CPU: ").append(distinct(envs, e -> e.path("cpu").asText("?")))
                    .append(", ").append(distinct(envs, e -> e.path("cores").asText("?"))).append(" cores\n");
            out.append("- OS: ").append(distinct(envs, e -> e.path("os").asText("?"))).append('\n');
        }
        long ok = results.records().stream().filter(CellResults::isOk).count();
        int all = results.records().size();
        out.append("- cells: ").append(all).append(" (").append(ok).append(" ok, ").append(all - ok)
                .append(" failed)\n\n");
        out.append("Compare rows within one table (ratios), not figures from another machine:"
                + " shared machines are noisy.\n");
    }

    private static String heaps(CellResults results, String gc) {
        Set<String> onHeap = new LinkedHashSet<>();
        Set<String> offHeap = new LinkedHashSet<>();
        for (String strategy : results.strategies(gc)) {
            for (String caseName : results.cases(gc)) {
                JsonNode record = results.get(gc, strategy, caseName);
                if (record != null) {
                    String heap = record.path("cell").path("heap").asText("?");
                    (AnalyzerMatrix.isOffHeap(strategy) ? offHeap : onHeap).add(heap);
                }
            }
        }
        StringBuilder text = new StringBuilder();
        if (!onHeap.isEmpty()) {
            text.append(String.join("/", onHeap)).append(" for heap strategies");
        }
        if (!offHeap.isEmpty()) {
            text.append(text.isEmpty() ? "" : "; ").append(String.join("/", offHeap))
                    .append(" + ").append(AnalyzerMatrix.MAX_DIRECT_MEMORY).append(" native memory for native and flat strategies");
        }
        return text.toString();
    }

    private static void comparison(StringBuilder out, CellResults results) {
        StringBuilder tables = new StringBuilder();
        for (String gc : results.collectors()) {
            String table = ArticleComparison.render(results, gc);
            if (!table.isEmpty()) {
                tables.append("\n### ").append(gc).append(": ns/packet, ours beside 2019\n\n").append(table);
            }
        }
        if (!tables.isEmpty()) {
            out.append("\n## Beside the article\n\n").append("Published figures: ").append(ArticleFigures.CITATION)
                    .append('\n').append(tables);
        }
    }

    private static String distinct(List<JsonNode> envs, Function<JsonNode, String> field) {
        Set<String> values = new LinkedHashSet<>();
        envs.forEach(e -> values.add(field.apply(e)));
        return String.join(" / ", values);
    }
}

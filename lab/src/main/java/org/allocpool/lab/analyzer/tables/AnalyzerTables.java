package org.allocpool.lab.analyzer.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.allocpool.lab.analyzer.AnalyzerMatrix;
import org.allocpool.lab.analyzer.CellKey;
import org.allocpool.lab.store.RunInfo;

/**
 * Renders the analyzer's records as one Markdown document: the environment and profile, then for
 * each collector the article's "strategy × case, ns/packet" table (C++ rows after the Java ones),
 * its GC table (Java only; failed cells shown with a footnoted reason) and the Java / C++ ratios,
 * then our medians beside the article's published ones; then, for real-time records, the article's
 * "smallest loss-free interval" tables with the latency and GC of each answer's probe, the Java /
 * C++ ratios of the intervals, and those beside the article's. The output
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
        return render(records, run == null ? List.of() : List.of(run));
    }

    /**
     * The document for {@code records}, which may hold batch and real-time cells, described by the
     * runs that wrote them ({@code runs}: one per mode, empty when unknown). Batch tables come first,
     * then one real-time part per way of measuring (a search, or one fixed interval) and heap setting.
     */
    public static String render(List<JsonNode> records, List<RunInfo> runs) {
        List<JsonNode> analyzer = records.stream().filter(r -> CellResults.EXPERIMENT.equals(r.path("experiment").asText())).toList();
        CellResults batch = new CellResults(analyzer.stream()
                .filter(r -> CellKey.BATCH.equals(CellKey.measureOf(r.path("cell")))).toList());
        List<RealtimeSection> realtime = RealtimeSection.of(analyzer);
        List<JsonNode> shown = new ArrayList<>(batch.records());
        // a C++ real-time record joins every section measured alike: count it once
        realtime.forEach(section -> section.results().records().stream().filter(r -> !shown.contains(r)).forEach(shown::add));

        StringBuilder out = new StringBuilder();
        header(out, shown, runs);
        Footnotes footnotes = new Footnotes();
        for (String gc : batch.collectors()) {
            out.append("\n## ").append(gc).append("\n\n");
            out.append("Heap: ").append(heaps(batch, gc)).append(".\n\n");
            out.append("### ").append(gc).append(": ns/packet, strategy x case\n\n");
            out.append("Median of the timed rounds (min-max in brackets); lower is better; best of each case in bold.\n\n");
            out.append(NsPerPacketTable.render(batch, gc, footnotes));
            cppNote(out, batch);
            notes(out, footnotes);
            out.append("\n### ").append(gc).append(": GC, strategy x case\n\n");
            out.append("Pauses as the JVM reports them (JFR); GC fraction = pause time / run time;"
                    + " GC ns per live object = average pause / live objects.\n\n");
            out.append(GcTable.render(batch, gc, footnotes));
            notes(out, footnotes);
            ratios(out, gc + ": Java / C++, ns/packet", "Ratio of the median ns per packet, Java over C++, from this run.",
                    JavaCppRatioTable.batch(batch, gc), footnotes);
        }
        if (batch.collectors().isEmpty() && !batch.cppRows().isEmpty()) {
            out.append("\n## C++: ns/packet, strategy x case\n\n");
            out.append("Median of the timed rounds (min-max in brackets); lower is better; no Java cells recorded.\n\n");
            out.append(NsPerPacketTable.render(batch, "", footnotes));
            notes(out, footnotes);
        }
        comparison(out, batch);
        for (RealtimeSection section : realtime) {
            realtime(out, section, footnotes);
        }
        return out.toString();
    }

    private static void realtime(StringBuilder out, RealtimeSection section, Footnotes footnotes) {
        CellResults results = section.results();
        String heapTitle = section.heap() == null ? "" : " (heap " + section.heap() + ")";
        String what = section.intervalNs() == null
                ? "smallest loss-free interval, ns"
                : "loss at " + section.intervalNs() + " ns";
        out.append("\n## Real time: ").append(what).append(heapTitle).append("\n\n");
        if (section.intervalNs() == null) {
            out.append("The smallest interval between two packets of the native source at which nothing was lost after"
                    + " the warm-up, searched from the batch ns/packet up to 1000 ns, to 10 ns, each probe in a fresh JVM;"
                    + " lower is better. `lost: X%`: even one packet every 1000 ns lost X% of them.\n");
        } else {
            out.append("Packets lost after the warm-up with the native source producing one every ")
                    .append(section.intervalNs()).append(" ns.\n");
        }
        for (String gc : results.collectors()) {
            out.append("\n### ").append(gc).append(heapTitle).append(": real time, ").append(what).append("\n\n");
            out.append("Heap: ").append(heaps(results, gc)).append(".\n\n");
            out.append(RealtimeTables.answers(results, gc, footnotes));
            cppNote(out, results);
            notes(out, footnotes);
            if (section.intervalNs() == null) {
                ratios(out, gc + heapTitle + ": Java / C++, smallest loss-free interval",
                        "Ratio of the smallest loss-free intervals, Java over C++, from this run.",
                        JavaCppRatioTable.realtime(results, gc, footnotes), footnotes);
            }
            if (section.intervalNs() == null) {
                out.append("\n### ").append(gc).append(heapTitle).append(": real time, latency and GC of the answer's probe\n\n");
                out.append("The probe the answer rests on (the narrowest loss-free one, or the one at 1000 ns that lost):"
                        + " latency from the source's timestamp to processing; GC pauses during that probe.\n\n");
            } else {
                out.append("\n### ").append(gc).append(heapTitle).append(": real time, latency and GC at ")
                        .append(section.intervalNs()).append(" ns\n\n");
                out.append("Latency from the source's timestamp to processing; GC pauses during the measured window.\n\n");
            }
            out.append(RealtimeTables.probes(results, gc, footnotes));
            notes(out, footnotes);
        }
        if (section.intervalNs() == null) {
            StringBuilder tables = new StringBuilder();
            for (String gc : results.collectors()) {
                String table = RealtimeComparison.render(results, gc, section.heap());
                if (!table.isEmpty()) {
                    tables.append("\n### ").append(gc).append(heapTitle).append(": real time, ours beside 2019\n\n")
                            .append(table);
                }
            }
            if (!tables.isEmpty()) {
                out.append("\n## Real time beside the article").append(heapTitle).append("\n\n")
                        .append("Published figures: ").append(ArticleFigures.CITATION)
                        .append(" Real time: 100 ms capture delay, losses counted after a 10 s warm-up.\n")
                        .append(tables);
            }
        }
    }

    private static void cppNote(StringBuilder out, CellResults results) {
        if (!results.cppRows().isEmpty()) {
            out.append("\nC++ rows: C++ has no collector, so its cells ran once and the same figures appear under every"
                    + " collector.\n");
        }
    }

    private static void ratios(StringBuilder out, String title, String what, String table, Footnotes footnotes) {
        if (table.isEmpty()) {
            return;
        }
        out.append("\n### ").append(title).append("\n\n").append(what).append("\n\n").append(table);
        out.append('\n').append(JavaCppRatioTable.NOTE).append('\n');
        notes(out, footnotes);
    }

    private static void notes(StringBuilder out, Footnotes footnotes) {
        String notes = footnotes.drain();
        if (!notes.isEmpty()) {
            out.append('\n').append(notes);
        }
    }

    private static void header(StringBuilder out, List<JsonNode> shown, List<RunInfo> runs) {
        out.append("# allocpool lab: analyzer\n\n");
        for (RunInfo run : runs) {
            boolean batch = RunInfo.BATCH.equals(run.mode());
            out.append(batch ? "- profile: " : "- " + run.mode().replace("realtime", "real-time") + " profile: ")
                    .append(run.profile());
            out.append(run.childArgs().isEmpty()
                    ? " (the analyzer's default round sizes)"
                    : " (every cell: `analyzer " + String.join(" ", run.childArgs()) + "`)");
            out.append('\n');
            if (!run.jvmArgs().isEmpty()) {
                out.append(batch ? "- extra JVM arguments: `" : "- extra JVM arguments (" + run.mode() + "): `")
                        .append(String.join(" ", run.jvmArgs())).append("`\n");
            }
        }
        if (runs.isEmpty()) {
            out.append("- profile: not recorded\n");
        }
        List<JsonNode> envs = shown.stream().filter(r -> !CellResults.isCpp(r))
                .map(r -> r.path("env")).filter(JsonNode::isObject).toList();
        List<JsonNode> cppEnvs = shown.stream().filter(CellResults::isCpp)
                .map(r -> r.path("env")).filter(JsonNode::isObject).toList();
        if (envs.isEmpty() && !cppEnvs.isEmpty()) {
            envs = cppEnvs;
        }
        if (envs.isEmpty()) {
            out.append("- environment: not recorded (no cell reported one)\n");
        } else {
            out.append("- JDK: ").append(distinct(envs, e -> e.path("jdk").asText("?")
                    + " (" + e.path("vm").asText("?") + ")")).append('\n');
            out.append("- CPU: ").append(distinct(envs, e -> e.path("cpu").asText("?")))
                    .append(", ").append(distinct(envs, e -> e.path("cores").asText("?"))).append(" cores\n");
            out.append("- OS: ").append(distinct(envs, e -> e.path("os").asText("?"))).append('\n');
        }
        if (!cppEnvs.isEmpty()) {
            out.append("- C++: ").append(distinct(cppEnvs, e -> e.path("vm").asText("?"))).append('\n');
        }
        long ok = shown.stream().filter(CellResults::isOk).count();
        int all = shown.size();
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

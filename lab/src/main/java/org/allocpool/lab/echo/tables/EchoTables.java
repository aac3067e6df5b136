package org.allocpool.lab.echo.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.allocpool.lab.echo.EchoCell;
import org.allocpool.lab.store.RunInfo;

/**
 * Renders the echo records as one Markdown document: the environment and profile, then for each
 * collector and event the tables of events/s, p99 latency, allocated bytes per event and GC fraction
 * (rows: buffer strategy; columns: clients, reuse and copy-per-event), the ratio copy-per-event / reuse
 * of events/s and the difference of allocated bytes,
 * then our figures beside the Chronicle and Netty articles'. The output depends on the records and
 * the run description only (no clock, no locale): rendering a folder twice gives the same text.
 * Thread-safe (stateless).
 */
public final class EchoTables {

    private EchoTables() {
    }

    /** The document for {@code records} (in the order written), described by {@code run} ({@code null} when unknown). */
    public static String render(List<JsonNode> records, RunInfo run) {
        EchoResults results = new EchoResults(records);
        StringBuilder out = new StringBuilder();
        header(out, results, run);
        FailedNotes notes = new FailedNotes();
        for (String gc : results.collectors()) {
            for (String event : results.events(gc)) {
                out.append("\n## ").append(gc).append(", ").append(event).append("\n\n");
                out.append("Server: ").append(gc).append("; reuse = the strategy's buffers only, copy = `--copy-per-event`: one more object"
                                + " allocated per event.\n");
                for (EchoMetric metric : EchoMetric.values()) {
                    out.append("\n### ").append(gc).append(", ").append(event).append(": ").append(metric.title())
                            .append("\n\n").append(metric.explanation()).append("\n\n");
                    out.append(MetricTable.render(results, gc, event, metric, notes));
                    drain(out, notes);
                }
                String ratios = CopyRatioTable.render(results, gc, event);
                if (!ratios.isEmpty()) {
                    out.append("\n### ").append(gc).append(", ").append(event).append(": copy-per-event / reuse, events/s\n\n")
                            .append(CopyRatioTable.WHAT).append("\n\n").append(ratios);
                }
                String bytes = CopyAllocationTable.render(results, gc, event);
                if (!bytes.isEmpty()) {
                    out.append("\n### ").append(gc).append(", ").append(event)
                            .append(": copy-per-event - reuse, allocated bytes per event\n\n")
                            .append(CopyAllocationTable.WHAT).append("\n\n").append(bytes);
                }
            }
        }
        out.append(BesideTheArticles.render(results));
        return out.toString();
    }

    private static void drain(StringBuilder out, FailedNotes notes) {
        String text = notes.drain();
        if (!text.isEmpty()) {
            out.append('\n').append(text);
        }
    }

    private static void header(StringBuilder out, EchoResults results, RunInfo run) {
        out.append("# allocpool lab: echo\n\n");
        if (run == null) {
            out.append("- profile: not recorded\n");
        } else {
            out.append("- profile: ").append(run.profile());
            out.append(run.childArgs().isEmpty() ? "\n" : " (every bench: `" + String.join(" ", run.childArgs()) + "`)\n");
            if (!run.jvmArgs().isEmpty()) {
                out.append("- extra server JVM arguments: `").append(String.join(" ", run.jvmArgs())).append("`\n");
            }
        }
        out.append("- server JVM: the cell's collector, `-Xms").append(EchoCell.SERVER_HEAP).append(" -Xmx")
                .append(EchoCell.SERVER_HEAP).append(" -XX:+AlwaysPreTouch`; bench JVM, the same for every cell: `")
                .append(String.join(" ", EchoCell.BENCH_JVM_FLAGS)).append("`; both on ").append(EchoCell.HOST).append('\n');
        List<JsonNode> shown = results.records();
        List<JsonNode> envs = shown.stream().map(r -> r.path("env")).filter(JsonNode::isObject).toList();
        if (envs.isEmpty()) {
            out.append("- environment: not recorded (no cell reported one)\n");
        } else {
            out.append("- JDK: ").append(distinct(envs, e -> e.path("jdk").asText("?")
                    + " (" + e.path("vm").asText("?") + ")")).append('\n');
            out.append("- CPU: ").append(distinct(envs, e -> e.path("cpu").asText("?")))
                    .append(", ").append(distinct(envs, e -> e.path("cores").asText("?"))).append(" cores\n");
            out.append("- OS: ").append(distinct(envs, e -> e.path("os").asText("?"))).append('\n');
        }
        long ok = shown.stream().filter(EchoResults::isOk).count();
        out.append("- cells: ").append(shown.size()).append(" (").append(ok).append(" ok, ").append(shown.size() - ok)
                .append(" failed)\n\n");
        out.append("Server and clients share the machine's cores: compare rows within one table (ratios), not figures"
                + " from another machine. Shared machines are noisy.\n");
    }

    private static String distinct(List<JsonNode> envs, Function<JsonNode, String> field) {
        Set<String> values = new LinkedHashSet<>();
        envs.forEach(e -> values.add(field.apply(e)));
        return String.join("; ", values);
    }
}

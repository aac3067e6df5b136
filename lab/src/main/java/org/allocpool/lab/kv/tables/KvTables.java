package org.allocpool.lab.kv.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.allocpool.lab.text.MarkdownTable;
import org.allocpool.lab.text.Numbers;
import org.allocpool.lab.store.RunInfo;

/**
 * The kv lab's tables, in Markdown: the stores (one row per contender: heap, full GC pause, files,
 * gets/puts/misses per second, resident size), the codecs (encoded size, encodes and decodes per
 * second), each followed by the article's figures beside ours. A failed cell reads
 * {@code failed [n]} with its reason below the table. Thread-safe (stateless).
 */
public final class KvTables {

    private KvTables() {
    }

    /** The tables of {@code records}, described by {@code run} ({@code null} when unknown). */
    public static String render(List<JsonNode> records, RunInfo run) {
        KvResults results = KvResults.of(records);
        StringBuilder out = new StringBuilder("# kv lab\n\n");
        if (run != null) {
            out.append("Profile ").append(run.profile()).append("; every cell: `ContenderMain ")
                    .append(String.join(" ", run.childArgs())).append('`');
            if (!run.jvmArgs().isEmpty()) {
                out.append("; JVM arguments added: `").append(String.join(" ", run.jvmArgs())).append('`');
            }
            out.append(".\n");
        }
        environments(records).forEach(env -> out.append("Measured on ").append(env).append(".\n"));
        out.append('\n');
        if (!results.stores().isEmpty()) {
            out.append(StoreTables.render(results.stores()));
        }
        if (!results.codecs().isEmpty()) {
            out.append(CodecTables.render(results.codecs()));
        }
        if (results.stores().isEmpty() && results.codecs().isEmpty()) {
            out.append("No kv records.\n");
        }
        return out.toString();
    }

    /** "CPU, 2 cores, JDK 25.0.1, Linux ..." of every distinct environment of the ok records. */
    private static Set<String> environments(List<JsonNode> records) {
        Set<String> envs = new LinkedHashSet<>();
        for (JsonNode record : records) {
            JsonNode env = record.path("env");
            if (KvResults.isOk(record) && env.isObject()) {
                envs.add(env.path("cpu").asText("?") + ", " + env.path("cores").asInt() + " cores, JDK "
                        + env.path("jdk").asText("?") + ", " + env.path("os").asText("?"));
            }
        }
        return envs;
    }

    /** Millions with the tables' precision: {@code 3.8}, {@code 0.75}, {@code 26}. */
    static String millions(double perSecond) {
        return Numbers.compact(perSecond / 1e6);
    }

    /** {@code 1,000,000}. */
    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    static String number(JsonNode value) {
        return value.isNumber() ? Numbers.compact(value.asDouble()) : "?";
    }

    static MarkdownTable table(String... header) {
        return new MarkdownTable(List.of(header));
    }

    static List<String> row(String... cells) {
        List<String> row = new ArrayList<>();
        for (String cell : cells) {
            row.add(MarkdownTable.escape(cell));
        }
        return row;
    }
}

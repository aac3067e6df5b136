package org.allocpool.lab.jmh;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.result.RecordJson;

/**
 * Makes the lab's record of one pass of a cell from the JSON results JMH wrote ({@code -rf json}): the
 * primary metric's score, error and every measurement iteration, and from {@code -prof gc} the bytes
 * allocated per operation, the allocation rate, the collections and their time, each 0 where JMH left it
 * out (it does when there was none). A results file that is missing or empty (the benchmark threw; JMH says
 * why on its stdout), that holds more than one result (several modes), or whose JVM did not get the cell's
 * flags (a benchmark with {@code @Fork(0)} runs in JMH's own JVM) gives a failed record saying so. The
 * environment is this machine's, with the JDK, VM and flags JMH reports of its forks. Stateless.
 */
public final class JmhResults {

    private JmhResults() {
    }

    /** The record line of {@code cell} from JMH's results in {@code file}. */
    public static String record(JmhCell cell, Path file) {
        JsonNode results;
        try {
            results = Files.exists(file) && Files.size(file) > 0 ? RecordJson.mapper().readTree(file.toFile()) : null;
        } catch (IOException | UncheckedIOException e) {
            return failed(cell, "cannot read JMH's results " + file.getFileName() + ": " + e.getMessage());
        }
        if (results == null || !results.isArray() || results.isEmpty()) {
            return failed(cell, "JMH wrote no result for " + cell.benchmark()
                    + ": the benchmark failed or did not run (JMH says why in the fork's .stdout file)");
        }
        if (results.size() > 1) {
            List<String> modes = new ArrayList<>();
            results.forEach(r -> modes.add(r.path("mode").asText()));
            return failed(cell, "JMH ran " + results.size() + " results for " + cell.benchmark() + " (modes "
                    + String.join(", ", modes) + "): choose one with --mode");
        }
        JsonNode result = results.get(0);
        List<String> jvmArgs = new ArrayList<>();
        result.path("jvmArgs").forEach(a -> jvmArgs.add(a.asText()));
        for (String flag : cell.configuration().flags()) {
            if (!jvmArgs.contains(flag)) {
                return failed(cell, "JMH's forks did not get " + flag + " (their flags: " + String.join(" ", jvmArgs)
                        + "); a benchmark with @Fork(0) runs in JMH's own JVM, which the lab cannot configure");
            }
        }
        ObjectNode record = RecordJson.mapper().createObjectNode();
        record.put("experiment", JmhExperiment.NAME);
        record.put("status", LabRecord.OK);
        record.set("cell", RecordJson.mapper().valueToTree(cell.fields()));
        record.set("env", RecordJson.mapper().valueToTree(environment(result, jvmArgs)));
        record.set("metrics", RecordJson.mapper().valueToTree(metrics(result)));
        return record.toString();
    }

    private static JmhMetricsView metrics(JsonNode result) {
        JsonNode primary = result.path("primaryMetric");
        JsonNode secondary = result.path("secondaryMetrics");
        List<List<Double>> iterations = new ArrayList<>();
        for (JsonNode fork : primary.path("rawData")) {
            List<Double> values = new ArrayList<>();
            fork.forEach(v -> values.add(v.asDouble()));
            iterations.add(values);
        }
        return new JmhMetricsView(result.path("mode").asText(null), primary.path("scoreUnit").asText(null),
                number(primary.path("score")), number(primary.path("scoreError")), iterations,
                result.path("forks").isInt() ? result.path("forks").asInt() : null,
                score(secondary, "gc.alloc.rate.norm"), score(secondary, "gc.alloc.rate"), score(secondary, "gc.count"),
                score(secondary, "gc.time"), result.path("threads").isInt() ? result.path("threads").asInt() : null,
                result.path("jmhVersion").asText(null),
                result.path("warmupIterations").asInt() + " x " + result.path("warmupTime").asText("?"),
                result.path("measurementIterations").asInt() + " x " + result.path("measurementTime").asText("?"));
    }

    /** A secondary metric's score, 0 where JMH left it out; older JMHs prefix the names with a middle dot. */
    private static double score(JsonNode secondary, String name) {
        JsonNode metric = secondary.has(name) ? secondary.get(name) : secondary.path("\u00b7" + name);
        Double score = number(metric.path("score"));
        return score == null ? 0 : score;
    }

    /** A JSON number, or {@code null} for JMH's {@code "NaN"} and anything else that is not a finite number. */
    private static Double number(JsonNode node) {
        if (!node.isNumber()) {
            return null;
        }
        double value = node.asDouble();
        return Double.isFinite(value) ? value : null;
    }

    private static Environment environment(JsonNode result, List<String> jvmArgs) {
        Environment here = Environment.current();
        String jdk = result.path("jdkVersion").asText(here.jdk());
        String vm = result.has("vmName") ? result.path("vmName").asText() + " " + result.path("vmVersion").asText()
                : here.vm();
        return new Environment(jdk, vm, here.cpu(), here.cores(), here.os(), jvmArgs, here.host());
    }

    private static String failed(JmhCell cell, String reason) {
        ObjectNode record = RecordJson.mapper().createObjectNode();
        record.put("experiment", JmhExperiment.NAME);
        record.put("status", LabRecord.FAILED);
        record.put("error", reason);
        record.set("cell", RecordJson.mapper().valueToTree(cell.fields()));
        return record.toString();
    }
}

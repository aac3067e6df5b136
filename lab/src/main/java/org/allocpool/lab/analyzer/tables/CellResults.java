package org.allocpool.lab.analyzer.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.allocpool.lab.analyzer.AnalyzerMatrix;
import org.allocpool.lab.analyzer.AnalyzerRuntime;
import org.allocpool.lab.analyzer.Collector;
import org.allocpool.metrics.result.ResultRecord;

/**
 * The analyzer records of a run, one per cell, in table order: collectors as the lab lists them,
 * then strategies and cases as the analyzer lists them (names it does not know come after, in the
 * order met); then the C++ records, which belong to no collector, as rows {@code cpp pool},
 * {@code cpp-flat pool} (runtime, then strategy). When a cell was recorded more than once (a resumed run), the latest ok record wins,
 * else the latest failed one. Immutable after construction; safe to share.
 */
final class CellResults {

    /** The experiment whose records these are. */
    static final String EXPERIMENT = "analyzer";

    private static final List<String> RUNTIMES = Stream.of(AnalyzerRuntime.values()).map(AnalyzerRuntime::label).toList();

    private final Map<String, Map<String, Map<String, JsonNode>>> byGcStrategyCase;
    private final Map<String, Map<String, JsonNode>> cppByRowCase;
    private final List<JsonNode> shown;

    CellResults(List<JsonNode> records) {
        Map<List<String>, JsonNode> latest = new LinkedHashMap<>();
        for (JsonNode record : records) {
            if (!EXPERIMENT.equals(record.path("experiment").asText())) {
                continue;
            }
            List<String> key = List.of(runtime(record), gc(record), strategy(record), caseName(record));
            JsonNode before = latest.get(key);
            if (before == null || isOk(record) || !isOk(before)) {
                latest.put(key, record);
            }
        }
        List<JsonNode> ordered = new ArrayList<>(latest.values());
        ordered.sort(Comparator.comparingInt((JsonNode r) -> rank(RUNTIMES, runtime(r)))
                .thenComparing(CellResults::runtime)
                .thenComparingInt(r -> gcRank(gc(r)))
                .thenComparing(CellResults::gc)
                .thenComparingInt(r -> rank(AnalyzerMatrix.STRATEGIES, strategy(r)))
                .thenComparingInt(r -> rank(AnalyzerMatrix.CASES, caseName(r))));
        Map<String, Map<String, Map<String, JsonNode>>> grouped = new LinkedHashMap<>();
        Map<String, Map<String, JsonNode>> cpp = new LinkedHashMap<>();
        for (JsonNode record : ordered) {
            if (isCpp(record)) {
                cpp.computeIfAbsent(row(record), k -> new LinkedHashMap<>()).put(caseName(record), record);
                continue;
            }
            grouped.computeIfAbsent(gc(record), k -> new LinkedHashMap<>())
                    .computeIfAbsent(strategy(record), k -> new LinkedHashMap<>())
                    .put(caseName(record), record);
        }
        this.byGcStrategyCase = grouped;
        this.cppByRowCase = cpp;
        this.shown = List.copyOf(ordered);
    }

    /** Every record shown, in table order. */
    List<JsonNode> records() {
        return shown;
    }

    /** The collectors recorded (by Java cells), in table order. */
    List<String> collectors() {
        return List.copyOf(byGcStrategyCase.keySet());
    }

    /** The strategies recorded under {@code gc}, in table order. */
    List<String> strategies(String gc) {
        return List.copyOf(byGcStrategyCase.getOrDefault(gc, Map.of()).keySet());
    }

    /** The cases recorded under {@code gc} for any strategy, or by a C++ cell, in table order. */
    List<String> cases(String gc) {
        return Stream.concat(byGcStrategyCase.getOrDefault(gc, Map.of()).values().stream(),
                        cppByRowCase.values().stream())
                .flatMap(byCase -> byCase.keySet().stream())
                .distinct()
                .sorted(Comparator.comparingInt((String c) -> rank(AnalyzerMatrix.CASES, c)))
                .toList();
    }

    /** The record of one cell, or {@code null} if it was not run. */
    JsonNode get(String gc, String strategy, String caseName) {
        return byGcStrategyCase.getOrDefault(gc, Map.of()).getOrDefault(strategy, Map.of()).get(caseName);
    }

    /** The C++ rows recorded, {@code cpp pool} or {@code cpp-flat mix}: runtime, then strategy. */
    List<String> cppRows() {
        return List.copyOf(cppByRowCase.keySet());
    }

    /** The C++ record of row {@code row} ({@code cpp pool}) and case, or {@code null} if it was not run. */
    JsonNode cpp(String row, String caseName) {
        return cppByRowCase.getOrDefault(row, Map.of()).get(caseName);
    }

    /** The C++ record of {@code runtime} ({@code cpp}), strategy and case, or {@code null} if it was not run. */
    JsonNode cpp(String runtime, String strategy, String caseName) {
        return cpp(runtime + " " + strategy, caseName);
    }

    static boolean isOk(JsonNode record) {
        return ResultRecord.OK.equals(record.path("status").asText());
    }

    /** {@code java} (also when the record names no runtime), {@code cpp} or {@code cpp-flat}. */
    static String runtime(JsonNode record) {
        return AnalyzerRuntime.labelOf(record.path("cell").path("runtime").asText(""));
    }

    /** Whether the record is of a C++ cell (no collector, no heap). */
    static boolean isCpp(JsonNode record) {
        return !AnalyzerRuntime.JAVA.label().equals(runtime(record));
    }

    /** How tables and footnotes name the record's cell: {@code G1 pool A} or {@code cpp pool A}. */
    static String label(JsonNode record) {
        return (isCpp(record) ? runtime(record) : gc(record)) + " " + strategy(record) + " " + caseName(record);
    }

    /** A C++ record's row name, {@code cpp pool}. */
    static String row(JsonNode record) {
        return runtime(record) + " " + strategy(record);
    }

    static String gc(JsonNode record) {
        return record.path("cell").path("gc").asText("?");
    }

    static String strategy(JsonNode record) {
        return record.path("cell").path("strategy").asText("?");
    }

    static String caseName(JsonNode record) {
        return record.path("cell").path("case").asText("?");
    }

    private static int gcRank(String label) {
        for (Collector collector : Collector.values()) {
            if (collector.label().equals(label)) {
                return collector.ordinal();
            }
        }
        return Integer.MAX_VALUE;
    }

    private static int rank(List<String> order, String name) {
        int i = order.indexOf(Objects.requireNonNullElse(name, ""));
        return i < 0 ? Integer.MAX_VALUE : i;
    }
}

package org.allocpool.lab.analyzer.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.allocpool.lab.analyzer.AnalyzerMatrix;
import org.allocpool.lab.analyzer.Collector;
import org.allocpool.metrics.result.ResultRecord;

/**
 * The analyzer records of a run, one per cell, in table order: collectors as the lab lists them,
 * then strategies and cases as the analyzer lists them (names it does not know come after, in the
 * order met). When a cell was recorded more than once (a resumed run), the latest ok record wins,
 * else the latest failed one. Immutable after construction; safe to share.
 */
final class CellResults {

    /** The experiment whose records these are. */
    static final String EXPERIMENT = "analyzer";

    private final Map<String, Map<String, Map<String, JsonNode>>> byGcStrategyCase;
    private final List<JsonNode> shown;

    CellResults(List<JsonNode> records) {
        Map<List<String>, JsonNode> latest = new LinkedHashMap<>();
        for (JsonNode record : records) {
            if (!EXPERIMENT.equals(record.path("experiment").asText())) {
                continue;
            }
            List<String> key = List.of(gc(record), strategy(record), caseName(record));
            JsonNode before = latest.get(key);
            if (before == null || isOk(record) || !isOk(before)) {
                latest.put(key, record);
            }
        }
        List<JsonNode> ordered = new ArrayList<>(latest.values());
        ordered.sort(Comparator.comparingInt((JsonNode r) -> gcRank(gc(r)))
                .thenComparing(CellResults::gc)
                .thenComparingInt(r -> rank(AnalyzerMatrix.STRATEGIES, strategy(r)))
                .thenComparingInt(r -> rank(AnalyzerMatrix.CASES, caseName(r))));
        Map<String, Map<String, Map<String, JsonNode>>> grouped = new LinkedHashMap<>();
        for (JsonNode record : ordered) {
            grouped.computeIfAbsent(gc(record), k -> new LinkedHashMap<>())
                    .computeIfAbsent(strategy(record), k -> new LinkedHashMap<>())
                    .put(caseName(record), record);
        }
        this.byGcStrategyCase = grouped;
        this.shown = List.copyOf(ordered);
    }

    /** Every record shown, in table order. */
    List<JsonNode> records() {
        return shown;
    }

    /** The collectors recorded, in table order. */
    List<String> collectors() {
        return List.copyOf(byGcStrategyCase.keySet());
    }

    /** The strategies recorded under {@code gc}, in table order. */
    List<String> strategies(String gc) {
        return List.copyOf(byGcStrategyCase.getOrDefault(gc, Map.of()).keySet());
    }

    /** The cases recorded under {@code gc} for any strategy, in table order. */
    List<String> cases(String gc) {
        return byGcStrategyCase.getOrDefault(gc, Map.of()).values().stream()
                .flatMap(byCase -> byCase.keySet().stream())
                .distinct()
                .sorted(Comparator.comparingInt((String c) -> rank(AnalyzerMatrix.CASES, c)))
                .toList();
    }

    /** The record of one cell, or {@code null} if it was not run. */
    JsonNode get(String gc, String strategy, String caseName) {
        return byGcStrategyCase.getOrDefault(gc, Map.of()).getOrDefault(strategy, Map.of()).get(caseName);
    }

    static boolean isOk(JsonNode record) {
        return ResultRecord.OK.equals(record.path("status").asText());
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

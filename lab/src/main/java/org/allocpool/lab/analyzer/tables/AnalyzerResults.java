package org.allocpool.lab.analyzer.tables;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.allocpool.lab.analyzer.AnalyzerCellFields;
import org.allocpool.lab.analyzer.AnalyzerMatrix;
import org.allocpool.lab.analyzer.AnalyzerMetricsView;
import org.allocpool.lab.analyzer.AnalyzerRuntime;
import org.allocpool.lab.analyzer.Collector;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.records.LatestRecords;

/**
 * The analyzer cells of a run that one set of tables shows, in table order: collectors as the lab
 * lists them, then strategies and cases as the analyzer lists them (names it does not know come
 * after, in the order met); then the C++ cells, which belong to no collector, as rows
 * {@code cpp pool}, {@code cpp-flat pool}. Each cell holds its latest record per fork
 * ({@link LatestRecords}). Immutable after construction; safe to share.
 */
final class AnalyzerResults {

    private static final List<String> RUNTIMES = Stream.of(AnalyzerRuntime.values()).map(AnalyzerRuntime::label).toList();

    private final Map<String, Map<String, Map<String, CellResult>>> byGcStrategyCase = new LinkedHashMap<>();
    private final Map<String, Map<String, CellResult>> cppByRowCase = new LinkedHashMap<>();
    private final List<CellResult> all;

    AnalyzerResults(List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> records) {
        LatestRecords<AnalyzerCellFields, AnalyzerMetricsView> latest = new LatestRecords<>(records);
        List<CellResult> cells = new ArrayList<>();
        for (String key : latest.keys()) {
            List<LabRecord<AnalyzerCellFields, AnalyzerMetricsView>> forks = latest.forks(key);
            cells.add(new CellResult(forks.getLast().cell(), forks));
        }
        cells.sort(Comparator.comparingInt((CellResult r) -> rank(RUNTIMES, r.cell().runtimeLabel()))
                .thenComparing(r -> r.cell().runtimeLabel())
                .thenComparingInt(r -> gcRank(r.cell().gc()))
                .thenComparing(r -> Objects.requireNonNullElse(r.cell().gc(), ""))
                .thenComparingInt(r -> rank(AnalyzerMatrix.STRATEGIES, r.cell().strategy()))
                .thenComparingInt(r -> rank(AnalyzerMatrix.CASES, r.cell().caseName())));
        for (CellResult result : cells) {
            AnalyzerCellFields cell = result.cell();
            if (cell.isCpp()) {
                cppByRowCase.computeIfAbsent(cell.row(), k -> new LinkedHashMap<>()).put(cell.caseName(), result);
            } else {
                byGcStrategyCase.computeIfAbsent(cell.gc(), k -> new LinkedHashMap<>())
                        .computeIfAbsent(cell.strategy(), k -> new LinkedHashMap<>())
                        .put(cell.caseName(), result);
            }
        }
        this.all = List.copyOf(cells);
    }

    /** Every cell shown, in table order. */
    List<CellResult> all() {
        return all;
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
        return Stream.concat(byGcStrategyCase.getOrDefault(gc, Map.of()).values().stream(), cppByRowCase.values().stream())
                .flatMap(byCase -> byCase.keySet().stream())
                .distinct()
                .sorted(Comparator.comparingInt((String c) -> rank(AnalyzerMatrix.CASES, c)))
                .toList();
    }

    /** One cell, or {@code null} if it was not run. */
    CellResult get(String gc, String strategy, String caseName) {
        return byGcStrategyCase.getOrDefault(gc, Map.of()).getOrDefault(strategy, Map.of()).get(caseName);
    }

    /** The C++ rows recorded, {@code cpp pool} or {@code cpp-flat mix}: runtime, then strategy. */
    List<String> cppRows() {
        return List.copyOf(cppByRowCase.keySet());
    }

    /** The C++ cell of row {@code row} ({@code cpp pool}) and case, or {@code null} if it was not run. */
    CellResult cpp(String row, String caseName) {
        return cppByRowCase.getOrDefault(row, Map.of()).get(caseName);
    }

    /** Whether nothing was recorded. */
    boolean isEmpty() {
        return all.isEmpty();
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

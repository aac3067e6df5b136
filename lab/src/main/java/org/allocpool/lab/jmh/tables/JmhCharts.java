package org.allocpool.lab.jmh.tables;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.jmh.JmhCellFields;
import org.allocpool.lab.report.BarChart;
import org.allocpool.lab.report.Chart;
import org.allocpool.lab.report.ChartSection;
import org.allocpool.lab.report.Svg;

/**
 * The jmh charts, drawn from the figures the tables show: per unit (benchmarks of one unit together) the
 * score of every benchmark under every configuration, its whisker the 95% interval across passes (log
 * scale: one jar's benchmarks span orders of magnitude); and the bytes allocated per operation. Thread-safe
 * (stateless).
 */
final class JmhCharts {

    private JmhCharts() {
    }

    static List<ChartSection> of(JmhCells cells) {
        Map<String, BarChart> scores = new LinkedHashMap<>();
        BarChart bytes = new BarChart("bytes per operation", "benchmark", false);
        for (JmhCellFields row : cells.rows()) {
            String group = row.benchmarkLabel();
            for (String configuration : cells.configurations()) {
                JmhCellResult result = cells.at(configuration, row);
                if (result == null) {
                    continue;
                }
                Figure score = result.score();
                if (score == null) {
                    bytes.missing(group, configuration, "failed");
                    continue;
                }
                String unit = result.unit();
                ScoreInterval interval = ScoreInterval.of(score);
                scores.computeIfAbsent(unit, u -> new BarChart(u, "benchmark", true))
                        .bar(group, configuration, new BarChart.Bar(interval.estimate(), interval.low(), interval.high(),
                                score.steady(), group + ", " + configuration + ": " + Svg.label(interval.estimate()) + " "
                                + unit + (interval.hasInterval() ? " (95% CI " + Svg.label(interval.low()) + "-"
                                + Svg.label(interval.high()) + ")" : "")));
                bytes.bar(group, configuration, BarChart.Bar.of(result.allocBytesPerOp(), true,
                        group + ", " + configuration + ": " + Svg.label(result.allocBytesPerOp()) + " B/op"));
            }
        }
        List<Chart> charts = new ArrayList<>();
        scores.forEach((unit, chart) -> {
            String title = "Score, " + unit;
            charts.add(new Chart(title, "Geometric mean over the passes; whisker: its 95% interval across them. "
                    + (unit.endsWith("/op") ? "Lower is better." : "Higher is better."), chart.svg(title)));
        });
        if (!bytes.isEmpty()) {
            String title = "Heap bytes allocated per operation";
            charts.add(new Chart(title, "gc.alloc.rate.norm of -prof gc, median over the passes.", bytes.svg(title)));
        }
        return charts.isEmpty() ? List.of() : List.of(new ChartSection("Your benchmarks",
                "Every benchmark under every JVM configuration, in passes.", charts));
    }
}

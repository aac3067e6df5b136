package org.allocpool.lab.analyzer.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.allocpool.lab.analyzer.AnalyzerMetricsView;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.figure.RatioInterval;
import org.allocpool.lab.report.BarChart;
import org.allocpool.lab.report.Chart;
import org.allocpool.lab.report.ChartSection;
import org.allocpool.lab.report.ScatterChart;
import org.allocpool.lab.report.Svg;
import org.allocpool.metrics.gc.GcStatistics;
import org.allocpool.metrics.stats.RoundStatistics;

/**
 * The analyzer's batch charts, one section per collector, from the figures its tables show
 * ({@link CellResult#nsPerPacket()}, {@link CellResult#gc}): ns/packet per strategy and case with the
 * rounds' min-max as whiskers and figures that were not steady hatched; the longest and average GC
 * pause against throughput; Java / C++ ratios; and ours beside the 2019 article's, each as a multiple
 * of {@code pool} in the same case (other hardware: compare shapes, not digits). Thread-safe (stateless).
 */
final class AnalyzerCharts {

    /** The strategy the article comparison divides by: both the article and the lab run it. */
    private static final String BASELINE = "pool";

    private AnalyzerCharts() {
    }

    static List<ChartSection> batch(AnalyzerResults results) {
        List<ChartSection> sections = new ArrayList<>();
        for (String gc : results.collectors()) {
            List<Chart> charts = new ArrayList<>();
            nsPerPacket(results, gc).ifPresent(charts::add);
            gcAgainstThroughput(results, gc).ifPresent(charts::add);
            javaCpp(results, gc).ifPresent(charts::add);
            besideTheArticle(results, gc).ifPresent(charts::add);
            if (!charts.isEmpty()) {
                sections.add(new ChartSection(gc + ": batch", "Every figure is the median over the cell's forks, as"
                        + " in the tables below; hover a mark for its figures.", charts));
            }
        }
        if (results.collectors().isEmpty() && !results.cppRows().isEmpty()) {
            nsPerPacket(results, "").ifPresent(c -> sections.add(new ChartSection("C++: batch", "", List.of(c))));
        }
        return sections;
    }

    private static Optional<Chart> nsPerPacket(AnalyzerResults results, String gc) {
        List<CellResult> all = new ArrayList<>();
        for (String caseName : results.cases(gc)) {
            results.strategies(gc).forEach(s -> all.add(results.get(gc, s, caseName)));
            results.cppRows().forEach(r -> all.add(results.cpp(r, caseName)));
        }
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (CellResult result : all) {
            Figure figure = result == null || !result.isOk() ? null : result.nsPerPacket();
            if (figure != null && figure.median() > 0) {
                min = Math.min(min, figure.median());
                max = Math.max(max, figure.median());
            }
        }
        boolean log = max / min > 20;
        BarChart chart = new BarChart("ns per packet", "case", log);
        for (String caseName : results.cases(gc)) {
            for (String strategy : results.strategies(gc)) {
                add(chart, caseName, strategy, results.get(gc, strategy, caseName));
            }
            for (String row : results.cppRows()) {
                add(chart, caseName, row, results.cpp(row, caseName));
            }
        }
        if (chart.isEmpty()) {
            return Optional.empty();
        }
        String title = (gc.isEmpty() ? "C++" : gc) + ": ns/packet, strategy x case";
        return Optional.of(new Chart(title, "Bar: the median over the forks of each fork's ns per packet (lower is"
                + " better); whisker: the fastest to the slowest timed round of any fork (min-max). A hatched bar marked ~"
                + " was not steady: not a clean figure, never a winner. C++ rows have no collector and are the same under"
                + " every collector." + (log ? " Log scale: the figures span more than twenty-fold." : ""),
                chart.svg(title)));
    }

    private static void add(BarChart chart, String caseName, String series, CellResult result) {
        if (result == null) {
            return;
        }
        Figure figure = result.isOk() ? result.nsPerPacket() : null;
        if (figure == null) {
            chart.missing(caseName, series, result.isOk() ? "no figure" : "failed");
            return;
        }
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (AnalyzerMetricsView m : result.measured()) {
            RoundStatistics ns = m.nsPerPacket();
            if (ns != null) {
                low = Math.min(low, ns.rounds().isEmpty() ? ns.min() : ns.rounds().stream().mapToDouble(Double::doubleValue).min().orElse(ns.min()));
                high = Math.max(high, ns.rounds().isEmpty() ? ns.max() : ns.rounds().stream().mapToDouble(Double::doubleValue).max().orElse(ns.max()));
            }
        }
        String tooltip = result.label() + ": " + NsPerPacketTable.text(figure) + " ns/packet over " + figure.forks()
                + (figure.forks() == 1 ? " fork" : " forks") + "; rounds " + Svg.label(low) + "-" + Svg.label(high)
                + (figure.steady() ? "; steady" : "; not steady: " + figure.reason());
        chart.bar(caseName, series, new BarChart.Bar(figure.median(), Double.isFinite(low) ? low : Double.NaN,
                Double.isFinite(high) ? high : Double.NaN, figure.steady(), tooltip));
    }

    private static Optional<Chart> gcAgainstThroughput(AnalyzerResults results, String gc) {
        double minPause = Double.POSITIVE_INFINITY;
        double maxPause = 0;
        for (String strategy : results.strategies(gc)) {
            for (String caseName : results.cases(gc)) {
                CellResult result = results.get(gc, strategy, caseName);
                if (result != null && result.isOk() && result.hasGc()) {
                    for (double pause : new double[] {result.gc(GcStatistics::pauseMaxMs), result.gc(GcStatistics::pauseAvgMs)}) {
                        if (pause > 0) {
                            minPause = Math.min(minPause, pause);
                            maxPause = Math.max(maxPause, pause);
                        }
                    }
                }
            }
        }
        boolean log = maxPause / minPause > 50;
        ScatterChart chart = new ScatterChart("throughput, million packets per second", false, "GC pause, ms", log);
        int skipped = 0;
        for (String strategy : results.strategies(gc)) {
            for (String caseName : results.cases(gc)) {
                CellResult result = results.get(gc, strategy, caseName);
                Figure figure = result == null || !result.isOk() || !result.hasGc() ? null : result.nsPerPacket();
                if (figure == null || figure.median() <= 0) {
                    continue;
                }
                double mpps = 1e3 / figure.median();
                double maxMs = result.gc(GcStatistics::pauseMaxMs);
                double avgMs = result.gc(GcStatistics::pauseAvgMs);
                String name = strategy + " " + caseName;
                String tooltip = gc + " " + name + ": " + Svg.label(mpps) + " M packets/s (" + Svg.label(figure.median())
                        + " ns/packet); GC pause max " + Svg.label(maxMs) + " ms, average " + Svg.label(avgMs) + " ms, "
                        + Svg.label(result.gc(GcStatistics::perSecond)) + " GC/s"
                        + (figure.steady() ? "" : "; not steady: " + figure.reason());
                if (log && !(maxMs > 0)) {
                    skipped++;
                }
                chart.point("longest pause", mpps, maxMs, name, figure.steady(), tooltip);
                chart.point("average pause", mpps, avgMs, name, figure.steady(), tooltip);
            }
        }
        if (chart.isEmpty()) {
            return Optional.empty();
        }
        String title = gc + ": GC pause against throughput";
        return Optional.of(new Chart(title, "Each cell twice: its longest and its average GC pause (medians over"
                + " the forks, as the JVM reports them) against its throughput (10^9 / ns per packet). Down and to the right"
                + " is better: fast and with short pauses. A hollow point marked ~ was not steady."
                + (log ? " Log scale for the pauses" + (skipped > 0 ? "; " + skipped + " cell(s) that never paused are"
                        + " left out." : ".") : ""), chart.svg(title)));
    }

    private static Optional<Chart> javaCpp(AnalyzerResults results, String gc) {
        BarChart chart = new BarChart("Java / C++, ratio of ns per packet", "case", false);
        for (String caseName : results.cases(gc)) {
            for (JavaCppRatioTable.Pair pair : JavaCppRatioTable.PAIRS) {
                CellResult java = results.get(gc, pair.javaStrategy(), caseName);
                CellResult cpp = results.cpp(pair.cppRow(), caseName);
                if (java == null || cpp == null) {
                    continue;
                }
                Figure javaNs = java.isOk() ? java.nsPerPacket() : null;
                Figure cppNs = cpp.isOk() ? cpp.nsPerPacket() : null;
                if (javaNs == null || cppNs == null || cppNs.median() <= 0) {
                    chart.missing(caseName, pair.label(), "failed");
                    continue;
                }
                // the table's figure: pass by pass with its interval, else the medians' ratio
                RatioInterval interval = RatioInterval.of(javaNs, cppNs, true);
                boolean steady = javaNs.steady() && cppNs.steady();
                String tooltip = pair.label() + ", case " + caseName + ": " + JavaCppRatioTable.ratio(interval, javaNs, cppNs)
                        + " (medians " + Svg.label(javaNs.median()) + " / " + Svg.label(cppNs.median()) + " ns)"
                        + (steady ? "" : "; a side was not steady");
                chart.bar(caseName, pair.label(), interval == null
                        ? BarChart.Bar.of(javaNs.median() / cppNs.median(), steady, tooltip)
                        : new BarChart.Bar(interval.estimate(), interval.low(), interval.high(), steady, tooltip));
            }
        }
        if (chart.isEmpty()) {
            return Optional.empty();
        }
        chart.reference(1, "1x: as fast as C++");
        chart.whiskers("whisker: 95% interval");
        String title = gc + ": Java / C++, ns/packet";
        return Optional.of(new Chart(title, "Each Java strategy over the C++ build that keeps its data alike, from"
                + " this run, as in the table: pass by pass, the geometric mean of the passes' ratios, its whisker the"
                + " 95% interval (the medians' ratio, no whisker, with fewer than two passes). Above the dashed line"
                + " Java needs more time per packet than C++, below it less. Hatched, ~: a side was not steady.",
                chart.svg(title)));
    }

    private static Optional<Chart> besideTheArticle(AnalyzerResults results, String gc) {
        if (!ArticleFigures.covers(gc)) {
            return Optional.empty();
        }
        BarChart chart = new BarChart("ns per packet / " + BASELINE + "'s in the same case", "strategy and case", false);
        for (String strategy : results.strategies(gc)) {
            if (strategy.equals(BASELINE)) {
                continue;
            }
            for (String caseName : results.cases(gc)) {
                Integer published = ArticleFigures.nsPerPacket(gc, strategy, caseName);
                Integer publishedBase = ArticleFigures.nsPerPacket(gc, BASELINE, caseName);
                Figure ours = figure(results.get(gc, strategy, caseName));
                Figure base = figure(results.get(gc, BASELINE, caseName));
                if (published == null || publishedBase == null || ours == null || base == null || base.median() <= 0) {
                    continue;
                }
                String group = strategy + " " + caseName;
                double ourRatio = ours.median() / base.median();
                double theirRatio = published / (double) publishedBase;
                boolean steady = ours.steady() && base.steady();
                chart.bar(group, "ours", BarChart.Bar.of(ourRatio, steady, gc + " " + group + ", ours: "
                        + JavaCppRatioTable.ratio(ourRatio) + " " + BASELINE + " (" + Svg.label(ours.median()) + " / "
                        + Svg.label(base.median()) + " ns)" + (steady ? "" : "; not steady")));
                chart.bar(group, "2019", BarChart.Bar.of(theirRatio, true, gc + " " + group + ", 2019: "
                        + JavaCppRatioTable.ratio(theirRatio) + " " + BASELINE + " (" + published + " / " + publishedBase + " ns)"));
            }
        }
        if (chart.isEmpty()) {
            return Optional.empty();
        }
        chart.reference(1, "1x: as fast as " + BASELINE);
        String title = gc + ": ours beside 2019, as multiples of " + BASELINE;
        return Optional.of(new Chart(title, "Each strategy's ns per packet over " + BASELINE + "'s in the same case"
                + " and collector, ours beside the article's (\"To allocate or to pool?\", 2019, other hardware and JDKs):"
                + " as ratios, the shapes compare where the digits cannot. Above the dashed line slower than " + BASELINE
                + ". Only strategies both measured.", chart.svg(title)));
    }

    private static Figure figure(CellResult result) {
        return result == null || !result.isOk() ? null : result.nsPerPacket();
    }
}

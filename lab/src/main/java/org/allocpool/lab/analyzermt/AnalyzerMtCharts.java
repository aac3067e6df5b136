package org.allocpool.lab.analyzermt;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.allocpool.lab.analyzermt.AnalyzerMtReport.Cell;
import org.allocpool.lab.report.BarChart;
import org.allocpool.lab.report.Chart;
import org.allocpool.lab.report.ChartSection;

/**
 * The {@code analyzer-mt} lab's charts, from the figures its tables show: per collector, mode and
 * case, one bar per strategy and number of processors, grouped by N: packets per second in batch
 * (with the single-threaded article's pool figure as a reference line), the lost ticks in real time;
 * and the share of time in GC pauses. Thread-safe (stateless).
 */
final class AnalyzerMtCharts {

    private static final String SPREAD = "whisker: the slowest and the fastest round that counted, over every fork;"
            + " a hatched bar marked ~ was not steady.";

    private AnalyzerMtCharts() {
    }

    static List<ChartSection> of(List<Cell> cells) {
        Map<String, List<Cell>> groups = new LinkedHashMap<>();
        for (Cell c : cells) {
            groups.computeIfAbsent(c.fields().gc() + "|" + c.fields().mode() + "|" + c.fields().workloadCase(),
                    k -> new ArrayList<>()).add(c);
        }
        List<ChartSection> sections = new ArrayList<>();
        for (Map.Entry<String, List<Cell>> group : groups.entrySet()) {
            String[] key = group.getKey().split("\\|");
            boolean realtime = key[1].equals("realtime");
            List<Cell> g = group.getValue();
            Set<Integer> ns = new TreeSet<>();
            Set<String> strategies = new LinkedHashSet<>();
            g.forEach(c -> {
                ns.add(c.fields().threads());
                strategies.add(c.fields().strategy());
            });
            String where = key[0] + ", " + key[1] + ", case " + key[2];
            List<Chart> charts = new ArrayList<>();
            BarChart rate = new BarChart(realtime ? "lost ticks, % of sent" : "million packets per second, in all",
                    "processors (N)", false);
            BarChart gc = new BarChart("time in GC pauses, %", "processors (N)", false);
            for (int n : ns) {
                String at = "N=" + n;
                for (String s : strategies) {
                    Cell c = AnalyzerMtReport.find(g, s, n);
                    if (c == null) {
                        continue;
                    }
                    if (c.forks() == 0) {
                        rate.missing(at, s, "failed");
                        gc.missing(at, s, "failed");
                        continue;
                    }
                    rate.bar(at, s, realtime ? BarChart.Bar.of(c.lossPercent(), true, String.format(Locale.ROOT,
                            "%s, N=%d: %.3f%% of ticks lost", s, n, c.lossPercent()))
                            : new BarChart.Bar(c.packetsPerSecond() / 1e6, c.slowestRound() / 1e6, c.fastestRound() / 1e6,
                            c.steady(), String.format(Locale.ROOT, "%s, N=%d: %.2f M packets/s%s", s, n,
                            c.packetsPerSecond() / 1e6, c.steady() ? "" : "; not steady")));
                    gc.bar(at, s, BarChart.Bar.of(c.gcFraction() * 100, c.steady(), String.format(Locale.ROOT,
                            "%s, N=%d: %d GCs, %.1f%% of time, max pause %.1f ms", s, n, c.gcCount(),
                            c.gcFraction() * 100, c.gcMaxMs())));
                }
            }
            Integer article = AnalyzerMtReport.ARTICLE_NS.get(key[0] + "|" + key[2] + "|pool");
            if (!realtime && article != null) {
                rate.reference(1e3 / article, String.format(Locale.ROOT, "article, pool, 1 thread: %.2f", 1e3 / article));
            }
            if (!rate.isEmpty()) {
                String title = where + (realtime ? ": lost ticks" : ": packets per second");
                charts.add(new Chart(title, realtime
                        ? "Bar: the median over the forks of the ticks lost over the measured time (lower is better)."
                        : "Bar: the median over the forks, packets through the whole pipeline per second (higher is"
                        + " better); N=1 is one source and one processor thread; the line: the article's single-threaded"
                        + " pool, on its machine. " + SPREAD, rate.svg(title)));
            }
            if (!gc.isEmpty()) {
                String title = where + ": time in GC pauses";
                charts.add(new Chart(title, "Bar: the median over the forks of the share of wall time spent in pauses"
                        + (realtime ? " over the measured time" : " over the rounds that count") + " (lower is better).", gc.svg(title)));
            }
            if (!charts.isEmpty()) {
                sections.add(new ChartSection(where, "One source thread feeding N processor threads; each strategy in a"
                        + " JVM of its own.", charts));
            }
        }
        return List.copyOf(sections);
    }
}

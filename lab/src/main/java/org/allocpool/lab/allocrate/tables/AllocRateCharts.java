package org.allocpool.lab.allocrate.tables;

import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.allocrate.tables.AllocRateCells.Variant;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.report.BarChart;
import org.allocpool.lab.report.Chart;
import org.allocpool.lab.report.ChartSection;
import org.allocpool.lab.report.LineChart;

/**
 * The alloc-rate charts: events/s in all and per thread against the thread count, one line per
 * collector and loop; and per thread count the CPU and the wall time per event of each, the reusing loop's (the work),
 * Epsilon's (the work and the allocation) and each collector's (and the collection). Drawn from the
 * figures the tables show. Thread-safe (stateless).
 */
final class AllocRateCharts {

    private AllocRateCharts() {
    }

    static List<ChartSection> of(AllocRateCells cells) {
        List<Chart> charts = new ArrayList<>();
        line(cells, false).ifPresent(charts::add);
        line(cells, true).ifPresent(charts::add);
        BarChart ns = new BarChart("ns per event per thread", "threads", false);
        BarChart cpu = new BarChart("CPU ns per event, whole JVM", "threads", false);
        for (int t : cells.threads()) {
            String group = AllocRateText.threads(t);
            AllocRateResult reuse = cells.reuseFor(cells.collecting().isEmpty() ? "" : cells.collecting().getFirst(), t);
            String reuseName = "reuse" + (reuse == null ? "" : " (" + reuse.cell().gc() + ")");
            bar(ns, group, reuseName, reuse);
            cpuBar(cpu, group, reuseName, reuse);
            for (String gc : cells.collectors()) {
                bar(ns, group, gc + " alloc", cells.get(gc, Variant.ALLOC, t));
                cpuBar(cpu, group, gc + " alloc", cells.get(gc, Variant.ALLOC, t));
            }
        }
        if (!cpu.isEmpty()) {
            String title = "Who pays: CPU per event";
            charts.add(new Chart(title, "The whole JVM's CPU time per event (lower is better), the workers' and the"
                    + " collector's threads' together; whisker: the middle half of the rounds and every fork's figure."
                    + " reuse is the work alone; Epsilon alloc adds the allocation; each collector's alloc adds its"
                    + " collections and barriers.", cpu.svg(title)));
        }
        if (!ns.isEmpty()) {
            String title = "Who pays: time per event per thread";
            charts.add(new Chart(title, "1e9 over each thread's events/s (lower is better); whisker: the spread of the"
                    + " rounds and forks. reuse is the work alone; Epsilon alloc adds the allocation but never collects;"
                    + " each collector's alloc adds its collections and barriers. A hatched bar marked ~ was not steady.",
                    ns.svg(title)));
        }
        return charts.isEmpty() ? List.of() : List.of(new ChartSection("Allocation rate across threads",
                "Short-lived 44-byte TopOfBook events on 1 to N threads; every thread shares the machine's cores.", charts));
    }

    private static java.util.Optional<Chart> line(AllocRateCells cells, boolean perThread) {
        LineChart chart = new LineChart("threads", false, "million events per second" + (perThread ? " per thread" : ""),
                false);
        boolean any = false;
        for (String gc : cells.collectors()) {
            for (Variant v : cells.variants(gc)) {
                List<LineChart.Point> points = new ArrayList<>();
                for (int t : cells.threads()) {
                    AllocRateResult r = cells.get(gc, v, t);
                    Figure f = r == null ? null : perThread ? r.eventsPerSecondPerThread() : r.eventsPerSecond();
                    if (f != null) {
                        points.add(new LineChart.Point(t, f.median() / 1e6, r.cell().label() + ": "
                                + AllocRateText.figure(f) + " events/s" + (f.steady() ? "" : "; not steady: " + f.reason())));
                    }
                }
                if (!points.isEmpty()) {
                    chart.series(gc + " " + v.label(), points, !v.equals(Variant.ALLOC));
                    any = true;
                }
            }
        }
        if (!any) {
            return java.util.Optional.empty();
        }
        String title = perThread ? "Events per second per thread" : "Events per second, all threads";
        return java.util.Optional.of(new Chart(title, "Medians over the forks (higher is better); the allocating loop with"
                + " escape analysis on in solid lines, the others dashed. " + (perThread ? "A flat line scales perfectly."
                : "Where the line flattens, more threads stop adding events."), chart.svg(title)));
    }

    private static void cpuBar(BarChart chart, String group, String series, AllocRateResult r) {
        if (r == null || !r.isOk()) {
            return;
        }
        Figure f = r.cpuNsPerEvent();
        if (f != null) {
            chart.bar(group, series, new BarChart.Bar(f.median(), f.low(), f.high(), f.steady(),
                    r.cell().label() + ": " + AllocRateText.ns(f.median()) + " ns of CPU per event"));
        }
    }

    private static void bar(BarChart chart, String group, String series, AllocRateResult r) {
        if (r == null) {
            return;
        }
        if (!r.isOk()) {
            chart.missing(group, series, "failed");
            return;
        }
        Figure f = r.eventsPerSecondPerThread();
        if (f == null) {
            return;
        }
        // the rate's spread turned into the time's: the lower rate is the longer time
        chart.bar(group, series, new BarChart.Bar(1e9 / f.median(), 1e9 / f.high(), 1e9 / f.low(), f.steady(),
                r.cell().label() + ": " + AllocRateText.ns(1e9 / f.median()) + " ns per event per thread"));
    }
}

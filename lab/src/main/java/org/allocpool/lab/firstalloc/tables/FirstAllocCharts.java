package org.allocpool.lab.firstalloc.tables;

import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.report.BarChart;
import org.allocpool.lab.report.Chart;
import org.allocpool.lab.report.ChartSection;
import org.allocpool.lab.report.Svg;

/**
 * The first-alloc charts, one bar group per allocator in table order: the time to the first buffer and to
 * the first N (logarithmic: they span four orders of magnitude), with the case study's 165 ms as a line;
 * the classes loaded on the way; and this program's start beside the first N. Whiskers are the 10th to
 * 90th percentile over the forks. Thread-safe (stateless).
 */
final class FirstAllocCharts {

    private FirstAllocCharts() {
    }

    static List<ChartSection> of(FirstAllocResults results) {
        int count = results.count();
        String n = FirstAllocTables.thousands(count);
        BarChart times = new BarChart("milliseconds (log)", "allocator", true);
        BarChart classes = new BarChart("classes loaded", "allocator", false);
        BarChart start = new BarChart("milliseconds", "allocator", false);
        for (FirstAllocResult r : results.all()) {
            String a = r.allocator();
            if (!r.isOk()) {
                times.missing(a, "first buffer", "failed");
                classes.missing(a, "first buffer", "failed");
                start.missing(a, "JVM start to ready", "failed");
                continue;
            }
            bar(times, a, "first buffer", r.firstBufferMs(), " ms");
            bar(times, a, "first " + n, r.allBuffersMs(), " ms");
            bar(classes, a, "first buffer", r.classesFirstBuffer(), " classes");
            bar(classes, a, "first " + n, r.classesAllBuffers(), " classes");
            bar(start, a, "JVM start to ready", r.startToReadyMs(), " ms");
            bar(start, a, "first " + n, r.allBuffersMs(), " ms");
        }
        times.reference(FirstAllocTables.CASE_STUDY_FIRST_MS, "the case study's first pooled buffer, 165 ms");
        List<Chart> charts = new ArrayList<>();
        if (!times.isEmpty()) {
            String title = "Time to the first buffer and to the first " + n;
            charts.add(new Chart(title, "From just before the allocator's code is first called, in a fresh JVM: the"
                    + " median over the forks (lower is better); whisker: their 10th to 90th percentile. The dashed line"
                    + " is the Netty case study's 165 ms for its first pooled buffer (another machine and JDK).",
                    times.svg(title)));
        }
        if (!classes.isEmpty()) {
            String title = "Classes loaded on the way";
            charts.add(new Chart(title, "Classes the JVM loaded between the clock's start and the first buffer, and the"
                    + " " + n + "th: the bulk of a first allocation's time is loading and initialising them.",
                    classes.svg(title)));
        }
        if (!start.isEmpty()) {
            String title = "The first " + n + " beside the JVM's start";
            charts.add(new Chart(title, "JVM start (the runtime's start time) to the point the clock starts (this"
                    + " program's own start-up: the JVM, the module graph, the command line), beside the first " + n
                    + " buffers.", start.svg(title)));
        }
        return charts.isEmpty() ? List.of() : List.of(new ChartSection("First allocation",
                "One fresh JVM per fork and allocator; medians over the forks.", charts));
    }

    private static void bar(BarChart chart, String group, String series, Spread spread, String unit) {
        if (spread == null) {
            chart.missing(group, series, "-");
            return;
        }
        chart.bar(group, series, new BarChart.Bar(spread.median(), spread.p10(), spread.p90(), true,
                group + ", " + series + ": " + Svg.label(spread.median()) + unit + " (10th-90th percentile "
                        + Svg.label(spread.p10()) + "-" + Svg.label(spread.p90()) + ")"));
    }
}

package org.allocpool.lab.report;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.allocpool.lab.gauge.GaugeReading;
import org.allocpool.lab.gauge.GaugeSummary;

/**
 * The host gauge over a run, for {@code report.html}: one line per gauge figure (memory, CPU) through
 * the run's readings, x the minutes since the first reading, y each reading over its figure's median
 * for the run (1 = the median, higher = a slower host), on a log axis of ratios so that twice as slow
 * and twice as fast lie equally far from 1. Thread-safe (stateless).
 */
public final class HostGaugeChart {

    static final String TITLE = "Host gauge over the run";

    private HostGaugeChart() {
    }

    /** The section a report shows for {@code readings} (in any order), empty when there is none. */
    public static Optional<ChartSection> section(List<GaugeReading> readings) {
        if (readings.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new ChartSection(TITLE, "The lab read a short memory-bound and CPU-bound probe before and"
                + " after every fork, to see whether the host's speed moved under the forks. It flags forks; it never"
                + " rescales a figure.", List.of(chart(readings))));
    }

    /**
     * The chart of {@code readings}, not empty.
     *
     * @throws IllegalArgumentException when there is no reading
     */
    public static Chart chart(List<GaugeReading> readings) {
        if (readings.isEmpty()) {
            throw new IllegalArgumentException("a host gauge chart needs at least one reading");
        }
        GaugeSummary summary = GaugeSummary.of(readings);
        List<GaugeReading> inTime = readings.stream()
                .sorted((a, b) -> a.at().compareTo(b.at())).toList();
        List<LineChart.Point> memory = new ArrayList<>();
        List<LineChart.Point> cpu = new ArrayList<>();
        for (GaugeReading r : inTime) {
            double minutes = Duration.between(inTime.getFirst().at(), r.at()).toMillis() / 60_000.0;
            double m = r.memoryNsPerLine() / summary.memoryMedian();
            double c = r.cpuNsPerOp() / summary.cpuMedian();
            memory.add(new LineChart.Point(minutes, m, String.format(Locale.ROOT,
                    "memory at %.1f min: %.3g ns per line, %.2fx its median", minutes, r.memoryNsPerLine(), m)));
            cpu.add(new LineChart.Point(minutes, c, String.format(Locale.ROOT,
                    "CPU at %.1f min: %.3g ns per step, %.2fx its median", minutes, r.cpuNsPerOp(), c)));
        }
        String svg = new LineChart("minutes since the first reading", false, "reading / its median over the run", true)
                .ratioAxis()
                .series(String.format(Locale.ROOT, "memory (median %.3g ns per 64-byte line)", summary.memoryMedian()), memory)
                .series(String.format(Locale.ROOT, "CPU (median %.3g ns per step)", summary.cpuMedian()), cpu)
                .svg("host gauge readings over the run relative to their medians");
        String caption = String.format(Locale.ROOT, "%d readings. Each point is one reading over its figure's median for"
                + " the run: above 1 the host was slower, below 1 faster. Memory streams over a buffer far beyond the"
                + " last-level cache; CPU is a dependent chain of integer steps in registers.", summary.readings());
        return new Chart(TITLE, caption, svg);
    }
}

package org.allocpool.lab.gauge;

import java.util.List;
import java.util.Locale;

/**
 * How far the host gauge moved over one run, for the line under a run's tables: each figure's lowest and
 * highest reading as a ratio to its median over the run ({@code 1.0} = the median, higher = slower host).
 * Immutable; safe to share.
 *
 * @param readings     how many readings it is made of
 * @param memoryMedian the median of {@link GaugeReading#memoryNsPerLine}, ns per line; NaN without readings
 * @param cpuMedian    the median of {@link GaugeReading#cpuNsPerOp}, ns per step; NaN without readings
 * @param memoryLow    the lowest memory reading over its median
 * @param memoryHigh   the highest memory reading over its median
 * @param cpuLow       the lowest CPU reading over its median
 * @param cpuHigh      the highest CPU reading over its median
 */
public record GaugeSummary(int readings, double memoryMedian, double cpuMedian, double memoryLow, double memoryHigh,
                           double cpuLow, double cpuHigh) {

    /** The summary of a run's readings (any order; none gives a summary that says so). */
    public static GaugeSummary of(List<GaugeReading> readings) {
        if (readings.isEmpty()) {
            return new GaugeSummary(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double[] memory = readings.stream().mapToDouble(GaugeReading::memoryNsPerLine).sorted().toArray();
        double[] cpu = readings.stream().mapToDouble(GaugeReading::cpuNsPerOp).sorted().toArray();
        double memoryMedian = median(memory);
        double cpuMedian = median(cpu);
        return new GaugeSummary(readings.size(), memoryMedian, cpuMedian, memory[0] / memoryMedian,
                memory[memory.length - 1] / memoryMedian, cpu[0] / cpuMedian, cpu[cpu.length - 1] / cpuMedian);
    }

    /**
     * One line for the tables: {@code host gauge over the run (40 readings): memory 0.93-1.12x its median, CPU
     * 0.98-1.03x; 2 forks rerun after it moved beyond memory 60%, CPU 10%}.
     *
     * @param forksRerun how many forks the lab ran again because the gauge moved beyond {@code limit} during them
     * @param limit      the limit it used
     */
    public String line(int forksRerun, GaugeLimit limit) {
        if (readings == 0) {
            return "host gauge over the run: no reading";
        }
        String reruns = forksRerun == 0 ? "no fork rerun"
                : forksRerun + (forksRerun == 1 ? " fork" : " forks") + " rerun";
        return String.format(Locale.ROOT, "host gauge over the run (%d %s): memory %.2f-%.2fx its median, CPU %.2f-%.2fx;"
                        + " %s after it moved beyond %s", readings, readings == 1 ? "reading" : "readings", memoryLow,
                memoryHigh, cpuLow, cpuHigh, reruns, limit.text());
    }

    /** The median of {@code sorted} (ascending, not empty): the mean of the two middle values of an even count. */
    static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}

package org.allocpool.lab.report;

import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.figure.LatencySpectrum;

/**
 * Latency percentile spectra as every experiment draws them: one line per spectrum, percentiles spread
 * by their nines ({@link PercentileAxis}), latency in microseconds on a log scale; a spectrum made of a
 * record's four percentiles only is dashed, and {@link #source} says so in words. Thread-safe (stateless).
 */
public final class SpectrumChart {

    private SpectrumChart() {
    }

    /**
     * The chart of {@code spectra}, the i-th named {@code names[i]} in the legend and {@code labels[i]} in
     * its points' tooltips.
     */
    public static LineChart of(List<String> names, List<String> labels, List<LatencySpectrum> spectra) {
        double highest = 99.9;
        for (LatencySpectrum spectrum : spectra) {
            for (LatencySpectrum.Point p : spectrum.points()) {
                if (p.percentile() < 100) {
                    highest = Math.max(highest, p.percentile());
                }
            }
        }
        LineChart chart = new LineChart("percentile", false, "latency, µs", true)
                .xTicks(PercentileAxis.tickPositions(highest), PercentileAxis.tickLabels(highest));
        for (int i = 0; i < spectra.size(); i++) {
            List<LineChart.Point> points = new ArrayList<>();
            for (LatencySpectrum.Point p : spectra.get(i).points()) {
                String at = p.percentile() >= 100 ? "max" : "p" + Svg.label(p.percentile());
                points.add(new LineChart.Point(PercentileAxis.position(p.percentile(), highest), p.ns() / 1e3,
                        labels.get(i) + ": " + at + " " + Svg.label(p.ns() / 1e3) + " µs"));
            }
            chart.series(names.get(i), points, !spectra.get(i).measured());
        }
        return chart;
    }

    /** Which spectra a chart drew, said in words for its caption. */
    public static String source(List<LatencySpectrum> spectra) {
        long measured = spectra.stream().filter(LatencySpectrum::measured).count();
        if (measured == spectra.size()) {
            return "Drawn from each record's spectrum.";
        }
        if (measured == 0) {
            return "Drawn from the four percentiles each record carries (p50, p99, p99.9, max; dashed): these records"
                    + " have no spectrum.";
        }
        return "Solid lines from the record's spectrum; dashed ones from its four percentiles (p50, p99, p99.9, max),"
                + " where the record has no spectrum.";
    }
}

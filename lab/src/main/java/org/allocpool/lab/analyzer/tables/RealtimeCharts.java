package org.allocpool.lab.analyzer.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.allocpool.lab.analyzer.AnalyzerCellFields;
import org.allocpool.lab.analyzer.AnalyzerMetricsView;
import org.allocpool.lab.figure.LatencySpectrum;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.report.Chart;
import org.allocpool.lab.report.ChartSection;
import org.allocpool.lab.report.LineChart;
import org.allocpool.lab.report.SpectrumChart;
import org.allocpool.lab.text.Numbers;

/**
 * The analyzer's real-time charts, one section per section of the tables ({@link RealtimeSection})
 * and collector, one pair of charts per case: for a search, the loss against the interval of every
 * probe of every cell (one line per cell and fork); then the latency percentile spectrum of the probe
 * each fork's answer rests on (the table's "latency of the answer's probe"), from the record's
 * {@code spectrum} when it carries one, else from its p50, p99, p99.9 and max. Thread-safe (stateless).
 */
final class RealtimeCharts {

    private RealtimeCharts() {
    }

    static List<ChartSection> of(List<RealtimeSection> sections) {
        List<ChartSection> out = new ArrayList<>();
        for (RealtimeSection section : sections) {
            AnalyzerResults results = section.results();
            String heap = section.title();
            String what = section.intervalNs() == null ? "smallest loss-free interval"
                    : "at " + section.intervalNs() + " ns";
            for (String gc : results.collectors()) {
                List<Chart> charts = new ArrayList<>();
                for (String caseName : results.cases(gc)) {
                    List<CellResult> cells = new ArrayList<>();
                    results.strategies(gc).forEach(s -> cells.add(results.get(gc, s, caseName)));
                    results.cppRows().forEach(r -> cells.add(results.cpp(r, caseName)));
                    List<CellResult> run = cells.stream().filter(c -> c != null && c.isOk()).toList();
                    if (section.intervalNs() == null) {
                        lossCurve(gc + heap, caseName, run).ifPresent(charts::add);
                    }
                    spectrum(gc + heap, caseName, run).ifPresent(charts::add);
                }
                if (!charts.isEmpty()) {
                    out.add(new ChartSection(gc + heap + ": real time, " + what, section.intervalNs() == null
                            ? "The search probes each interval, from the batch ns/packet up to 1000 ns, in the fork's one JVM"
                            + " on the workload brought once to its steady state; the"
                            + " answer is the narrowest interval that lost nothing (see the tables)."
                            : "Every cell ran with the native source producing one packet every " + section.intervalNs()
                            + " ns.", charts));
                }
            }
        }
        return out;
    }

    private static Optional<Chart> lossCurve(String gc, String caseName, List<CellResult> cells) {
        LineChart chart = new LineChart("interval between packets, ns", true, "packets lost, %", false);
        for (CellResult result : cells) {
            for (LabRecord<AnalyzerCellFields, AnalyzerMetricsView> record : result.forks()) {
                AnalyzerMetricsView.Search search = record.isOk() ? record.metrics().search() : null;
                if (search == null || search.probes() == null) {
                    continue;
                }
                List<LineChart.Point> points = new ArrayList<>();
                for (AnalyzerMetricsView.Probe probe : search.probes()) {
                    if (probe.intervalNs() != null && probe.lossPercent() != null) {
                        points.add(new LineChart.Point(probe.intervalNs(), probe.lossPercent(), result.label()
                                + forkSuffix(result, record) + ": " + probe.intervalNs() + " ns, lost "
                                + Numbers.lossPercent(probe.lossPercent()) + "%"
                                + (probe.sent() == null ? "" : " of " + probe.sent() + " packets")));
                    }
                }
                chart.series(result.cell().row() + forkSuffix(result, record), points);
            }
        }
        if (chart.isEmpty()) {
            return Optional.empty();
        }
        String title = gc + ", case " + caseName + ": loss against interval";
        return Optional.of(new Chart(title, "Every probe of every cell's search: the packets lost after the"
                + " warm-up at each interval tried (log scale), one line per cell and fork. A line that reaches 0% has a"
                + " loss-free interval: its leftmost 0 is the answer; further left, the processor could not keep up.",
                chart.svg(title)));
    }

    private static Optional<Chart> spectrum(String gc, String caseName, List<CellResult> cells) {
        List<String> names = new ArrayList<>();
        List<LatencySpectrum> spectra = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (CellResult result : cells) {
            for (LabRecord<AnalyzerCellFields, AnalyzerMetricsView> record : result.forks()) {
                AnalyzerMetricsView.Realtime realtime = record.isOk() ? record.metrics().realtime() : null;
                if (realtime == null || realtime.latencyNs() == null) {
                    continue;
                }
                LatencySpectrum spectrum = realtime.latencyNs().toSpectrum();
                if (!spectrum.isEmpty()) {
                    names.add(result.cell().row() + forkSuffix(result, record));
                    labels.add(result.label() + forkSuffix(result, record) + (realtime.intervalNs() == null ? ""
                            : " at " + realtime.intervalNs() + " ns"));
                    spectra.add(spectrum);
                }
            }
        }
        if (spectra.isEmpty()) {
            return Optional.empty();
        }
        String title = gc + ", case " + caseName + ": latency spectrum of the deciding probe";
        LineChart chart = SpectrumChart.of(names, labels, spectra);
        return Optional.of(new Chart(title, "Latency from the source's timestamp to processing, at each"
                + " percentile, of the probe each fork's answer rests on (the narrowest loss-free one, or the widest that"
                + " lost); percentiles spread by their nines, the maximum at the right. " + SpectrumChart.source(spectra),
                chart.svg(title)));
    }

    private static String forkSuffix(CellResult result, LabRecord<?, ?> record) {
        return result.forks().size() > 1 ? " fork " + record.forkNumber() : "";
    }
}

package org.allocpool.lab.echo.tables;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.allocpool.lab.echo.EchoCellFields;
import org.allocpool.lab.echo.EchoMetricsView;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.figure.LatencySpectrum;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.report.BarChart;
import org.allocpool.lab.report.Chart;
import org.allocpool.lab.report.ChartSection;
import org.allocpool.lab.report.LineChart;
import org.allocpool.lab.report.SpectrumChart;
import org.allocpool.lab.report.Svg;

/**
 * The echo lab's charts, one section per collector and event, laid out as its tables (a group per
 * buffer strategy, a bar per clients and reuse or copy-per-event): events per second with their spreads
 * and unsteady figures hatched, the server's allocated bytes per event, and the round-trip latency
 * spectrum of each cell, reuse and copy-per-event apart. Thread-safe (stateless).
 */
final class EchoCharts {

    private EchoCharts() {
    }

    static List<ChartSection> of(EchoCells cells) {
        List<ChartSection> sections = new ArrayList<>();
        for (String gc : cells.collectors()) {
            for (String event : cells.events(gc)) {
                List<Chart> charts = new ArrayList<>();
                BarChart events = new BarChart("million events per second", "server's buffer strategy", false);
                BarChart bytes = new BarChart("allocated bytes per event", "server's buffer strategy", false);
                for (String buffers : cells.buffers(gc, event)) {
                    for (int clients : cells.clients(gc, event)) {
                        for (boolean copy : cells.copies(gc, event)) {
                            EchoCellResult result = cells.get(gc, buffers, copy, event, clients);
                            add(events, bytes, buffers, column(clients, copy), result);
                        }
                    }
                }
                String at = gc + ", " + event;
                if (!events.isEmpty()) {
                    String title = at + ": events per second";
                    charts.add(new Chart(title, "Round trips completed per second, all clients together: the median over"
                            + " the forks (higher is better); whisker: the spread the verdict compares (the middle half of the"
                            + " timed rounds and every fork's median). A hatched bar marked ~ was not steady: not a clean"
                            + " figure, never a winner. Reuse: the strategy's buffers only; copy: one more object allocated"
                            + " per event.", events.svg(title)));
                }
                if (!bytes.isEmpty()) {
                    String title = at + ": allocated bytes per event";
                    charts.add(new Chart(title, "Heap bytes the server's I/O threads allocated per event echoed, median"
                            + " over the forks; whisker: the middle half of the rounds. Direct and pooled buffers do not"
                            + " count. Lower is better: zero is an event path that allocates nothing.", bytes.svg(title)));
                }
                for (boolean copy : cells.copies(gc, event)) {
                    spectrum(cells, gc, event, copy).ifPresent(charts::add);
                }
                if (!charts.isEmpty()) {
                    sections.add(new ChartSection(at, "Server: " + gc + "; server and clients share the machine's cores.",
                            charts));
                }
            }
        }
        return sections;
    }

    private static void add(BarChart events, BarChart bytes, String buffers, String column, EchoCellResult result) {
        if (result == null) {
            return;
        }
        if (!result.isOk()) {
            events.missing(buffers, column, "failed");
            bytes.missing(buffers, column, "failed");
            return;
        }
        String label = result.cell().label();
        Figure rate = result.eventsPerSecond();
        if (rate != null) {
            events.bar(buffers, column, new BarChart.Bar(rate.median() / 1e6, rate.low() / 1e6, rate.high() / 1e6,
                    rate.steady(), label + ": " + EchoMetric.figureText(rate) + " events/s"
                    + (rate.steady() ? "" : "; not steady: " + rate.reason())));
        }
        Figure alloc = result.allocBytesPerEvent();
        if (alloc != null) {
            bytes.bar(buffers, column, new BarChart.Bar(alloc.median(), alloc.roundsLow(), alloc.roundsHigh(), true,
                    label + ": " + Svg.label(alloc.median()) + " bytes per event"));
        }
    }

    private static Optional<Chart> spectrum(EchoCells cells, String gc, String event, boolean copy) {
        List<String> names = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        List<LatencySpectrum> spectra = new ArrayList<>();
        List<Integer> clientCounts = cells.clients(gc, event);
        for (String buffers : cells.buffers(gc, event)) {
            for (int clients : clientCounts) {
                EchoCellResult result = cells.get(gc, buffers, copy, event, clients);
                LabRecord<EchoCellFields, EchoMetricsView> fork = result == null ? null : medianFork(result);
                if (fork == null) {
                    continue;
                }
                LatencySpectrum spectrum = fork.metrics().latencyNs().toSpectrum();
                if (!spectrum.isEmpty()) {
                    names.add(buffers + (clientCounts.size() > 1 ? ", " + MetricTable.clientsText(clients) : ""));
                    labels.add(result.cell().label() + (result.forks().size() > 1 ? ", fork " + fork.forkNumber() : ""));
                    spectra.add(spectrum);
                }
            }
        }
        if (spectra.isEmpty()) {
            return Optional.empty();
        }
        LineChart chart = SpectrumChart.of(names, labels, spectra);
        String title = gc + ", " + event + ", " + (copy ? "copy-per-event" : "reuse") + ": round-trip latency spectrum";
        return Optional.of(new Chart(title, "The round trip, send to echo received, at each percentile over the rounds"
                + " that count: per cell the fork whose p99 is the median of its forks' (the lower of the two middle ones);"
                + " percentiles spread by their nines, the maximum at the right. Lower is better. "
                + SpectrumChart.source(spectra), chart.svg(title)));
    }

    /** The fork whose p99 is the median of the forks' (the lower middle one), or {@code null} when none has latencies. */
    private static LabRecord<EchoCellFields, EchoMetricsView> medianFork(EchoCellResult result) {
        List<LabRecord<EchoCellFields, EchoMetricsView>> forks = result.forks().stream()
                .filter(r -> r.isOk() && r.metrics().latencyNs() != null && r.metrics().latencyNs().p99() != null)
                .sorted(Comparator.comparingLong(r -> r.metrics().latencyNs().p99())).toList();
        return forks.isEmpty() ? null : forks.get((forks.size() - 1) / 2);
    }

    private static String column(int clients, boolean copy) {
        return MetricTable.clientsText(clients) + ", " + (copy ? "copy" : "reuse");
    }
}

package org.allocpool.lab.messaging.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.allocpool.lab.messaging.MessagingCellFields;
import org.allocpool.lab.messaging.MessagingExperiment;
import org.allocpool.lab.messaging.MessagingMetricsView;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.records.RecordType;
import org.allocpool.lab.report.BarChart;
import org.allocpool.lab.report.Chart;
import org.allocpool.lab.report.ChartSection;
import org.allocpool.lab.run.Report;
import org.allocpool.lab.store.RunInfo;

/**
 * The messaging lab's tables, verdict and charts: throughput per codec over Aeron beside the 2015
 * article's figures, ping-pong round trips per transport and rate, then the verdict in words.
 * Thread-safe (stateless).
 */
public final class MessagingReport implements Report<MessagingCellFields, MessagingMetricsView> {

    private static final RecordType<MessagingCellFields, MessagingMetricsView> TYPE =
            RecordType.of(MessagingExperiment.NAME, MessagingCellFields.class, MessagingMetricsView.class);

    @Override
    public RecordType<MessagingCellFields, MessagingMetricsView> recordType() {
        return TYPE;
    }

    @Override
    public String render(List<LabRecord<MessagingCellFields, MessagingMetricsView>> records, List<RunInfo> runs) {
        List<MessagingCells> cells = MessagingCells.of(records);
        List<MessagingCells> throughput = cells.stream().filter(c -> c.cell().isThroughput()).toList();
        List<MessagingCells> pingPong = cells.stream().filter(c -> !c.cell().isThroughput()).toList();
        StringBuilder out = new StringBuilder("# messaging lab\n\n");
        for (RunInfo run : runs) {
            out.append("Profile ").append(run.profile()).append("; every child: `").append(String.join(" ", run.childArgs()))
                    .append('`');
            if (!run.jvmArgs().isEmpty()) {
                out.append("; JVM arguments added: `").append(String.join(" ", run.jvmArgs())).append('`');
            }
            out.append(".\n");
        }
        long forks = cells.stream().mapToLong(c -> c.forks().size()).sum();
        long ok = cells.stream().mapToLong(c -> c.forks().stream().filter(LabRecord::isOk).count()).sum();
        out.append("Cells: ").append(cells.size()).append(", forks: ").append(forks).append(" (").append(ok).append(" ok, ")
                .append(forks - ok).append(" failed). Each child is one JVM (or the C program) whose one thread both runs")
                .append(" the test and drives its embedded Aeron media driver (over IPC the publisher has none: it joins")
                .append(" the subscriber's, and its thread drives only its client).\n\n");
        if (!throughput.isEmpty()) {
            out.append(MessagingTables.throughput(throughput));
        }
        if (!pingPong.isEmpty()) {
            out.append(MessagingTables.pingPong(pingPong));
        }
        if (cells.isEmpty()) {
            out.append("No messaging records.\n\n");
        }
        out.append("## Verdict\n\n");
        String verdict = MessagingVerdict.throughput(throughput) + MessagingVerdict.pingPong(pingPong);
        out.append(verdict.isEmpty() ? "Nothing to judge: no cell measured.\n"
                : "Medians over the forks; 2015: the article, on other hardware and a JDK of its time: compare the answers,"
                        + " not the digits.\n\n" + verdict);
        return out.toString();
    }

    @Override
    public List<ChartSection> charts(List<LabRecord<MessagingCellFields, MessagingMetricsView>> records, List<RunInfo> runs) {
        List<MessagingCells> cells = MessagingCells.of(records);
        List<Chart> charts = new ArrayList<>();
        BarChart rates = new BarChart("messages/s", "codec", true);
        for (MessagingCells c : cells) {
            if (!c.cell().isThroughput()) {
                continue;
            }
            Double rate = c.isOk() ? c.median(MessagingMetricsView::messagesPerSecond) : null;
            if (rate == null) {
                rates.missing(c.cell().label(), "ours", "failed");
            } else {
                rates.bar(c.cell().label(), "ours", BarChart.Bar.of(rate, c.isSteady(),
                        String.format(Locale.ROOT, "%s: %,.0f messages/s", c.cell().label(), rate)));
            }
            double article = ArticleFigures.throughputValue(c.cell().codec());
            if (article > 0) {
                rates.bar(c.cell().label(), "2015 article", BarChart.Bar.of(article, true,
                        String.format(Locale.ROOT, "2015 article: %,.0f messages/s", article)));
            }
        }
        if (!rates.isEmpty()) {
            String over = cells.stream().filter(c -> c.cell().isThroughput() && c.cell().channel() != null).findFirst()
                    .map(c -> "ipc".equals(c.cell().channel()) ? "Aeron IPC" : "Aeron UDP on loopback").orElse("Aeron");
            charts.add(new Chart("Messages delivered and decoded per second", "Per codec over " + over + ", beside the"
                    + " 2015 article (log scale; hatched: not steady).", rates.svg("messages per second per codec")));
        }
        BarChart latency = new BarChart("µs", "transport, rate", true);
        for (MessagingCells c : cells) {
            if (c.cell().isThroughput() || !c.isOk()) {
                continue;
            }
            for (int p : new int[] {50, 99, 999}) {
                Double ns = c.median(m -> m.latencyNs() == null ? null : p == 50 ? m.latencyNs().p50()
                        : p == 99 ? m.latencyNs().p99() : m.latencyNs().p999());
                if (ns != null) {
                    String name = p == 999 ? "p99.9" : "p" + p;
                    latency.bar(c.cell().label(), name, BarChart.Bar.of(ns / 1000.0, true,
                            String.format(Locale.ROOT, "%s %s: %.1f µs", c.cell().label(), name, ns / 1000.0)));
                }
            }
        }
        if (!latency.isEmpty()) {
            charts.add(new Chart("Ping-pong round trips", "p50, p99 and p99.9 per transport and rate (log scale; at a fixed rate"
                    + " corrected for coordinated omission).", latency.svg("round-trip latency percentiles")));
        }
        return charts.isEmpty() ? List.of() : List.of(new ChartSection("messaging", "", charts));
    }
}

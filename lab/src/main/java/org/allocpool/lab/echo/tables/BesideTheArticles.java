package org.allocpool.lab.echo.tables;

import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.text.MarkdownTable;
import org.allocpool.lab.text.Numbers;

/**
 * Our figures beside the two articles', each article's as the last row of a table of ours: the
 * Chronicle copy-per-event cost (top-of-book, 16 clients) and its client sweep, and the Netty case
 * study's per-thread buffer reuse (message, thread-local over netty-pooled). Ours are medians over
 * the forks; {@code ~} marks one that was not steady. A table appears only when its cells were run.
 * Thread-safe (stateless).
 */
final class BesideTheArticles {

    static final String TOP_OF_BOOK = "top-of-book";
    static final String MESSAGE = "message";
    static final String THREAD_LOCAL = "thread-local";
    static final String NETTY_POOLED = "netty-pooled";

    private BesideTheArticles() {
    }

    /** The section, or an empty string when no cell run compares to either article. */
    static String render(EchoCells cells) {
        StringBuilder out = new StringBuilder();
        String copy = copyCost(cells);
        String sweep = clientSweep(cells);
        String netty = threadLocal(cells);
        if (copy.isEmpty() && sweep.isEmpty() && netty.isEmpty()) {
            return "";
        }
        out.append("\n## Beside the articles\n\n");
        out.append("Measured elsewhere, on other machines and JDKs: compare ratios and shapes, not absolute figures."
                + " Ours are medians over the forks; `~` marks one that was not steady.\n");
        if (!copy.isEmpty() || !sweep.isEmpty()) {
            out.append("\nChronicle: ").append(EchoFigures.CHRONICLE).append(" Reported: ")
                    .append(EchoFigures.CHRONICLE_COST).append(".\n");
        }
        if (!copy.isEmpty()) {
            out.append("\n### Copy-per-event cost, top-of-book, ").append(EchoFigures.CHRONICLE_CLIENTS)
                    .append(" clients, beside Chronicle\n\n")
                    .append("Our p50 latency is measured with the bench's window of requests in flight per client;"
                            + " Chronicle's is its average, computed as 2 × 16 / throughput.\n\n")
                    .append(copy);
        }
        if (!sweep.isEmpty()) {
            out.append("\n### Events/s by clients, top-of-book, reuse, beside Chronicle\n\n").append(sweep);
        }
        if (!netty.isEmpty()) {
            out.append("\n### Per-thread buffer reuse, message, beside the Netty case study\n\n")
                    .append("Netty: ").append(EchoFigures.NETTY)
                    .append(" Its baseline took each buffer from Netty's pooled allocator, our netty-pooled;"
                            + " reusing one pre-allocated buffer per thread, our thread-local, raised throughput"
                            + " from 88,000 to 97,000 TPS. Ours without copy-per-event.\n\n")
                    .append(netty);
        }
        return out.toString();
    }

    private static String copyCost(EchoCells cells) {
        MarkdownTable table = new MarkdownTable(List.of("collector, buffers", "reuse events/s", "copy events/s",
                "copy / reuse", "p50 reuse, ns", "p50 copy, ns"));
        int rows = 0;
        for (String gc : cells.collectors()) {
            for (String buffers : cells.buffers(gc, TOP_OF_BOOK)) {
                CopyPair pair = CopyPair.of(cells, gc, buffers, TOP_OF_BOOK, EchoFigures.CHRONICLE_CLIENTS);
                if (!pair.isMeasured()) {
                    continue;
                }
                table.row(List.of(gc + ", " + buffers, rate(pair.reuseEvents()), rate(pair.copyEvents()),
                        EchoMetric.ratio(pair.ratio()), p50(pair.reuse()), p50(pair.copy())));
                rows++;
            }
        }
        if (rows == 0) {
            return "";
        }
        table.row(List.of("Chronicle Wire 2022", EchoMetric.rate(EchoFigures.CHRONICLE_REUSE),
                EchoMetric.rate(EchoFigures.CHRONICLE_COPY),
                EchoMetric.ratio(EchoFigures.CHRONICLE_COPY / EchoFigures.CHRONICLE_REUSE) + ", reported -25%",
                "avg " + Numbers.compact(EchoFigures.CHRONICLE_LATENCY_REUSE_NS),
                "avg " + Numbers.compact(EchoFigures.CHRONICLE_LATENCY_COPY_NS)));
        return table.render();
    }

    private static String clientSweep(EchoCells cells) {
        List<Integer> clients = new ArrayList<>();
        for (String gc : cells.collectors()) {
            cells.clients(gc, TOP_OF_BOOK).stream().filter(n -> !clients.contains(n)).forEach(clients::add);
        }
        clients.sort(Integer::compare);
        if (clients.size() < 2) {
            return "";
        }
        List<String> header = new ArrayList<>(List.of("collector, buffers"));
        clients.forEach(n -> header.add(MetricTable.clientsText(n)));
        MarkdownTable table = new MarkdownTable(header);
        for (String gc : cells.collectors()) {
            for (String buffers : cells.buffers(gc, TOP_OF_BOOK)) {
                List<String> row = new ArrayList<>(List.of(gc + ", " + buffers));
                for (int n : clients) {
                    row.add(rate(events(cells.get(gc, buffers, false, TOP_OF_BOOK, n))));
                }
                table.row(row);
            }
        }
        List<String> article = new ArrayList<>(List.of("Chronicle Wire 2022"));
        clients.forEach(n -> {
            Double rate = EchoFigures.CHRONICLE_BY_CLIENTS.get(n);
            article.add(rate == null ? "-" : EchoMetric.rate(rate));
        });
        table.row(article);
        return table.render();
    }

    private static String threadLocal(EchoCells cells) {
        MarkdownTable table = new MarkdownTable(List.of("collector, clients", "thread-local events/s",
                "netty-pooled events/s", "thread-local / netty-pooled"));
        int rows = 0;
        for (String gc : cells.collectors()) {
            for (int n : cells.clients(gc, MESSAGE)) {
                Figure local = events(cells.get(gc, THREAD_LOCAL, false, MESSAGE, n));
                Figure pooled = events(cells.get(gc, NETTY_POOLED, false, MESSAGE, n));
                if (local == null || pooled == null || pooled.median() <= 0) {
                    continue;
                }
                table.row(List.of(gc + ", " + n, rate(local), rate(pooled), EchoMetric.ratio(local.median() / pooled.median())));
                rows++;
            }
        }
        if (rows == 0) {
            return "";
        }
        table.row(List.of("Netty case study, " + EchoFigures.NETTY_CLIENTS, EchoMetric.rate(EchoFigures.NETTY_THREAD_LOCAL_TPS),
                EchoMetric.rate(EchoFigures.NETTY_ALLOCATING_TPS),
                EchoMetric.ratio(EchoFigures.NETTY_THREAD_LOCAL_TPS / EchoFigures.NETTY_ALLOCATING_TPS)));
        return table.render();
    }

    /** Events/s of a cell that measured, or {@code null}. */
    static Figure events(EchoCellResult result) {
        return result == null || !result.isOk() ? null : result.eventsPerSecond();
    }

    /** {@code 2.09M}, {@code 2.09M ~} when not steady, {@code -} when missing. */
    private static String rate(Figure figure) {
        return figure == null ? "-" : EchoMetric.rate(figure.median()) + (figure.steady() ? "" : " ~");
    }

    private static String p50(EchoCellResult result) {
        double p50 = result.median(m -> m.latencyNs() == null || m.latencyNs().p50() == null ? null
                : m.latencyNs().p50().doubleValue());
        return Double.isNaN(p50) ? "-" : Numbers.compact(p50);
    }
}

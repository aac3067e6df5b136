package org.allocpool.lab.echo.tables;

import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.text.MarkdownTable;
import org.allocpool.lab.text.Numbers;
import org.allocpool.lab.echo.EchoCellKey;

/**
 * Our figures beside the two articles', each article's as the last row of a table of ours: the
 * Chronicle copy-per-event cost (top-of-book, 16 clients) and its client sweep, and the Netty case
 * study's per-thread buffer reuse (message, thread-local over netty-pooled). A table appears only when
 * its cells were run. Thread-safe (stateless).
 */
final class BesideTheArticles {

    private static final String TOP_OF_BOOK = "top-of-book";
    private static final String MESSAGE = "message";

    private BesideTheArticles() {
    }

    /** The section, or an empty string when no run cell compares to either article. */
    static String render(EchoResults results) {
        StringBuilder out = new StringBuilder();
        String copy = copyCost(results);
        String sweep = clientSweep(results);
        String netty = threadLocal(results);
        if (copy.isEmpty() && sweep.isEmpty() && netty.isEmpty()) {
            return "";
        }
        out.append("\n## Beside the articles\n\n");
        out.append("Measured elsewhere, on other machines and JDKs: compare ratios and shapes, not absolute figures.\n");
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

    private static String copyCost(EchoResults results) {
        MarkdownTable table = new MarkdownTable(List.of("collector, buffers", "reuse events/s", "copy events/s",
                "copy / reuse", "p50 reuse, ns", "p50 copy, ns"));
        int rows = 0;
        for (String gc : results.collectors()) {
            for (String buffers : results.buffers(gc, TOP_OF_BOOK)) {
                EchoCellKey reuse = new EchoCellKey(gc, buffers, false, TOP_OF_BOOK, EchoFigures.CHRONICLE_CLIENTS);
                double ratio = CopyRatioTable.ratio(results, reuse);
                if (Double.isNaN(ratio)) {
                    continue;
                }
                table.row(List.of(gc + ", " + buffers,
                        EchoMetric.rate(CopyRatioTable.eventsPerSecond(results.get(reuse))),
                        EchoMetric.rate(CopyRatioTable.eventsPerSecond(results.get(reuse.withCopy(true)))),
                        CopyRatioTable.format(ratio),
                        p50(results, reuse), p50(results, reuse.withCopy(true))));
                rows++;
            }
        }
        if (rows == 0) {
            return "";
        }
        table.row(List.of("Chronicle Wire 2022", EchoMetric.rate(EchoFigures.CHRONICLE_REUSE),
                EchoMetric.rate(EchoFigures.CHRONICLE_COPY),
                CopyRatioTable.format(EchoFigures.CHRONICLE_COPY / EchoFigures.CHRONICLE_REUSE) + ", reported -25%",
                "avg " + Numbers.compact(EchoFigures.CHRONICLE_LATENCY_REUSE_NS),
                "avg " + Numbers.compact(EchoFigures.CHRONICLE_LATENCY_COPY_NS)));
        return table.render();
    }

    private static String clientSweep(EchoResults results) {
        List<Integer> clients = new ArrayList<>();
        for (String gc : results.collectors()) {
            results.clients(gc, TOP_OF_BOOK).stream().filter(n -> !clients.contains(n)).forEach(clients::add);
        }
        clients.sort(Integer::compare);
        if (clients.size() < 2) {
            return "";
        }
        List<String> header = new ArrayList<>(List.of("collector, buffers"));
        clients.forEach(n -> header.add(n + (n == 1 ? " client" : " clients")));
        MarkdownTable table = new MarkdownTable(header);
        for (String gc : results.collectors()) {
            for (String buffers : results.buffers(gc, TOP_OF_BOOK)) {
                List<String> row = new ArrayList<>(List.of(gc + ", " + buffers));
                for (int n : clients) {
                    double rate = CopyRatioTable.eventsPerSecond(
                            results.get(new EchoCellKey(gc, buffers, false, TOP_OF_BOOK, n)));
                    row.add(Double.isNaN(rate) ? "-" : EchoMetric.rate(rate));
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

    private static String threadLocal(EchoResults results) {
        MarkdownTable table = new MarkdownTable(List.of("collector, clients", "thread-local events/s",
                "netty-pooled events/s", "thread-local / netty-pooled"));
        int rows = 0;
        for (String gc : results.collectors()) {
            for (int n : results.clients(gc, MESSAGE)) {
                double local = CopyRatioTable.eventsPerSecond(
                        results.get(new EchoCellKey(gc, "thread-local", false, MESSAGE, n)));
                double pooled = CopyRatioTable.eventsPerSecond(
                        results.get(new EchoCellKey(gc, "netty-pooled", false, MESSAGE, n)));
                if (Double.isNaN(local) || Double.isNaN(pooled) || pooled <= 0) {
                    continue;
                }
                table.row(List.of(gc + ", " + n, EchoMetric.rate(local), EchoMetric.rate(pooled), CopyRatioTable.format(local / pooled)));
                rows++;
            }
        }
        if (rows == 0) {
            return "";
        }
        table.row(List.of("Netty case study, " + EchoFigures.NETTY_CLIENTS, EchoMetric.rate(EchoFigures.NETTY_THREAD_LOCAL_TPS),
                EchoMetric.rate(EchoFigures.NETTY_ALLOCATING_TPS),
                CopyRatioTable.format(EchoFigures.NETTY_THREAD_LOCAL_TPS / EchoFigures.NETTY_ALLOCATING_TPS)));
        return table.render();
    }

    private static String p50(EchoResults results, EchoCellKey key) {
        var record = results.get(key);
        if (!EchoResults.isOk(record) || !record.path("metrics").path("latencyNs").path("p50").isNumber()) {
            return "-";
        }
        return Numbers.compact(record.path("metrics").path("latencyNs").path("p50").asDouble());
    }
}

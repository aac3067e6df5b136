package org.allocpool.lab.echo.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.allocpool.lab.figure.Comparison;
import org.allocpool.lab.figure.RatioInterval;
import org.allocpool.lab.text.MarkdownTable;

/**
 * The two tables of the copy question, per buffer strategy and client count: events/s with
 * {@code --copy-per-event} over events/s reusing ({@code 0.75× (-25%) spreads apart}: under 1× the
 * copy costs throughput, the Chronicle article's "25%"), and what the copy adds in allocated bytes per
 * event ({@code +56}: a count, not a race for the cores, so it holds on a busy machine too). A cell
 * needs both halves measured, else it reads {@code -}. Thread-safe (stateless).
 */
final class CopyTables {

    /** What the ratio is, for the text above its table. */
    static final String RATIO = "Events/s with --copy-per-event over events/s reusing, per cell (medians over the forks):"
            + " `0.75× (-25%)` means one copy per event cost a quarter of the throughput (the Chronicle article's \"25%\"),"
            + " `1.00×` no cost. Then the ratio's 95% interval, pass by pass (`too close to call` when it reaches within 5%"
            + " of 1.00); with a single pass, whether the two figures' spreads (the middle half of their rounds and every"
            + " fork's median) keep them apart, or overlap: too close to call.";
    /** What the difference is, for the text above its table. */
    static final String BYTES = "Allocated bytes per event with --copy-per-event minus without, per cell (medians over the"
            + " forks): the size of what the copy allocates (a 44-byte top-of-book copy is a 56-byte object with"
            + " compressed class pointers).";

    private CopyTables() {
    }

    /** The ratio table, or an empty string when no cell of {@code gc} and {@code event} has both halves. */
    static String ratios(EchoCells cells, String gc, String event) {
        return render(cells, gc, event, pair -> {
            Comparison c = pair.comparison();
            if (c == null) {
                return null;
            }
            RatioInterval copyOverReuse = RatioInterval.of(pair.copyEvents(), pair.reuseEvents(), true);
            if (!c.judged() || copyOverReuse == null) {
                return EchoMetric.ratio(pair.ratio()) + " " + c.judgement();
            }
            return EchoMetric.ratio(copyOverReuse.estimate()) + (c.isClear() ? "" : " too close to call,")
                    + String.format(Locale.ROOT, " 95%% CI %.2f-%.2f", copyOverReuse.low(), copyOverReuse.high());
        });
    }

    /** The bytes table, or an empty string when no cell of {@code gc} and {@code event} has both halves. */
    static String bytes(EchoCells cells, String gc, String event) {
        return render(cells, gc, event, pair -> Double.isNaN(pair.bytesAdded()) ? null
                : String.format(Locale.ROOT, "%+.0f", pair.bytesAdded()));
    }

    private static String render(EchoCells cells, String gc, String event, Function<CopyPair, String> value) {
        List<Integer> clients = cells.clients(gc, event);
        List<String> header = new ArrayList<>(List.of("buffers"));
        clients.forEach(n -> header.add(MetricTable.clientsText(n)));
        MarkdownTable table = new MarkdownTable(header);
        boolean any = false;
        for (String buffers : cells.buffers(gc, event)) {
            List<String> row = new ArrayList<>(List.of(buffers));
            for (int n : clients) {
                String text = value.apply(CopyPair.of(cells, gc, buffers, event, n));
                any |= text != null;
                row.add(text == null ? "-" : text);
            }
            table.row(row);
        }
        return any ? table.render() : "";
    }
}

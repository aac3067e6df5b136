package org.allocpool.lab.echo.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.allocpool.lab.text.MarkdownTable;
import org.allocpool.lab.echo.EchoCellKey;

/**
 * The figure the Chronicle article reports as 25%: events/s with one copy per event over events/s
 * reusing, per buffer strategy and client count, written {@code 0.75× (-25%)}: under 1× (a negative
 * percentage) the copy costs throughput. A cell needs both halves recorded ok, else it reads {@code -}.
 * Thread-safe (stateless).
 */
final class CopyRatioTable {

    /** What the ratio is, for the text above the table. */
    static final String WHAT = "events/s with --copy-per-event over events/s reusing, per cell: `0.75× (-25%)` means"
            + " one copy per event cost a quarter of the throughput (the Chronicle article's \"25%\"); `1.00×` means no cost.";

    private CopyRatioTable() {
    }

    /** The table, or an empty string when no cell of {@code gc} and {@code event} ran both with and without the copy. */
    static String render(EchoResults results, String gc, String event) {
        List<Integer> clients = results.clients(gc, event);
        List<String> header = new ArrayList<>(List.of("buffers"));
        clients.forEach(n -> header.add(n + (n == 1 ? " client" : " clients")));
        MarkdownTable table = new MarkdownTable(header);
        boolean any = false;
        for (String buffers : results.buffers(gc, event)) {
            List<String> row = new ArrayList<>(List.of(buffers));
            for (int n : clients) {
                double ratio = ratio(results, new EchoCellKey(gc, buffers, false, event, n));
                any |= !Double.isNaN(ratio);
                row.add(Double.isNaN(ratio) ? "-" : format(ratio));
            }
            table.row(row);
        }
        return any ? table.render() : "";
    }

    /** Copy over reuse events/s of the cell {@code reuse} and its copy twin, or NaN when either is missing or failed. */
    static double ratio(EchoResults results, EchoCellKey reuse) {
        double withCopy = eventsPerSecond(results.get(reuse.withCopy(true)));
        double without = eventsPerSecond(results.get(reuse.withCopy(false)));
        return without > 0 ? withCopy / without : Double.NaN;
    }

    /** {@code 0.75× (-25%)}, {@code 1.02× (+2%)}. */
    static String format(double ratio) {
        return String.format(Locale.ROOT, "%.2f× (%+.0f%%)", ratio, (ratio - 1) * 100);
    }

    static double eventsPerSecond(JsonNode record) {
        if (!EchoResults.isOk(record)) {
            return Double.NaN;
        }
        JsonNode value = record.path("metrics").path("eventsPerSecond");
        return value.isNumber() ? value.asDouble() : Double.NaN;
    }
}

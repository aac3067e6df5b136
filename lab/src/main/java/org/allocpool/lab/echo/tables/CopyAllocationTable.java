package org.allocpool.lab.echo.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.allocpool.lab.text.MarkdownTable;
import org.allocpool.lab.echo.EchoCellKey;

/**
 * What the copy adds to the heap: allocated bytes per event with {@code --copy-per-event} minus
 * without, per buffer strategy and client count, written {@code +56}. Unlike throughput this is a
 * count, not a race for the cores, so it holds on a busy machine too. A cell needs both halves
 * recorded ok, else it reads {@code -}. Thread-safe (stateless).
 */
final class CopyAllocationTable {

    /** What the difference is, for the text above the table. */
    static final String WHAT = "Allocated bytes per event with --copy-per-event minus without, per cell: the size of"
            + " what the copy allocates (a 44-byte top-of-book copy is a 56-byte object with compressed class"
            + " pointers).";

    private CopyAllocationTable() {
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
                EchoCellKey reuse = new EchoCellKey(gc, buffers, false, event, n);
                double difference = bytes(results.get(reuse.withCopy(true))) - bytes(results.get(reuse));
                any |= !Double.isNaN(difference);
                row.add(Double.isNaN(difference) ? "-" : String.format(Locale.ROOT, "%+.0f", difference));
            }
            table.row(row);
        }
        return any ? table.render() : "";
    }

    private static double bytes(JsonNode record) {
        if (!EchoResults.isOk(record)) {
            return Double.NaN;
        }
        return EchoMetric.ALLOC_BYTES_PER_EVENT.value(record.path("metrics"));
    }
}

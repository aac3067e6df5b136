package org.allocpool.lab.echo.tables;

import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.text.MarkdownTable;
import org.allocpool.lab.text.TableNotes;

/**
 * One figure of one collector and event: a row per buffer strategy, columns grouped by clients,
 * reuse then copy-per-event within each group. A cell not run reads {@code -}, one none of whose
 * forks measured {@code failed [n]}. Thread-safe (stateless).
 */
final class MetricTable {

    private MetricTable() {
    }

    static String render(EchoCells cells, String gc, String event, EchoMetric metric, TableNotes notes) {
        List<Integer> clients = cells.clients(gc, event);
        List<Boolean> copies = cells.copies(gc, event);
        List<String> header = new ArrayList<>(List.of("buffers"));
        for (int n : clients) {
            for (boolean copy : copies) {
                header.add(clientsText(n) + ", " + (copy ? "copy" : "reuse"));
            }
        }
        MarkdownTable table = new MarkdownTable(header);
        for (String buffers : cells.buffers(gc, event)) {
            List<String> row = new ArrayList<>(List.of(buffers));
            for (int n : clients) {
                for (boolean copy : copies) {
                    EchoCellResult result = cells.get(gc, buffers, copy, event, n);
                    row.add(result == null ? "-" : result.isOk() ? metric.text(result, notes) : result.failed(notes));
                }
            }
            table.row(row);
        }
        return table.render();
    }

    /** {@code 1 client}, {@code 16 clients}. */
    static String clientsText(int n) {
        return n + (n == 1 ? " client" : " clients");
    }
}

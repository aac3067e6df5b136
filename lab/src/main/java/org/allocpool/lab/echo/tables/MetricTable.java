package org.allocpool.lab.echo.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.text.MarkdownTable;
import org.allocpool.lab.echo.EchoCellKey;

/**
 * One figure of one collector and event: a row per buffer strategy, columns grouped by clients,
 * reuse then copy-per-event within each group. A cell not run reads {@code -}, a failed one
 * {@code failed [n]}. Thread-safe (stateless).
 */
final class MetricTable {

    private MetricTable() {
    }

    static String render(EchoResults results, String gc, String event, EchoMetric metric, FailedNotes notes) {
        List<Integer> clients = results.clients(gc, event);
        List<Boolean> copies = results.copies(gc, event);
        List<String> header = new ArrayList<>(List.of("buffers"));
        for (int n : clients) {
            for (boolean copy : copies) {
                header.add(n + (n == 1 ? " client, " : " clients, ") + (copy ? "copy" : "reuse"));
            }
        }
        MarkdownTable table = new MarkdownTable(header);
        for (String buffers : results.buffers(gc, event)) {
            List<String> row = new ArrayList<>(List.of(buffers));
            for (int n : clients) {
                for (boolean copy : copies) {
                    row.add(figure(results.get(new EchoCellKey(gc, buffers, copy, event, n)), metric, notes));
                }
            }
            table.row(row);
        }
        return table.render();
    }

    private static String figure(JsonNode record, EchoMetric metric, FailedNotes notes) {
        if (record == null) {
            return "-";
        }
        if (!EchoResults.isOk(record)) {
            return notes.failed(record);
        }
        return metric.format(metric.value(record.path("metrics")));
    }
}

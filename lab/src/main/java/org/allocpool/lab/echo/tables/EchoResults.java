package org.allocpool.lab.echo.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.allocpool.lab.echo.EchoCellKey;
import org.allocpool.lab.echo.EchoLab;
import org.allocpool.lab.echo.EchoMatrix;
import org.allocpool.metrics.result.ResultRecord;

/**
 * The echo records of a results folder, one per cell: a later record of a cell replaces an earlier
 * one, except that a failed record never replaces an ok one (a resumed run re-runs failed cells
 * only). Answers what the tables iterate over: collectors in the order first met, events and buffer
 * strategies in the matrix's order, client counts ascending. Immutable once built; thread-safe.
 */
final class EchoResults {

    private final Map<EchoCellKey, JsonNode> byKey = new LinkedHashMap<>();

    EchoResults(List<JsonNode> records) {
        for (JsonNode record : records) {
            if (!EchoLab.EXPERIMENT.equals(record.path("experiment").asText())) {
                continue;
            }
            EchoCellKey key = EchoCellKey.of(record.path("cell"));
            JsonNode before = byKey.get(key);
            if (before == null || !isOk(before) || isOk(record)) {
                byKey.put(key, record);
            }
        }
    }

    /** The record kept for each cell, in the order cells were first met. */
    List<JsonNode> records() {
        return List.copyOf(byKey.values());
    }

    /** The record of {@code key}, or {@code null} when that cell was not run. */
    JsonNode get(EchoCellKey key) {
        return byKey.get(key);
    }

    /** Collectors, in the order first met. */
    List<String> collectors() {
        Set<String> gcs = new LinkedHashSet<>();
        byKey.keySet().forEach(k -> gcs.add(k.gc()));
        return List.copyOf(gcs);
    }

    /** Events run under {@code gc}, in the matrix's order (unknown ones after, as met). */
    List<String> events(String gc) {
        return ordered(keys(gc, null).stream().map(EchoCellKey::event).toList(), EchoMatrix.EVENTS);
    }

    /** Buffer strategies run under {@code gc} for {@code event}, in the matrix's order. */
    List<String> buffers(String gc, String event) {
        return ordered(keys(gc, event).stream().map(EchoCellKey::buffers).toList(), EchoMatrix.BUFFERS);
    }

    /** Client counts run under {@code gc} for {@code event}, ascending. */
    List<Integer> clients(String gc, String event) {
        return List.copyOf(new TreeSet<>(keys(gc, event).stream().map(EchoCellKey::clients).toList()));
    }

    /** Copy-per-event values run under {@code gc} for {@code event}: {@code false} (reuse) before {@code true}. */
    List<Boolean> copies(String gc, String event) {
        return List.copyOf(new TreeSet<>(keys(gc, event).stream().map(EchoCellKey::copyPerEvent).toList()));
    }

    static boolean isOk(JsonNode record) {
        return record != null && ResultRecord.OK.equals(record.path("status").asText());
    }

    /** {@code G1 top-of-book, 16 clients, thread-local, copy-per-event}: how notes name a record's cell. */
    static String label(JsonNode record) {
        EchoCellKey k = EchoCellKey.of(record.path("cell"));
        return k.gc() + " " + k.event() + ", " + k.clients() + (k.clients() == 1 ? " client, " : " clients, ")
                + k.buffers() + ", " + (k.copyPerEvent() ? "copy-per-event" : "reuse");
    }

    private List<EchoCellKey> keys(String gc, String event) {
        return byKey.keySet().stream()
                .filter(k -> k.gc().equals(gc) && (event == null || k.event().equals(event))).toList();
    }

    private static List<String> ordered(List<String> names, List<String> order) {
        List<String> sorted = new ArrayList<>(new LinkedHashSet<>(names));
        sorted.sort(Comparator.comparingInt(n -> order.contains(n) ? order.indexOf(n) : order.size()));
        return List.copyOf(sorted);
    }
}

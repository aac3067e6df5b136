package org.allocpool.lab.analyzer.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Numbers failed cells and keeps the reason of each, so that a table cell reads
 * {@code failed [2]} and the reason follows the table once. Not thread-safe: one per rendering.
 */
final class Footnotes {

    private final Map<JsonNode, Integer> numbers = new IdentityHashMap<>();
    private final List<String> notes = new ArrayList<>();

    /** {@code failed [n]} for a failed record, numbering it the first time it is met. */
    String failed(JsonNode record) {
        Integer n = numbers.get(record);
        if (n == null) {
            n = numbers.size() + 1;
            numbers.put(record, n);
            String error = record.path("error").asText("no reason recorded");
            notes.add("[" + n + "] " + CellResults.gc(record) + " " + CellResults.strategy(record) + " "
                    + CellResults.caseName(record) + ": " + error.replaceAll("[\\r\\n]+", " "));
        }
        return "failed [" + n + "]";
    }

    /** The notes added since the last call, one per line, each ending in a newline; empty if none. */
    String drain() {
        StringBuilder out = new StringBuilder();
        notes.forEach(note -> out.append(note).append('\n'));
        notes.clear();
        return out.toString();
    }
}

package org.allocpool.lab.analyzer.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Numbers failed cells and keeps the reason of each, so that a table cell reads
 * {@code failed [2]} and the reason follows the table once; numbers other notes ({@code - [3]}) the
 * same way. Not thread-safe: one per rendering.
 */
final class Footnotes {

    private final Map<JsonNode, Integer> numbers = new IdentityHashMap<>();
    private final Map<String, Integer> textNumbers = new HashMap<>();
    private final List<String> notes = new ArrayList<>();
    private int last;

    /** {@code failed [n]} for a failed record, numbering it the first time it is met. */
    String failed(JsonNode record) {
        Integer n = numbers.get(record);
        if (n == null) {
            n = ++last;
            numbers.put(record, n);
            String error = record.path("error").asText("no reason recorded");
            notes.add("[" + n + "] " + CellResults.label(record) + ": " + error.replaceAll("[\\r\\n]+", " "));
        }
        return "failed [" + n + "]";
    }

    /** {@code [n]}, numbering {@code text} as a note the first time it is met in this table's notes. */
    String note(String text) {
        Integer n = textNumbers.get(text);
        if (n == null) {
            n = ++last;
            textNumbers.put(text, n);
            notes.add("[" + n + "] " + text);
        }
        return "[" + n + "]";
    }

    /** The notes added since the last call, one per line, each ending in a newline; empty if none. */
    String drain() {
        StringBuilder out = new StringBuilder();
        notes.forEach(note -> out.append(note).append('\n'));
        notes.clear();
        return out.toString();
    }
}

package org.allocpool.lab.echo.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Numbers failed cells so that a table cell reads {@code failed [2]} and the reason follows the
 * table once, with the same number wherever that cell appears again. Not thread-safe: one per rendering.
 */
final class FailedNotes {

    private final Map<JsonNode, Integer> numbers = new IdentityHashMap<>();
    private final List<String> pending = new ArrayList<>();
    private int last;

    /** {@code failed [n]} for a failed record, numbering it and queuing its reason the first time it is met. */
    String failed(JsonNode record) {
        Integer n = numbers.get(record);
        if (n == null) {
            n = ++last;
            numbers.put(record, n);
            String error = record.path("error").asText("no reason recorded");
            pending.add("[" + n + "] " + EchoResults.label(record) + ": " + error.replaceAll("[\\r\\n]+", " "));
        }
        return "failed [" + n + "]";
    }

    /** The reasons numbered since the last call, one per line, each ending in a newline; empty if none. */
    String drain() {
        StringBuilder out = new StringBuilder();
        pending.forEach(note -> out.append(note).append('\n'));
        pending.clear();
        return out.toString();
    }
}

package org.allocpool.lab.kv.tables;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.allocpool.lab.figure.Figure;

/**
 * Numbered notes under a table: {@code failed [1]} in a cell, the reason once below; {@code [2]}
 * after a figure that was not steady or rests on fewer forks than were run. The same text gets the
 * same number. Not thread-safe: one per rendering.
 */
final class Notes {

    private final Map<String, Integer> numbers = new LinkedHashMap<>();
    private final List<String> lines = new ArrayList<>();

    /** {@code [n]} for {@code text}, numbered the first time it is met. */
    String mark(String text) {
        String one = text.replaceAll("[\\r\\n]+", " ");
        Integer n = numbers.get(one);
        if (n == null) {
            n = numbers.size() + 1;
            numbers.put(one, n);
            lines.add("[" + n + "] " + one);
        }
        return "[" + n + "]";
    }

    /** {@code failed [n]} for a cell none of whose forks measured, with the first fork's reason as the note. */
    String failed(KvCellResult result) {
        return "failed " + mark(result.label() + ": " + (result.failures().isEmpty() ? "no reason recorded"
                : String.valueOf(result.failures().getFirst().error())));
    }

    /** {@code [n]} after a figure of {@code what} that was not steady; empty when it was (or there is none). */
    String unsteady(String what, Figure figure) {
        return figure == null || figure.steady() ? ""
                : " " + mark(what + ": not steady (" + figure.reason() + "); not a clean figure, never a winner");
    }

    /** {@code [n]} after a cell some of whose forks failed, one note per failed fork; empty when none did. */
    String failedForks(KvCellResult result) {
        StringBuilder marks = new StringBuilder();
        for (var failure : result.failures()) {
            marks.append(' ').append(mark(result.label() + ": fork " + failure.forkNumber() + " of " + result.forks().size()
                    + " failed (" + failure.error() + "); its figures rest on the others"));
        }
        return marks.toString();
    }

    /** The notes added since the last call, one per line; empty if none. */
    String drain() {
        StringBuilder out = new StringBuilder();
        lines.forEach(l -> out.append(l).append('\n'));
        lines.clear();
        return out.toString();
    }
}

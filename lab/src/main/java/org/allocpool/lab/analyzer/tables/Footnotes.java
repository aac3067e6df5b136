package org.allocpool.lab.analyzer.tables;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Numbers the notes a table refers to, so that a cell reads {@code failed [2]} or {@code 256 [3]}
 * and the note follows the table once: why a cell failed, that it was not steady, that one of its
 * forks failed. The same text gets the same number. Not thread-safe: one per rendering.
 */
final class Footnotes {

    private final Map<String, Integer> numbers = new HashMap<>();
    private final List<String> notes = new ArrayList<>();
    private int last;

    /** {@code failed [n]} for a cell none of whose forks measured, with the first fork's reason as the note. */
    String failed(CellResult result) {
        String error = result.failures().isEmpty() ? "no reason recorded"
                : String.valueOf(result.failures().getFirst().error()).replaceAll("[\\r\\n]+", " ");
        return "failed " + note(result.label() + ": " + error);
    }

    /**
     * The marks after a figure: {@code [n]} for a cell that was not steady, and for one of whose
     * forks failed (the figure then rests on the others); empty when neither.
     */
    String caveats(CellResult result, boolean steady, String unsteadyReason) {
        StringBuilder marks = new StringBuilder();
        if (!steady) {
            marks.append(' ').append(note(result.label() + ": not steady (" + unsteadyReason
                    + "); not a clean figure, never a winner"));
        }
        for (var failure : result.failures()) {
            marks.append(' ').append(note(result.label() + ": fork " + failure.forkNumber() + " of " + result.forks().size()
                    + " failed (" + String.valueOf(failure.error()).replaceAll("[\\r\\n]+", " ") + "); the figure rests on the others"));
        }
        return marks.toString();
    }

    /** {@code [n]}, numbering {@code text} as a note the first time it is met. */
    String note(String text) {
        Integer n = numbers.get(text);
        if (n == null) {
            n = ++last;
            numbers.put(text, n);
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

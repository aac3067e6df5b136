package org.allocpool.lab.text;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Numbered notes under a table, for every lab's tables: a cell reads {@code failed [2]} or
 * {@code 2.09M [3]}, and the note follows the table once; the same text gets the same number again.
 * Not thread-safe: one per rendering.
 */
public final class TableNotes {

    private final Map<String, Integer> numbers = new HashMap<>();
    private final List<String> pending = new ArrayList<>();
    private int last;

    /** {@code [n]} for {@code text} (made one line), numbering it the first time it is met. */
    public String note(String text) {
        String line = text.replaceAll("\\s*[\\r\\n]+\\s*", " ");
        Integer n = numbers.get(line);
        if (n == null) {
            n = ++last;
            numbers.put(line, n);
            pending.add("[" + n + "] " + line);
        }
        return "[" + n + "]";
    }

    /** The notes numbered since the last call, one per line, each ending in a newline; empty if none. */
    public String drain() {
        StringBuilder out = new StringBuilder();
        pending.forEach(note -> out.append(note).append('\n'));
        pending.clear();
        return out.toString();
    }
}

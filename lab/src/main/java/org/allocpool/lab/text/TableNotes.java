package org.allocpool.lab.text;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.allocpool.lab.records.ForkedCell;
import org.allocpool.lab.records.LabRecord;

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

    /**
     * {@code failed [n]} for a cell none of whose forks measured, named {@code label}, the first fork's reason as its
     * note; {@code skipped [n]} when every fork was skipped (the cell cannot run here: its note says why).
     */
    public String failed(String label, ForkedCell<?, ?> cell) {
        boolean skipped = !cell.failures().isEmpty()
                && cell.failures().stream().allMatch(r -> LabRecord.SKIPPED.equals(r.status()));
        return (skipped ? "skipped " : "failed ") + note(label + ": " + (cell.failures().isEmpty() ? "no reason recorded"
                : String.valueOf(cell.failures().getFirst().error())));
    }

    /** {@code " [n]"} after a figure of {@code what} that was not steady (for {@code reason}); empty when it was. */
    public String unsteady(String what, boolean steady, String reason) {
        return steady ? "" : " " + note(what + ": not steady (" + reason + "); not a clean figure, never a winner");
    }

    /** {@code " [n]"} for each fork of {@code cell} that failed (its figures then rest on the others); empty when none. */
    public String failedForks(String label, ForkedCell<?, ?> cell) {
        StringBuilder marks = new StringBuilder();
        for (var failure : cell.failures()) {
            marks.append(' ').append(note(label + ": fork " + failure.forkNumber() + " of " + cell.forks().size()
                    + " failed (" + failure.error() + "); the figure rests on the others"));
        }
        return marks.toString();
    }

    /** The notes numbered since the last call, one per line, each ending in a newline; empty if none. */
    public String drain() {
        StringBuilder out = new StringBuilder();
        pending.forEach(note -> out.append(note).append('\n'));
        pending.clear();
        return out.toString();
    }
}

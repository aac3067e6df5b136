package org.allocpool.lab.text;

import java.util.ArrayList;
import java.util.List;

/**
 * A Markdown table padded into columns, so that it reads as well in a terminal as rendered. The
 * first column is aligned left, the others right (numbers). Shared by every lab's tables.
 * Not thread-safe: build, then render.
 */
public final class MarkdownTable {

    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    /** A table with these column titles. */
    public MarkdownTable(List<String> header) {
        this.header = List.copyOf(header);
    }

    /** Adds a row; missing trailing cells render empty. */
    public MarkdownTable row(List<String> cells) {
        if (cells.size() > header.size()) {
            throw new IllegalArgumentException("row has " + cells.size() + " cells, header " + header.size());
        }
        List<String> row = new ArrayList<>(cells);
        while (row.size() < header.size()) {
            row.add("");
        }
        rows.add(row);
        return this;
    }

    /** The table, one line per row, each ending in a newline. */
    public String render() {
        int[] widths = new int[header.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = Math.max(3, header.get(c).length());
            for (List<String> row : rows) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        StringBuilder out = new StringBuilder();
        line(out, header, widths);
        out.append('|');
        for (int c = 0; c < widths.length; c++) {
            out.append(c == 0 ? " :" + "-".repeat(widths[c] - 1) + " |" : " " + "-".repeat(widths[c] - 1) + ": |");
        }
        out.append('\n');
        rows.forEach(row -> line(out, row, widths));
        return out.toString();
    }

    private static void line(StringBuilder out, List<String> cells, int[] widths) {
        out.append('|');
        for (int c = 0; c < widths.length; c++) {
            String cell = cells.get(c);
            String pad = " ".repeat(widths[c] - cell.length());
            out.append(' ').append(c == 0 ? cell + pad : pad + cell).append(" |");
        }
        out.append('\n');
    }

    /** {@code text} safe inside a cell: pipes escaped, on one line. */
    public static String escape(String text) {
        return text.replace("\\", "\\\\").replace("|", "\\|").replaceAll("[\\r\\n]+", " ");
    }
}

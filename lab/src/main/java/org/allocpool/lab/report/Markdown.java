package org.allocpool.lab.report;

import java.util.ArrayList;
import java.util.List;

/**
 * The Markdown of the lab's tables, as HTML: the subset {@code tables.md} uses, which is headings,
 * paragraphs (each line kept on its own line, as footnotes are written), bullet lists, pipe tables
 * with their alignment row, {@code **bold**}, {@code `code`} and {@code >} quotes. Everything else is
 * text; every character of the input is escaped, so nothing in a record can become markup.
 * Thread-safe (stateless).
 */
public final class Markdown {

    private Markdown() {
    }

    /** {@code markdown} as HTML, its headings {@code shift} levels lower ({@code #} becomes {@code h(1+shift)}, at most h6). */
    public static String toHtml(String markdown, int shift) {
        List<String> lines = markdown.lines().toList();
        StringBuilder html = new StringBuilder();
        int i = 0;
        while (i < lines.size()) {
            String line = lines.get(i);
            String trimmed = line.strip();
            if (trimmed.isEmpty()) {
                i++;
            } else if (heading(trimmed) > 0) {
                int level = Math.min(6, heading(trimmed) + shift);
                html.append("<h").append(level).append('>').append(inline(trimmed.substring(heading(trimmed)).strip()))
                        .append("</h").append(level).append(">\n");
                i++;
            } else if (trimmed.startsWith("|")) {
                List<String> rows = new ArrayList<>();
                while (i < lines.size() && lines.get(i).strip().startsWith("|")) {
                    rows.add(lines.get(i).strip());
                    i++;
                }
                table(html, rows);
            } else if (trimmed.startsWith("- ") || trimmed.startsWith("* ")) {
                html.append("<ul>\n");
                while (i < lines.size() && (lines.get(i).strip().startsWith("- ") || lines.get(i).strip().startsWith("* "))) {
                    html.append("<li>").append(inline(lines.get(i).strip().substring(2))).append("</li>\n");
                    i++;
                }
                html.append("</ul>\n");
            } else if (trimmed.startsWith(">")) {
                List<String> quoted = new ArrayList<>();
                while (i < lines.size() && lines.get(i).strip().startsWith(">")) {
                    quoted.add(inline(lines.get(i).strip().substring(1).strip()));
                    i++;
                }
                html.append("<blockquote><p>").append(String.join("<br>\n", quoted)).append("</p></blockquote>\n");
            } else {
                List<String> paragraph = new ArrayList<>();
                while (i < lines.size() && isParagraphLine(lines.get(i).strip())) {
                    paragraph.add(inline(lines.get(i).strip()));
                    i++;
                }
                html.append("<p>").append(String.join("<br>\n", paragraph)).append("</p>\n");
            }
        }
        return html.toString();
    }

    /** Escapes {@code text} and turns its {@code `code`} and {@code **bold**} into elements. */
    static String inline(String text) {
        StringBuilder html = new StringBuilder();
        String[] parts = text.split("`", -1);
        for (int p = 0; p < parts.length; p++) {
            boolean code = p % 2 == 1 && p < parts.length - 1;
            if (code) {
                html.append("<code>").append(Svg.escape(parts[p])).append("</code>");
            } else {
                String plain = p % 2 == 1 ? "`" + parts[p] : parts[p];
                html.append(bold(Svg.escape(plain)));
            }
        }
        return html.toString();
    }

    private static String bold(String escaped) {
        StringBuilder html = new StringBuilder();
        String[] parts = escaped.split("\\*\\*", -1);
        for (int p = 0; p < parts.length; p++) {
            if (p % 2 == 1 && p < parts.length - 1) {
                html.append("<strong>").append(parts[p]).append("</strong>");
            } else {
                html.append(p % 2 == 1 ? "**" : "").append(parts[p]);
            }
        }
        return html.toString();
    }

    private static int heading(String line) {
        int level = 0;
        while (level < line.length() && line.charAt(level) == '#') {
            level++;
        }
        return level >= 1 && level <= 6 && line.length() > level && line.charAt(level) == ' ' ? level : 0;
    }

    private static boolean isParagraphLine(String line) {
        return !line.isEmpty() && heading(line) == 0 && !line.startsWith("|") && !line.startsWith("- ")
                && !line.startsWith("* ") && !line.startsWith(">");
    }

    private static void table(StringBuilder html, List<String> rows) {
        List<List<String>> cells = rows.stream().map(Markdown::cells).toList();
        List<String> align = new ArrayList<>();
        int body = 1;
        if (cells.size() > 1 && cells.get(1).stream().allMatch(c -> c.strip().matches(":?-{1,}:?"))) {
            for (String c : cells.get(1)) {
                String s = c.strip();
                align.add(s.endsWith(":") && !s.startsWith(":") ? "right" : s.startsWith(":") && s.endsWith(":") ? "center" : "left");
            }
            body = 2;
        }
        html.append("<div class=\"table\"><table>\n<thead><tr>");
        List<String> header = cells.getFirst();
        for (int c = 0; c < header.size(); c++) {
            html.append("<th").append(alignment(align, c)).append('>').append(inline(header.get(c).strip())).append("</th>");
        }
        html.append("</tr></thead>\n<tbody>\n");
        for (int r = body; r < cells.size(); r++) {
            html.append("<tr>");
            List<String> row = cells.get(r);
            for (int c = 0; c < row.size(); c++) {
                html.append("<td").append(alignment(align, c)).append('>').append(inline(row.get(c).strip())).append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</tbody></table></div>\n");
    }

    private static String alignment(List<String> align, int column) {
        return column < align.size() && !align.get(column).equals("left") ? " style=\"text-align:" + align.get(column) + "\"" : "";
    }

    /** The cells of {@code | a | b |}, splitting on bars outside {@code `code`}. */
    private static List<String> cells(String row) {
        String inner = row.substring(1, row.endsWith("|") && row.length() > 1 ? row.length() - 1 : row.length());
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean code = false;
        for (int i = 0; i < inner.length(); i++) {
            char c = inner.charAt(i);
            if (c == '`') {
                code = !code;
            }
            if (c == '|' && !code) {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString());
        return cells;
    }
}

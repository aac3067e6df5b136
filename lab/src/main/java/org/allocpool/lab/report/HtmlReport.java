package org.allocpool.lab.report;

import java.util.ArrayList;
import java.util.List;

/**
 * The report page, {@code report.html}: one self-contained file (styles, drawings and text inline; no
 * script, no font, nothing fetched) that opens with no network and prints. At the top the verdicts in
 * words; then, per part (one experiment in one environment), what the run was and where it ran, the
 * charts, and the full tables of {@code tables.md} folded away in {@code <details>}. The page depends
 * on its parts only (no clock, no locale, no random ids), so rendering a folder twice gives the same
 * bytes. Thread-safe (stateless).
 */
public final class HtmlReport {

    /**
     * One experiment's records of one environment.
     *
     * @param heading  what it is, e.g. {@code analyzer} or {@code analyzer, environment: host (CPU ...), JDK 25}
     * @param markdown its tables and verdict, as {@code tables.md} holds them
     * @param charts   its charts
     */
    public record Part(String heading, String markdown, List<ChartSection> charts) {

        public Part {
            charts = List.copyOf(charts);
        }
    }

    private HtmlReport() {
    }

    /** The page titled {@code title} showing {@code parts}, in order. */
    public static String render(String title, List<Part> parts) {
        StringBuilder html = HtmlPage.begin(title);
        if (parts.isEmpty()) {
            html.append("<p>No records to report.</p>\n");
            return HtmlPage.end(html);
        }
        contents(html, parts);
        html.append("<section id=\"verdict\">\n<h2>Verdict</h2>\n");
        for (int p = 0; p < parts.size(); p++) {
            Part part = parts.get(p);
            if (parts.size() > 1) {
                html.append("<h3>").append(Svg.escape(part.heading())).append("</h3>\n");
            }
            String verdict = verdict(part.markdown());
            html.append("<div class=\"verdict\">\n").append(verdict.isBlank() ? "<p>No verdict: nothing to judge.</p>\n"
                    : Markdown.toHtml(verdict, 2)).append("</div>\n");
        }
        html.append("</section>\n");
        for (int p = 0; p < parts.size(); p++) {
            part(html, parts.get(p), "part-" + (p + 1));
        }
        return HtmlPage.end(html);
    }

    private static void contents(StringBuilder html, List<Part> parts) {
        html.append("<nav><ul>\n<li><a href=\"#verdict\">Verdict</a></li>\n");
        for (int p = 0; p < parts.size(); p++) {
            Part part = parts.get(p);
            html.append("<li><a href=\"#part-").append(p + 1).append("\">").append(Svg.escape(part.heading()))
                    .append("</a><ul>\n");
            for (int s = 0; s < part.charts().size(); s++) {
                html.append("<li><a href=\"#part-").append(p + 1).append("-").append(s + 1).append("\">")
                        .append(Svg.escape(part.charts().get(s).title())).append("</a></li>\n");
            }
            html.append("<li><a href=\"#part-").append(p + 1).append("-tables\">Full tables</a></li>\n</ul></li>\n");
        }
        html.append("</ul></nav>\n");
    }

    private static void part(StringBuilder html, Part part, String id) {
        html.append("<section id=\"").append(id).append("\">\n<h2>").append(Svg.escape(part.heading())).append("</h2>\n");
        html.append("<div class=\"environment\">\n").append(Markdown.toHtml(preamble(part.markdown()), 2)).append("</div>\n");
        if (part.charts().isEmpty()) {
            html.append("<p>No charts: no cell measured.</p>\n");
        }
        for (int s = 0; s < part.charts().size(); s++) {
            ChartSection section = part.charts().get(s);
            html.append("<section id=\"").append(id).append('-').append(s + 1).append("\">\n<h3>")
                    .append(Svg.escape(section.title())).append("</h3>\n");
            if (!section.intro().isBlank()) {
                html.append("<p>").append(Markdown.inline(section.intro())).append("</p>\n");
            }
            for (Chart chart : section.charts()) {
                HtmlPage.figure(html, chart);
            }
            html.append("</section>\n");
        }
        html.append("<details id=\"").append(id).append("-tables\">\n<summary>Full tables and verdict (as in tables.md)"
                + "</summary>\n").append(Markdown.toHtml(part.markdown(), 2)).append("</details>\n</section>\n");
    }

    /** The lines before the first section ({@code ## }) that are not the document's title: the run and environment. */
    static String preamble(String markdown) {
        List<String> kept = new ArrayList<>();
        for (String line : markdown.lines().toList()) {
            if (line.startsWith("## ")) {
                break;
            }
            if (!line.startsWith("# ")) {
                kept.add(line);
            }
        }
        return String.join("\n", kept);
    }

    /** The text of the section headed {@code ## Verdict}, without its heading; empty when there is none. */
    static String verdict(String markdown) {
        StringBuilder verdict = new StringBuilder();
        boolean inside = false;
        for (String line : markdown.lines().toList()) {
            if (line.startsWith("## ") || line.startsWith("# ")) {
                inside = line.strip().equals("## Verdict");
                continue;
            }
            if (inside) {
                verdict.append(line).append('\n');
            }
        }
        return verdict.toString();
    }
}

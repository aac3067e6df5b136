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

    /** The file's text before the parts: the document, its styles and the hatching every chart refers to. */
    private static final String STYLE = """
            <style>
            :root { color-scheme: light; }
            body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0 auto;
                   max-width: 1000px; padding: 16px 24px 48px; color: #1d1d1d; line-height: 1.45; }
            h1 { font-size: 1.7em; margin-bottom: 0.2em; }
            h2 { border-bottom: 2px solid #ddd; padding-bottom: 4px; margin-top: 2em; }
            h3 { margin-top: 1.6em; }
            nav ul { columns: 2; }
            figure { margin: 1.2em 0 2em; padding: 8px 10px; border: 1px solid #e4e4e4; border-radius: 6px;
                     break-inside: avoid; }
            figure h4 { margin: 0.2em 0 0.4em; }
            figcaption { font-size: 0.9em; color: #444; margin-top: 6px; }
            .verdict { background: #f6f8fa; border-left: 4px solid #0072B2; padding: 4px 16px; }
            .environment { font-size: 0.95em; }
            details { margin: 1.5em 0; }
            summary { cursor: pointer; font-weight: 600; }
            .table { overflow-x: auto; }
            table { border-collapse: collapse; font-size: 0.85em; margin: 0.6em 0 1em; }
            th, td { border: 1px solid #ddd; padding: 3px 7px; }
            th { background: #f3f3f3; }
            code { background: #f3f3f3; padding: 0 3px; border-radius: 3px; font-size: 0.92em; }
            blockquote { border-left: 4px solid #D55E00; margin: 0.8em 0; padding: 2px 12px; background: #fff6f0; }
            .defs { position: absolute; width: 0; height: 0; overflow: hidden; }
            </style>
            """;

    private static final String DEFS = "<svg class=\"defs\" aria-hidden=\"true\" width=\"0\" height=\"0\"><defs>"
            + "<pattern id=\"" + Svg.UNSTEADY_PATTERN + "\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\""
            + " patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#ffffff\" fill-opacity=\"0.35\"/>"
            + "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#222\" stroke-width=\"2\"/></pattern></defs></svg>\n";

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
        StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(Svg.escape(title)).append("</title>\n").append(STYLE).append("</head>\n<body>\n")
                .append(DEFS)
                .append("<h1>").append(Svg.escape(title)).append("</h1>\n");
        if (parts.isEmpty()) {
            html.append("<p>No records to report.</p>\n</body>\n</html>\n");
            return html.toString();
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
        html.append("</body>\n</html>\n");
        return html.toString();
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
                html.append("<figure>\n<h4>").append(Svg.escape(chart.title())).append("</h4>\n").append(chart.svg())
                        .append("\n<figcaption>").append(Markdown.inline(chart.caption())).append("</figcaption>\n</figure>\n");
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

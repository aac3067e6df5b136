package org.allocpool.lab.report;

/**
 * What every page of the lab has alike ({@code report.html}, {@code compare.html}): the document, its
 * inline styles, the hatching the charts refer to and the title; a chart as a titled, captioned
 * figure; the closing tags. Nothing is fetched: no script, no font, no link. Thread-safe (stateless);
 * each page is built in its caller's own {@link StringBuilder}.
 */
public final class HtmlPage {

    /** The styles of every page. */
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

    /** The hatching every chart refers to ({@link Svg#UNSTEADY_PATTERN}), defined once per page. */
    private static final String DEFS = "<svg class=\"defs\" aria-hidden=\"true\" width=\"0\" height=\"0\"><defs>"
            + "<pattern id=\"" + Svg.UNSTEADY_PATTERN + "\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\""
            + " patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#ffffff\" fill-opacity=\"0.35\"/>"
            + "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#222\" stroke-width=\"2\"/></pattern></defs></svg>\n";

    private HtmlPage() {
    }

    /** A page titled {@code title}, opened up to and including its {@code <h1>}: append the body, then {@link #end}. */
    public static StringBuilder begin(String title) {
        return new StringBuilder()
                .append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(Svg.escape(title)).append("</title>\n").append(STYLE).append("</head>\n<body>\n")
                .append(DEFS)
                .append("<h1>").append(Svg.escape(title)).append("</h1>\n");
    }

    /** Appends {@code chart} as a {@code <figure>}: its title, its drawing, its caption (Markdown inline). */
    public static void figure(StringBuilder html, Chart chart) {
        html.append("<figure>\n<h4>").append(Svg.escape(chart.title())).append("</h4>\n").append(chart.svg())
                .append("\n<figcaption>").append(Markdown.inline(chart.caption())).append("</figcaption>\n</figure>\n");
    }

    /** Closes the page {@link #begin} opened and returns its text. */
    public static String end(StringBuilder html) {
        return html.append("</body>\n</html>\n").toString();
    }
}

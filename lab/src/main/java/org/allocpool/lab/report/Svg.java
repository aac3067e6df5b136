package org.allocpool.lab.report;

import java.util.List;
import java.util.Locale;

/**
 * What every chart writes the same way: text escaped for HTML and SVG, coordinates and tick labels
 * with {@link Locale#ROOT} (never a locale's separators, so a report reads the same on every machine),
 * and the colours of the series. Thread-safe (stateless).
 */
public final class Svg {

    /**
     * The series' colours, in order: Okabe and Ito's palette for readers with colour-blindness (its yellow
     * darkened to read on white), then grey. A chart with more series reuses them.
     */
    static final List<String> COLOURS = List.of("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9",
            "#9A8700", "#555555");

    /** The id of the hatching that marks a figure that was not steady, defined once per page ({@link HtmlReport}). */
    static final String UNSTEADY_PATTERN = "unsteady-hatch";

    /** The font every chart uses. */
    static final String FONT = "font-family=\"system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif\"";

    private Svg() {
    }

    /** {@code text} with {@code & < > " '} escaped: safe inside an element and inside an attribute. */
    public static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** A coordinate: one decimal, no trailing zero ({@code 12.5}, {@code 40}). */
    static String num(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "0";
        }
        String text = String.format(Locale.ROOT, "%.1f", value);
        return text.endsWith(".0") ? text.substring(0, text.length() - 2) : text;
    }

    /**
     * A value as a chart labels it: {@code 4.3k}, {@code 12M}, {@code 780}, {@code 7.3}, {@code 0.05}: three
     * significant figures or fewer, never a locale's separators.
     */
    public static String label(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "?";
        }
        double abs = Math.abs(value);
        if (abs >= 1e9) {
            return trim(value / 1e9) + "G";
        }
        if (abs >= 1e6) {
            return trim(value / 1e6) + "M";
        }
        if (abs >= 1e4) {
            return trim(value / 1e3) + "k";
        }
        if (abs >= 100 || value == 0) {
            return String.format(Locale.ROOT, "%.0f", value);
        }
        return trim(value);
    }

    /** Up to three significant figures, no trailing zeros. */
    private static String trim(double value) {
        double abs = Math.abs(value);
        String text;
        if (abs >= 100) {
            text = String.format(Locale.ROOT, "%.0f", value);
        } else if (abs >= 10) {
            text = String.format(Locale.ROOT, "%.1f", value);
        } else if (abs >= 1) {
            text = String.format(Locale.ROOT, "%.2f", value);
        } else {
            text = new java.math.BigDecimal(value).round(new java.math.MathContext(2)).toPlainString();
        }
        if (text.contains(".")) {
            text = text.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return text;
    }

    /** The colour of series {@code index}. */
    static String colour(int index) {
        return COLOURS.get(Math.floorMod(index, COLOURS.size()));
    }

    /** {@code <text>} at (x, y) with {@code attributes} (anchor, size, ...) holding {@code text}, escaped. */
    static String text(double x, double y, String attributes, String text) {
        return "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\"" + (attributes.isEmpty() ? "" : " " + attributes) + ">"
                + escape(text) + "</text>";
    }

    /** {@code <title>} holding {@code text}, escaped: the tooltip of the element it is the first child of. */
    static String title(String text) {
        return "<title>" + escape(text) + "</title>";
    }
}

package org.allocpool.lab.report;

import java.util.ArrayList;
import java.util.List;

/**
 * The parts every chart draws alike: the {@code <svg>} element sized to scale with the page, a legend
 * across the top, the plot area, the value axis with its grid and label, and the horizontal axis's label.
 * One instance draws one chart; not thread-safe.
 */
final class Frame {

    static final double WIDTH = 880;
    static final double LEFT = 78;
    static final double RIGHT = 24;
    static final double BOTTOM = 70;

    /** One legend entry: a swatch ({@code bar}, {@code line} or {@code hatch}) and its name. */
    record LegendItem(String name, String colour, String kind) {
    }

    private final double height;
    private final double top;
    private final double bottomMargin;
    private final List<List<LegendItem>> legendRows;

    /** A frame whose plot is {@code plotHeight} pixels high, under a legend of {@code legend} wrapped to the width. */
    Frame(double plotHeight, List<LegendItem> legend) {
        this(plotHeight, legend, BOTTOM);
    }

    /** A frame as above with {@code bottomMargin} pixels below the plot, for long labels along the bottom. */
    Frame(double plotHeight, List<LegendItem> legend, double bottomMargin) {
        this.legendRows = wrap(legend);
        this.top = 18 + 20 * legendRows.size();
        this.bottomMargin = Math.max(BOTTOM, bottomMargin);
        this.height = top + plotHeight + this.bottomMargin;
    }

    /** The plot area's top pixel. */
    double top() {
        return top;
    }

    /** The plot area's bottom pixel. */
    double bottom() {
        return height - bottomMargin;
    }

    /** The plot area's left pixel. */
    double left() {
        return LEFT;
    }

    /** The plot area's right pixel. */
    double right() {
        return WIDTH - RIGHT;
    }

    /** Opens the {@code <svg>}, with {@code label} for screen readers, and draws the legend. */
    void open(StringBuilder svg, String label) {
        svg.append("<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ").append(Svg.num(WIDTH))
                .append(' ').append(Svg.num(height)).append("\" width=\"100%\" role=\"img\" aria-label=\"")
                .append(Svg.escape(label)).append("\" ").append(Svg.FONT).append(" font-size=\"12\">");
        double y = 16;
        for (List<LegendItem> row : legendRows) {
            double x = LEFT;
            for (LegendItem item : row) {
                svg.append(switch (item.kind()) {
                    case "line" -> "<line x1=\"" + Svg.num(x) + "\" y1=\"" + Svg.num(y - 4) + "\" x2=\"" + Svg.num(x + 14)
                            + "\" y2=\"" + Svg.num(y - 4) + "\" stroke=\"" + item.colour() + "\" stroke-width=\"2.5\"/>";
                    case "hatch" -> "<rect x=\"" + Svg.num(x) + "\" y=\"" + Svg.num(y - 10) + "\" width=\"12\" height=\"12\""
                            + " fill=\"#bbbbbb\"/><rect x=\"" + Svg.num(x) + "\" y=\"" + Svg.num(y - 10)
                            + "\" width=\"12\" height=\"12\" fill=\"url(#" + Svg.UNSTEADY_PATTERN + ")\"/>";
                    case "dashed" -> "<line x1=\"" + Svg.num(x) + "\" y1=\"" + Svg.num(y - 4) + "\" x2=\"" + Svg.num(x + 14)
                            + "\" y2=\"" + Svg.num(y - 4) + "\" stroke=\"" + item.colour()
                            + "\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>";
                    default -> "<rect x=\"" + Svg.num(x) + "\" y=\"" + Svg.num(y - 10) + "\" width=\"12\" height=\"12\" fill=\""
                            + item.colour() + "\"/>";
                });
                svg.append(Svg.text(x + 18, y, "", item.name()));
                x += itemWidth(item);
            }
            y += 20;
        }
    }

    /** Draws the vertical value axis of {@code scale}, its grid across the plot and its {@code label}. */
    void valueAxis(StringBuilder svg, Scale scale, String label) {
        for (Scale.Tick tick : scale.ticks()) {
            double y = scale.at(tick.value());
            svg.append("<line x1=\"").append(Svg.num(left())).append("\" y1=\"").append(Svg.num(y)).append("\" x2=\"")
                    .append(Svg.num(right())).append("\" y2=\"").append(Svg.num(y)).append("\" stroke=\"#e3e3e3\"/>");
            svg.append(Svg.text(left() - 6, y + 4, "text-anchor=\"end\" fill=\"#333\"", tick.label()));
        }
        svg.append("<line x1=\"").append(Svg.num(left())).append("\" y1=\"").append(Svg.num(top())).append("\" x2=\"")
                .append(Svg.num(left())).append("\" y2=\"").append(Svg.num(bottom())).append("\" stroke=\"#555\"/>");
        double middle = (top() + bottom()) / 2;
        svg.append(Svg.text(16, middle, "text-anchor=\"middle\" transform=\"rotate(-90 16 " + Svg.num(middle)
                + ")\" fill=\"#222\"", label + (scale.isLog() ? " (log scale)" : "")));
    }

    /** Draws the horizontal axis line and its {@code label} below the tick labels. */
    void baseAxis(StringBuilder svg, String label) {
        svg.append("<line x1=\"").append(Svg.num(left())).append("\" y1=\"").append(Svg.num(bottom())).append("\" x2=\"")
                .append(Svg.num(right())).append("\" y2=\"").append(Svg.num(bottom())).append("\" stroke=\"#555\"/>");
        svg.append(Svg.text((left() + right()) / 2, height - 14, "text-anchor=\"middle\" fill=\"#222\"", label));
    }

    /** Draws the vertical ticks of a horizontal {@code scale} with grid lines. */
    void horizontalTicks(StringBuilder svg, Scale scale, List<Scale.Tick> ticks) {
        for (Scale.Tick tick : ticks) {
            double x = scale.at(tick.value());
            svg.append("<line x1=\"").append(Svg.num(x)).append("\" y1=\"").append(Svg.num(top())).append("\" x2=\"")
                    .append(Svg.num(x)).append("\" y2=\"").append(Svg.num(bottom())).append("\" stroke=\"#eeeeee\"/>");
            svg.append(Svg.text(x, bottom() + 16, "text-anchor=\"middle\" fill=\"#333\"", tick.label()));
        }
    }

    /** Closes the {@code <svg>}. */
    void close(StringBuilder svg) {
        svg.append("</svg>");
    }

    private static double itemWidth(LegendItem item) {
        return 30 + 6.6 * item.name().length();
    }

    private static List<List<LegendItem>> wrap(List<LegendItem> legend) {
        List<List<LegendItem>> rows = new ArrayList<>();
        List<LegendItem> row = new ArrayList<>();
        double x = LEFT;
        for (LegendItem item : legend) {
            if (!row.isEmpty() && x + itemWidth(item) > WIDTH - RIGHT) {
                rows.add(row);
                row = new ArrayList<>();
                x = LEFT;
            }
            row.add(item);
            x += itemWidth(item);
        }
        if (!row.isEmpty()) {
            rows.add(row);
        }
        return rows;
    }
}

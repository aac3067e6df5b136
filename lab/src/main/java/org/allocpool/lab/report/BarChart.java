package org.allocpool.lab.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Grouped bars: groups along the bottom (cases, contenders, client counts), one bar per series in
 * each (strategies, phases), each bar a value with an optional low-high whisker, a tooltip, and a
 * hatched {@code ~} mark when the figure was not steady; a slot with no figure says why in words
 * ({@code failed}). The value axis is linear from zero, or logarithmic. Build it with {@link #bar}
 * and {@link #missing}, then {@link #svg}; one instance draws one chart on one thread.
 */
public final class BarChart {

    /**
     * One bar.
     *
     * @param value   its height
     * @param low     the whisker's lower end, NaN for none
     * @param high    the whisker's upper end, NaN for none
     * @param steady  whether the figure was steady (else hatched and marked {@code ~})
     * @param tooltip what a pointer over it reads
     */
    public record Bar(double value, double low, double high, boolean steady, String tooltip) {

        /** A bar without a whisker. */
        public static Bar of(double value, boolean steady, String tooltip) {
            return new Bar(value, Double.NaN, Double.NaN, steady, tooltip);
        }
    }

    /** The angle of slanted group names, in degrees, and its sine. */
    static final int SLANT = 35;
    static final double SLANT_SIN = Math.sin(Math.toRadians(SLANT));
    /** About how wide one character of a group name is, in pixels (12px, semi-bold). */
    static final double GROUP_CHAR_WIDTH = 7;

    private final String valueLabel;
    private final String groupLabel;
    private final boolean log;
    private final Set<String> groups = new LinkedHashSet<>();
    private final Set<String> series = new LinkedHashSet<>();
    private final Map<String, Bar> bars = new LinkedHashMap<>();
    private final Map<String, String> missing = new LinkedHashMap<>();
    private double reference = Double.NaN;
    private String referenceLabel = "";
    private String whiskerLabel = "whisker: spread";

    /**
     * @param valueLabel the value axis's label with its unit, e.g. {@code ns per packet}
     * @param groupLabel the horizontal axis's label, e.g. {@code case}
     * @param log        whether the value axis is logarithmic
     */
    public BarChart(String valueLabel, String groupLabel, boolean log) {
        this.valueLabel = valueLabel;
        this.groupLabel = groupLabel;
        this.log = log;
    }

    /** Adds the bar of {@code seriesName} in {@code group}; the first of each name fixes its order. */
    public BarChart bar(String group, String seriesName, Bar bar) {
        groups.add(group);
        series.add(seriesName);
        if (Double.isFinite(bar.value()) && (!log || bar.value() > 0)) {
            bars.put(key(group, seriesName), bar);
        } else {
            missing.put(key(group, seriesName), "?");
        }
        return this;
    }

    /** Keeps the slot of {@code seriesName} in {@code group} for a figure there is not, saying {@code why} ({@code failed}). */
    public BarChart missing(String group, String seriesName, String why) {
        groups.add(group);
        series.add(seriesName);
        missing.put(key(group, seriesName), why);
        return this;
    }

    /** Draws a dashed line across at {@code value}, named {@code label} in the legend ({@code 1× = as fast}). */
    public BarChart reference(double value, String label) {
        this.reference = value;
        this.referenceLabel = label;
        return this;
    }

    /** What the legend calls a bar's whisker ({@code whisker: spread} unless set). */
    public BarChart whiskers(String label) {
        this.whiskerLabel = label;
        return this;
    }

    /** Whether it holds no bar. */
    public boolean isEmpty() {
        return bars.isEmpty();
    }

    /** The drawing, labelled {@code label} for screen readers. */
    public String svg(String label) {
        List<Frame.LegendItem> legend = new ArrayList<>();
        List<String> names = List.copyOf(series);
        for (int i = 0; i < names.size(); i++) {
            legend.add(new Frame.LegendItem(names.get(i), Svg.colour(i), "bar"));
        }
        boolean unsteady = bars.values().stream().anyMatch(b -> !b.steady());
        if (unsteady) {
            legend.add(new Frame.LegendItem("hatched, ~: not steady", "", "hatch"));
        }
        boolean whiskers = bars.values().stream().anyMatch(b -> Double.isFinite(b.low()));
        if (whiskers) {
            legend.add(new Frame.LegendItem(whiskerLabel, "#222", "line"));
        }
        if (Double.isFinite(reference)) {
            legend.add(new Frame.LegendItem(referenceLabel, "#222", "dashed"));
        }
        List<String> groupNames = List.copyOf(groups);
        // group names wider than their slot are drawn slanted, with room for the longest below the plot
        double slot = (Frame.WIDTH - Frame.LEFT - Frame.RIGHT) / Math.max(1, groupNames.size());
        int longest = groupNames.stream().mapToInt(String::length).max().orElse(0);
        boolean slanted = longest * GROUP_CHAR_WIDTH > slot * 0.95;
        Frame frame = new Frame(300, legend, slanted ? 44 + longest * GROUP_CHAR_WIDTH * SLANT_SIN : Frame.BOTTOM);
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (Bar bar : bars.values()) {
            for (double v : new double[] {bar.value(), bar.low(), bar.high()}) {
                if (Double.isFinite(v) && (!log || v > 0)) {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
        }
        if (Double.isFinite(reference)) {
            min = Math.min(min, reference);
            max = Math.max(max, reference);
        }
        Scale scale = Scale.of(log, min, max * (log ? 1 : 1.08), true, frame.bottom(), frame.top());
        StringBuilder svg = new StringBuilder();
        frame.open(svg, label);
        frame.valueAxis(svg, scale, valueLabel);
        frame.baseAxis(svg, groupLabel);
        double groupWidth = (frame.right() - frame.left()) / Math.max(1, groupNames.size());
        double barWidth = Math.min(56, groupWidth * 0.8 / Math.max(1, names.size()));
        boolean valueLabels = bars.size() <= 30 && barWidth >= 22;
        for (int g = 0; g < groupNames.size(); g++) {
            String group = groupNames.get(g);
            double centre = frame.left() + groupWidth * (g + 0.5);
            svg.append(groupLabel(centre, frame.bottom(), group, slanted));
            double start = centre - barWidth * names.size() / 2;
            for (int s = 0; s < names.size(); s++) {
                double x = start + s * barWidth;
                String key = key(group, names.get(s));
                Bar bar = bars.get(key);
                if (bar == null) {
                    String why = missing.get(key);
                    if (why != null) {
                        double cx = x + barWidth / 2 + 4;
                        svg.append(Svg.text(cx, frame.bottom() - 6, "text-anchor=\"start\" fill=\"#a00\" font-size=\"10\""
                                + " transform=\"rotate(-90 " + Svg.num(cx) + " " + Svg.num(frame.bottom() - 6) + ")\"", why));
                    }
                    continue;
                }
                drawBar(svg, scale, frame, bar, x, barWidth, Svg.colour(s), valueLabels);
            }
        }
        if (Double.isFinite(reference)) {
            double y = scale.at(reference);
            svg.append("<line x1=\"").append(Svg.num(frame.left())).append("\" y1=\"").append(Svg.num(y))
                    .append("\" x2=\"").append(Svg.num(frame.right())).append("\" y2=\"").append(Svg.num(y))
                    .append("\" stroke=\"#222\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>");
        }
        frame.close(svg);
        return svg.toString();
    }

    /** The name of a group under its bars: level and centred, or slanted up to the right, ending under them. */
    static String groupLabel(double centre, double bottom, String name, boolean slanted) {
        if (!slanted) {
            return Svg.text(centre, bottom + 18, "text-anchor=\"middle\" font-weight=\"600\" fill=\"#222\"", name);
        }
        double y = bottom + 14;
        return Svg.text(centre + 4, y, "text-anchor=\"end\" font-weight=\"600\" fill=\"#222\" transform=\"rotate(-"
                + SLANT + " " + Svg.num(centre + 4) + " " + Svg.num(y) + ")\"", name);
    }

    private static void drawBar(StringBuilder svg, Scale scale, Frame frame, Bar bar, double x, double width,
                                String colour, boolean valueLabel) {
        double base = scale.isLog() ? frame.bottom() : scale.at(0);
        double y = scale.at(bar.value());
        double top = Math.min(y, base);
        double h = Math.max(1, Math.abs(base - y));
        double inner = width * 0.86;
        double left = x + (width - inner) / 2;
        svg.append("<g class=\"mark bar\">").append(Svg.title(bar.tooltip()));
        svg.append("<rect x=\"").append(Svg.num(left)).append("\" y=\"").append(Svg.num(top)).append("\" width=\"")
                .append(Svg.num(inner)).append("\" height=\"").append(Svg.num(h)).append("\" fill=\"").append(colour)
                .append("\"/>");
        if (!bar.steady()) {
            svg.append("<rect x=\"").append(Svg.num(left)).append("\" y=\"").append(Svg.num(top)).append("\" width=\"")
                    .append(Svg.num(inner)).append("\" height=\"").append(Svg.num(h)).append("\" fill=\"url(#")
                    .append(Svg.UNSTEADY_PATTERN).append(")\" stroke=\"#222\" stroke-dasharray=\"3 2\"/>");
        }
        double labelY = y;
        if (Double.isFinite(bar.low()) && Double.isFinite(bar.high())) {
            double yl = scale.at(bar.low());
            double yh = scale.at(bar.high());
            double cx = x + width / 2;
            svg.append("<path d=\"M").append(Svg.num(cx)).append(' ').append(Svg.num(yl)).append("V").append(Svg.num(yh))
                    .append("M").append(Svg.num(cx - 5)).append(' ').append(Svg.num(yl)).append("h10M")
                    .append(Svg.num(cx - 5)).append(' ').append(Svg.num(yh)).append("h10\" stroke=\"#222\""
                            + " stroke-width=\"1.3\" fill=\"none\"/>");
            labelY = Math.min(labelY, yh);
        }
        if (valueLabel || !bar.steady()) {
            svg.append(Svg.text(x + width / 2, labelY - 4, "text-anchor=\"middle\" font-size=\"10.5\" fill=\"#222\"",
                    (bar.steady() ? "" : "~") + (valueLabel ? Svg.label(bar.value()) : "")));
        }
        svg.append("</g>");
    }

    private static String key(String group, String seriesName) {
        return group + "\u0000" + seriesName;
    }
}

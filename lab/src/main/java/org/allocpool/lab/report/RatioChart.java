package org.allocpool.lab.report;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Ratios of one figure to another (after / before), one bar per item along the bottom, rising or
 * falling from the 1× line on a logarithmic axis (so that twice and half are as far from 1×), over a
 * shaded band of no consequence ({@code 1/(1+t)} to {@code 1+t}), each bar coloured by what its change
 * was judged ({@link Tone}). Build it with {@link #ratio}, then {@link #svg}; one instance draws one
 * chart on one thread.
 */
public final class RatioChart {

    /** What a change was judged, and so its colour: worse, better, no clear change, not judged (hatched). */
    public enum Tone {
        WORSE("#D55E00"), BETTER("#009E73"), SAME("#9a9a9a"), UNJUDGED("#CC79A7");

        private final String colour;

        Tone(String colour) {
            this.colour = colour;
        }
    }

    private record Ratio(String name, double value, Tone tone, String tooltip) {
    }

    private final String valueLabel;
    private final String groupLabel;
    private final double band;
    private final String bandLabel;
    private final String[] toneNames = new String[Tone.values().length];
    private final List<Ratio> ratios = new ArrayList<>();

    /**
     * @param valueLabel the value axis's label, e.g. {@code after / before, ns per packet}
     * @param groupLabel the horizontal axis's label, e.g. {@code cell}
     * @param band       the band's half width as a fraction ({@code 0.10}: from 1/1.1 to 1.1)
     * @param bandLabel  the band's name in the legend, e.g. {@code within ±10%}
     */
    public RatioChart(String valueLabel, String groupLabel, double band, String bandLabel) {
        this.valueLabel = valueLabel;
        this.groupLabel = groupLabel;
        this.band = band;
        this.bandLabel = bandLabel;
    }

    /** Names {@code tone} in the legend ({@code slower}); a tone without a name is not listed. */
    public RatioChart name(Tone tone, String name) {
        toneNames[tone.ordinal()] = name;
        return this;
    }

    /** Adds item {@code name}'s ratio {@code value}; one that is not a positive number keeps its slot, marked {@code ?}. */
    public RatioChart ratio(String name, double value, Tone tone, String tooltip) {
        ratios.add(new Ratio(name, value, tone, tooltip));
        return this;
    }

    /** Whether it holds no ratio that can be drawn. */
    public boolean isEmpty() {
        return ratios.stream().noneMatch(RatioChart::isDrawable);
    }

    /** The drawing, labelled {@code label} for screen readers. */
    public String svg(String label) {
        Set<Tone> shown = EnumSet.noneOf(Tone.class);
        ratios.stream().filter(RatioChart::isDrawable).forEach(r -> shown.add(r.tone()));
        List<Frame.LegendItem> legend = new ArrayList<>();
        for (Tone tone : shown) {
            if (toneNames[tone.ordinal()] != null) {
                legend.add(new Frame.LegendItem(toneNames[tone.ordinal()], tone.colour, tone == Tone.UNJUDGED ? "hatch" : "bar"));
            }
        }
        legend.add(new Frame.LegendItem(bandLabel, "#e9e9e9", "bar"));
        legend.add(new Frame.LegendItem("1×: unchanged", "#222", "dashed"));
        // symmetric about 1×, at least as wide as the band, so that no change looks like one
        double reach = 1 + band * 1.5;
        for (Ratio ratio : ratios) {
            if (isDrawable(ratio)) {
                reach = Math.max(reach, Math.max(ratio.value(), 1 / ratio.value()));
            }
        }
        reach *= 1.05;
        int longest = ratios.stream().mapToInt(r -> r.name().length()).max().orElse(0);
        double slot = (Frame.WIDTH - Frame.LEFT - Frame.RIGHT) / Math.max(1, ratios.size());
        boolean slanted = longest * BarChart.GROUP_CHAR_WIDTH > slot * 0.95;
        Frame frame = new Frame(260, legend, slanted ? 44 + longest * BarChart.GROUP_CHAR_WIDTH * BarChart.SLANT_SIN
                : Frame.BOTTOM);
        Scale scale = Scale.ratios(1 / reach, reach, frame.bottom(), frame.top());
        StringBuilder svg = new StringBuilder();
        frame.open(svg, label);
        double bandTop = scale.at(1 + band);
        double bandBottom = scale.at(1 / (1 + band));
        svg.append("<rect x=\"").append(Svg.num(frame.left())).append("\" y=\"").append(Svg.num(bandTop))
                .append("\" width=\"").append(Svg.num(frame.right() - frame.left())).append("\" height=\"")
                .append(Svg.num(bandBottom - bandTop)).append("\" fill=\"#e9e9e9\"/>");
        frame.valueAxis(svg, scale, valueLabel);
        frame.baseAxis(svg, groupLabel);
        double one = scale.at(1);
        double width = Math.min(40, slot * 0.6);
        for (int i = 0; i < ratios.size(); i++) {
            Ratio ratio = ratios.get(i);
            double centre = frame.left() + slot * (i + 0.5);
            svg.append(BarChart.groupLabel(centre, frame.bottom(), ratio.name(), slanted));
            if (!isDrawable(ratio)) {
                svg.append(Svg.text(centre, one - 6, "text-anchor=\"middle\" fill=\"#a00\"", "?"));
                continue;
            }
            double y = scale.at(ratio.value());
            double top = Math.min(y, one);
            double h = Math.max(1.5, Math.abs(one - y));
            String rect = "<rect x=\"" + Svg.num(centre - width / 2) + "\" y=\"" + Svg.num(top) + "\" width=\""
                    + Svg.num(width) + "\" height=\"" + Svg.num(h) + "\"";
            svg.append("<g class=\"mark ratio\">").append(Svg.title(ratio.tooltip())).append(rect).append(" fill=\"")
                    .append(ratio.tone().colour).append("\"/>");
            if (ratio.tone() == Tone.UNJUDGED) {
                svg.append(rect).append(" fill=\"url(#").append(Svg.UNSTEADY_PATTERN).append(")\"/>");
            }
            if (slot >= 34) {
                double labelY = ratio.value() >= 1 ? top - 4 : top + h + 12;
                svg.append(Svg.text(centre, labelY, "text-anchor=\"middle\" font-size=\"10.5\" fill=\"#222\"",
                        Svg.label(ratio.value()) + "×"));
            }
            svg.append("</g>");
        }
        svg.append("<line x1=\"").append(Svg.num(frame.left())).append("\" y1=\"").append(Svg.num(one)).append("\" x2=\"")
                .append(Svg.num(frame.right())).append("\" y2=\"").append(Svg.num(one))
                .append("\" stroke=\"#222\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>");
        frame.close(svg);
        return svg.toString();
    }

    private static boolean isDrawable(Ratio ratio) {
        return Double.isFinite(ratio.value()) && ratio.value() > 0;
    }
}

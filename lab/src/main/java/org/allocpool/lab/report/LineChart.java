package org.allocpool.lab.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Lines through points, one per series (a cell's probes, a latency spectrum), each point a marker
 * with a tooltip; either axis linear or logarithmic (the vertical one may read as ratios about 1), the
 * horizontal one with ticks of its own when given (a percentile axis). Points a log axis cannot show (zero, negative) are left out. Build it
 * with {@link #series}, then {@link #svg}; one instance draws one chart on one thread.
 */
public final class LineChart {

    /** One point and what a pointer over it reads. */
    public record Point(double x, double y, String tooltip) {
    }

    private record Series(String name, List<Point> points, boolean dashed) {
    }

    private final String xLabel;
    private final boolean xLog;
    private final String yLabel;
    private final boolean yLog;
    private final List<Series> series = new ArrayList<>();
    private List<Scale.Tick> xTicks;
    private boolean yRatios;

    /**
     * @param xLabel the horizontal axis's label with its unit
     * @param xLog   whether it is logarithmic
     * @param yLabel the vertical axis's label with its unit
     * @param yLog   whether it is logarithmic
     */
    public LineChart(String xLabel, boolean xLog, String yLabel, boolean yLog) {
        this.xLabel = xLabel;
        this.xLog = xLog;
        this.yLabel = yLabel;
        this.yLog = yLog;
    }

    /** Adds a series named {@code name} through {@code points} (drawn in their order of x). */
    public LineChart series(String name, List<Point> points) {
        return series(name, points, false);
    }

    /** Adds a series, drawn dashed when {@code dashed} (e.g. one estimated from fewer points). */
    public LineChart series(String name, List<Point> points, boolean dashed) {
        List<Point> shown = points.stream()
                .filter(p -> Double.isFinite(p.x()) && Double.isFinite(p.y()) && (!xLog || p.x() > 0) && (!yLog || p.y() > 0))
                .sorted((a, b) -> Double.compare(a.x(), b.x())).toList();
        if (!shown.isEmpty()) {
            series.add(new Series(name, shown, dashed));
        }
        return this;
    }

    /** Labels the horizontal axis at these values instead of round ones ({@code 99.9}, {@code max}). */
    public LineChart xTicks(List<Double> values, List<String> labels) {
        List<Scale.Tick> ticks = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            ticks.add(new Scale.Tick(values.get(i), labels.get(i)));
        }
        this.xTicks = List.copyOf(ticks);
        return this;
    }

    /**
     * Reads the vertical values as ratios (1 = as usual): a logarithmic axis symmetric about 1 over just the
     * points' reach, with round ratios as ticks ({@code 0.91}, {@code 1.1}), not widened to powers of ten.
     * Needs a logarithmic vertical axis.
     */
    public LineChart ratioAxis() {
        if (!yLog) {
            throw new IllegalStateException("a ratio axis is logarithmic: construct the chart with yLog");
        }
        this.yRatios = true;
        return this;
    }

    /** Whether it holds no point. */
    public boolean isEmpty() {
        return series.isEmpty();
    }

    /** The drawing, labelled {@code label} for screen readers. */
    public String svg(String label) {
        List<Frame.LegendItem> legend = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            legend.add(new Frame.LegendItem(series.get(i).name(), Svg.colour(i), series.get(i).dashed() ? "dashed" : "line"));
        }
        Frame frame = new Frame(300, legend);
        double xMin = Double.POSITIVE_INFINITY;
        double xMax = Double.NEGATIVE_INFINITY;
        double yMin = Double.POSITIVE_INFINITY;
        double yMax = Double.NEGATIVE_INFINITY;
        for (Series s : series) {
            for (Point p : s.points()) {
                xMin = Math.min(xMin, p.x());
                xMax = Math.max(xMax, p.x());
                yMin = Math.min(yMin, p.y());
                yMax = Math.max(yMax, p.y());
            }
        }
        if (xTicks != null) {
            for (Scale.Tick tick : xTicks) {
                xMin = Math.min(xMin, tick.value());
                xMax = Math.max(xMax, tick.value());
            }
        }
        Scale x = xTicks != null ? Scale.exact(xMin, xMax, frame.left() + 10, frame.right() - 10)
                : Scale.of(xLog, xMin, xMax, false, frame.left(), frame.right());
        Scale y = yRatios ? Scale.ratios(1 / ratioReach(yMin, yMax), ratioReach(yMin, yMax), frame.bottom(), frame.top())
                : Scale.of(yLog, yMin, yLog ? yMax : yMax * 1.05, !yLog, frame.bottom(), frame.top());
        StringBuilder svg = new StringBuilder();
        frame.open(svg, label);
        frame.valueAxis(svg, y, yLabel);
        frame.horizontalTicks(svg, x, xTicks != null ? xTicks : x.ticks());
        frame.baseAxis(svg, xLabel + (xLog && xTicks == null ? " (log scale)" : ""));
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            String colour = Svg.colour(i);
            StringBuilder path = new StringBuilder();
            for (Point p : s.points()) {
                path.append(path.isEmpty() ? "M" : "L").append(Svg.num(x.at(p.x()))).append(' ').append(Svg.num(y.at(p.y())));
            }
            svg.append("<g class=\"mark line\">").append(Svg.title(s.name()));
            svg.append("<path d=\"").append(path).append("\" fill=\"none\" stroke=\"").append(colour)
                    .append("\" stroke-width=\"2\"").append(s.dashed() ? " stroke-dasharray=\"6 4\"" : "").append("/>");
            for (Point p : s.points()) {
                svg.append("<circle cx=\"").append(Svg.num(x.at(p.x()))).append("\" cy=\"").append(Svg.num(y.at(p.y())))
                        .append("\" r=\"3.5\" fill=\"").append(colour).append("\">").append(Svg.title(p.tooltip()))
                        .append("</circle>");
            }
            svg.append("</g>");
        }
        frame.close(svg);
        return svg.toString();
    }

    /** How far a ratio axis reaches either side of 1: past the farthest point, and at least to 1.1 and 1/1.1. */
    private static double ratioReach(double min, double max) {
        double farthest = Math.max(Math.max(max, 1 / min), 1.1);
        return farthest * 1.05;
    }
}

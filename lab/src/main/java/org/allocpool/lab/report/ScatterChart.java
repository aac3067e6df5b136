package org.allocpool.lab.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Labelled points, one colour per series (e.g. the longest and the average GC pause of each cell
 * against its throughput); either axis linear or logarithmic. A point a log axis cannot show is left
 * out. Build it with {@link #point}, then {@link #svg}; one instance draws one chart on one thread.
 */
public final class ScatterChart {

    private record Point(String series, double x, double y, String label, boolean steady, String tooltip) {
    }

    private final String xLabel;
    private final boolean xLog;
    private final String yLabel;
    private final boolean yLog;
    private final List<String> series = new ArrayList<>();
    private final List<Point> points = new ArrayList<>();

    /**
     * @param xLabel the horizontal axis's label with its unit
     * @param xLog   whether it is logarithmic
     * @param yLabel the vertical axis's label with its unit
     * @param yLog   whether it is logarithmic
     */
    public ScatterChart(String xLabel, boolean xLog, String yLabel, boolean yLog) {
        this.xLabel = xLabel;
        this.xLog = xLog;
        this.yLabel = yLabel;
        this.yLog = yLog;
    }

    /**
     * Adds a point of {@code seriesName} labelled {@code label} beside it; a point that was not steady is
     * drawn hollow and its label marked {@code ~}.
     */
    public ScatterChart point(String seriesName, double x, double y, String label, boolean steady, String tooltip) {
        if (Double.isFinite(x) && Double.isFinite(y) && (!xLog || x > 0) && (!yLog || y > 0)) {
            if (!series.contains(seriesName)) {
                series.add(seriesName);
            }
            points.add(new Point(seriesName, x, y, label, steady, tooltip));
        }
        return this;
    }

    /** Whether it holds no point. */
    public boolean isEmpty() {
        return points.isEmpty();
    }

    /** The drawing, labelled {@code label} for screen readers. */
    public String svg(String label) {
        List<Frame.LegendItem> legend = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            legend.add(new Frame.LegendItem(series.get(i), Svg.colour(i), "bar"));
        }
        if (points.stream().anyMatch(p -> !p.steady())) {
            legend.add(new Frame.LegendItem("hollow, ~: not steady", "#777", "line"));
        }
        Frame frame = new Frame(320, legend);
        double xMin = points.stream().mapToDouble(Point::x).min().orElse(0);
        double xMax = points.stream().mapToDouble(Point::x).max().orElse(1);
        double yMin = points.stream().mapToDouble(Point::y).min().orElse(0);
        double yMax = points.stream().mapToDouble(Point::y).max().orElse(1);
        Scale x = Scale.of(xLog, xMin, xLog ? xMax : xMax * 1.08, !xLog, frame.left(), frame.right() - 60);
        Scale y = Scale.of(yLog, yMin, yLog ? yMax : yMax * 1.08, !yLog, frame.bottom(), frame.top());
        StringBuilder svg = new StringBuilder();
        frame.open(svg, label);
        frame.valueAxis(svg, y, yLabel);
        frame.horizontalTicks(svg, x, x.ticks());
        frame.baseAxis(svg, xLabel + (xLog ? " (log scale)" : ""));
        for (Point p : points) {
            String colour = Svg.colour(series.indexOf(p.series()));
            double cx = x.at(p.x());
            double cy = y.at(p.y());
            svg.append("<g class=\"mark point\">").append(Svg.title(p.tooltip()));
            svg.append("<circle cx=\"").append(Svg.num(cx)).append("\" cy=\"").append(Svg.num(cy)).append("\" r=\"5\" ")
                    .append(p.steady() ? "fill=\"" + colour + "\"" : "fill=\"#fff\" stroke=\"" + colour + "\" stroke-width=\"2\"")
                    .append("/>");
            svg.append(Svg.text(cx + 8, cy + 4, "font-size=\"11\" fill=\"#222\"", (p.steady() ? "" : "~") + p.label()));
            svg.append("</g>");
        }
        frame.close(svg);
        return svg.toString();
    }
}

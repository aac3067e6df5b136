package org.allocpool.lab.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.report.BarChart;
import org.allocpool.lab.report.Chart;
import org.allocpool.lab.report.HtmlPage;
import org.allocpool.lab.report.Markdown;
import org.allocpool.lab.report.RatioChart;
import org.allocpool.lab.report.Svg;

/**
 * A {@link RunComparison} as a page, {@code compare.html}, self-contained as {@code report.html} is
 * ({@link HtmlPage}): at the top the summary in words and the notes; then per experiment and
 * environment one chart per metric with every shared cell's figure before and after side by side
 * (whiskers: the spreads a comparison uses; hatched: not steady; cells judged slower or faster say so
 * under their bars), one chart of after / before per cell against the threshold, and the table of
 * {@code compare.md}. The page depends on the comparison only, so rendering it twice gives the same
 * bytes. Thread-safe (stateless).
 */
public final class ComparisonPage {

    /** The file name of the page, beside {@link ComparisonMarkdown#FILE}. */
    public static final String FILE = "compare.html";

    private ComparisonPage() {
    }

    /** The whole page. */
    public static String render(RunComparison comparison) {
        StringBuilder html = HtmlPage.begin("allocpool lab compare");
        html.append("<section id=\"summary\">\n<h2>Summary</h2>\n<div class=\"verdict\">\n")
                .append(Markdown.toHtml(ComparisonMarkdown.summary(comparison), 2)).append("</div>\n");
        StringBuilder facts = new StringBuilder()
                .append("- before: `").append(comparison.before()).append("`\n")
                .append("- after: `").append(comparison.after()).append("`\n")
                .append("- threshold: ").append(comparison.threshold().text()).append("\n\n");
        comparison.notes().forEach(note -> facts.append("> ").append(note).append('\n'));
        html.append(Markdown.toHtml(facts.toString(), 2));
        html.append("<p>Each figure is the median over the forks; its whisker, the spread a comparison uses (the middle"
                + " half of every round and every fork's figure). A cell is slower (faster) when its figure got worse"
                + " (better) by more than ").append(Svg.escape(comparison.threshold().text())).append(" and the two"
                + " spreads do not overlap; otherwise it is within noise. A figure not steady in either run is not"
                + " judged.</p>\n</section>\n");
        if (comparison.experiments().isEmpty()) {
            html.append("<p>Nothing to compare: the runs share no experiment and environment.</p>\n");
        }
        for (int e = 0; e < comparison.experiments().size(); e++) {
            experiment(html, comparison, comparison.experiments().get(e), "experiment-" + (e + 1));
        }
        return HtmlPage.end(html);
    }

    private static void experiment(StringBuilder html, RunComparison comparison, ExperimentComparison experiment,
                                   String id) {
        html.append("<section id=\"").append(id).append("\">\n<h2>")
                .append(Svg.escape(ComparisonMarkdown.heading(comparison, experiment))).append("</h2>\n");
        html.append("<p class=\"environment\">").append(experiment.isSameEnvironment()
                ? "Environment: " + Svg.escape(experiment.afterEnvironment())
                : "Before: " + Svg.escape(experiment.beforeEnvironment()) + "<br>\nAfter: "
                        + Svg.escape(experiment.afterEnvironment())).append("</p>\n");
        Map<String, List<CellChange>> byMetric = new LinkedHashMap<>();
        for (CellChange change : experiment.changes()) {
            if (change.judgement().isShared()) {
                byMetric.computeIfAbsent(change.metric(), m -> new ArrayList<>()).add(change);
            }
        }
        if (byMetric.isEmpty()) {
            html.append("<p>No charts: the runs share no cell of this experiment.</p>\n");
        }
        for (Map.Entry<String, List<CellChange>> metric : byMetric.entrySet()) {
            HtmlPage.figure(html, sideBySide(comparison, experiment, metric.getKey(), metric.getValue()));
        }
        if (!byMetric.isEmpty()) {
            HtmlPage.figure(html, ratios(comparison, experiment));
        }
        html.append("<h3>Table (as in compare.md)</h3>\n<div class=\"table\">\n")
                .append(Markdown.toHtml(ComparisonMarkdown.table(experiment), 2)).append("</div>\n</section>\n");
    }

    /** One metric's shared cells, the figure before beside the figure after. */
    private static Chart sideBySide(RunComparison comparison, ExperimentComparison experiment, String metric,
                                    List<CellChange> changes) {
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (CellChange change : changes) {
            for (Figure figure : new Figure[] {change.before(), change.after()}) {
                if (figure != null && figure.median() > 0) {
                    min = Math.min(min, figure.median());
                    max = Math.max(max, figure.median());
                }
            }
        }
        boolean log = max / min > 20;
        boolean lowerIsBetter = changes.getFirst().lowerIsBetter();
        BarChart chart = new BarChart(metric + (lowerIsBetter ? ", lower is better" : ", higher is better"), "cell", log);
        String before = "before: " + comparison.before();
        String after = "after: " + comparison.after();
        for (CellChange change : changes) {
            String group = change.label() + switch (change.judgement()) {
                case SLOWER -> " (slower)";
                case FASTER -> " (faster)";
                default -> "";
            };
            bar(chart, group, before, change.before(), change.label() + ", before: ", metric);
            bar(chart, group, after, change.after(), change.label() + ", after: ", metric + ", "
                    + change.judgement().text() + (change.judgement() == Judgement.NO_FIGURE ? ""
                    : " (" + ComparisonMarkdown.factor(change) + ")"));
        }
        String title = experiment.experiment() + ": " + metric + ", before and after";
        String caption = "Every cell both runs hold: its figure before (blue) and after (orange), the median over the"
                + " forks; whiskers: the spreads a comparison uses; hatched and ~: not steady. **(slower)** and"
                + " **(faster)** under a cell: changed by more than " + comparison.threshold().text()
                + " with the spreads apart." + (log ? " Log scale: the figures span more than twenty-fold." : "");
        return new Chart(title, caption, chart.svg(title));
    }

    private static void bar(BarChart chart, String group, String series, Figure figure, String name, String what) {
        if (figure == null) {
            chart.missing(group, series, "no figure");
            return;
        }
        chart.bar(group, series, new BarChart.Bar(figure.median(), figure.low(), figure.high(), figure.steady(),
                name + ComparisonMarkdown.figure(figure) + " " + what + (figure.steady() ? "" : "; not steady: "
                        + figure.reason())));
    }

    /** After over before per shared cell, coloured by its judgement, over the threshold's band. */
    private static Chart ratios(RunComparison comparison, ExperimentComparison experiment) {
        double t = comparison.threshold().fraction();
        RatioChart chart = new RatioChart("after / before", "cell", t, "within ±" + comparison.threshold().text())
                .name(RatioChart.Tone.WORSE, "slower").name(RatioChart.Tone.BETTER, "faster")
                .name(RatioChart.Tone.SAME, "within noise").name(RatioChart.Tone.UNJUDGED, "not steady: not judged");
        boolean lower = false;
        boolean higher = false;
        for (CellChange change : experiment.changes()) {
            if (!change.judgement().isShared()) {
                continue;
            }
            lower |= change.lowerIsBetter();
            higher |= !change.lowerIsBetter();
            double ratio = change.before() == null || change.after() == null || change.before().median() == 0
                    ? Double.NaN : change.after().median() / change.before().median();
            String name = change.label() + (experiment.hasSeveralMetrics() ? " " + change.metric() : "");
            chart.ratio(name, ratio, tone(change.judgement()), name + ": after / before " + String.format(Locale.ROOT,
                    "%.3f", ratio) + ", " + change.judgement().text() + (Double.isNaN(ratio) ? ""
                    : " (" + ComparisonMarkdown.factor(change) + ")"));
        }
        String direction = lower && higher ? "Above 1×, after's figure is higher: slower for a time, faster for a rate."
                : lower ? "Above 1×, after's figure is higher: slower (lower is better)."
                : "Above 1×, after's figure is higher: faster (higher is better).";
        String title = experiment.experiment() + ": after / before, per cell";
        String caption = "Each cell's figure after over before, on a log scale so that twice and half are as far from"
                + " 1×. " + direction + " The grey band is ±" + comparison.threshold().text() + ": a change inside it"
                + " is never judged; outside it, a cell is judged slower or faster only when the spreads are apart too."
                + " ? marks a cell without a figure in one run.";
        return new Chart(title, caption, chart.svg(title));
    }

    private static RatioChart.Tone tone(Judgement judgement) {
        return switch (judgement) {
            case SLOWER -> RatioChart.Tone.WORSE;
            case FASTER -> RatioChart.Tone.BETTER;
            case NOT_STEADY -> RatioChart.Tone.UNJUDGED;
            default -> RatioChart.Tone.SAME;
        };
    }
}

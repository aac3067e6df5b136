package org.allocpool.lab.compare;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.text.MarkdownTable;

/**
 * A {@link RunComparison} as Markdown ({@code compare.md}, and what {@code lab compare} prints): the
 * runs and the threshold, the notes, one table per experiment and environment (cell, metric, before,
 * after, after/before, judgement), then a summary line naming every cell that got slower. The text
 * depends on the comparison only (no clock, no locale). Thread-safe (stateless).
 */
public final class ComparisonMarkdown {

    /** The file name of a comparison inside the folder it is written to. */
    public static final String FILE = "compare.md";

    private ComparisonMarkdown() {
    }

    /** The whole document, ending with {@link #summary}. */
    public static String render(RunComparison comparison) {
        StringBuilder out = new StringBuilder("# allocpool lab compare\n\n");
        out.append("- before: ").append(comparison.before()).append('\n');
        out.append("- after: ").append(comparison.after()).append('\n');
        out.append("- threshold: ").append(comparison.threshold().text()).append('\n');
        out.append('\n');
        for (String note : comparison.notes()) {
            out.append("> ").append(note).append('\n');
        }
        if (!comparison.notes().isEmpty()) {
            out.append('\n');
        }
        out.append("Each figure is the median over the forks, in brackets the spread a comparison uses (the middle half"
                + " of every round and every fork's figure). A cell is slower (faster) when its figure got worse (better)"
                + " by more than ").append(comparison.threshold().text()).append(" and the two spreads do not overlap;"
                + " otherwise it is within noise. A figure that was not steady in either run is not judged.\n");
        for (ExperimentComparison experiment : comparison.experiments()) {
            out.append("\n## ").append(heading(comparison, experiment)).append("\n\n").append(table(experiment));
        }
        out.append('\n').append(summary(comparison)).append('\n');
        return out.toString();
    }

    /** How an experiment's section is headed: {@code analyzer}, or with its environment when the run holds several. */
    public static String heading(RunComparison comparison, ExperimentComparison experiment) {
        boolean several = comparison.experiments().stream().filter(e -> e.experiment().equals(experiment.experiment()))
                .count() > 1;
        return experiment.experiment() + (several ? ", " + experiment.afterEnvironment() : "");
    }

    /** The table of one experiment's cells: cell, metric, before, after, after/before, judgement. */
    public static String table(ExperimentComparison experiment) {
        MarkdownTable table = new MarkdownTable(List.of("cell", "metric", "before", "after", "after/before", "judgement"));
        for (CellChange change : experiment.changes()) {
            table.row(List.of(MarkdownTable.escape(change.label()), change.metric(), figure(change.before()),
                    figure(change.after()), factor(change), judgement(change.judgement())));
        }
        return table.render();
    }

    /**
     * One line: {@code 3 of 24 cells slower beyond 10% and the noise: G1 pool B 1.32x, ...}, then how
     * many were faster (named), within noise, not steady, without a figure, added and removed.
     */
    public static String summary(RunComparison comparison) {
        List<String> slower = new ArrayList<>();
        List<String> faster = new ArrayList<>();
        for (ExperimentComparison experiment : comparison.experiments()) {
            for (CellChange change : experiment.changes()) {
                String name = change.label() + (experiment.hasSeveralMetrics() ? " " + change.metric() : "") + " "
                        + times(change.judgement() == Judgement.FASTER ? 1 / change.slowdown() : change.slowdown());
                if (change.judgement() == Judgement.SLOWER) {
                    slower.add(name);
                } else if (change.judgement() == Judgement.FASTER) {
                    faster.add(name);
                }
            }
        }
        StringBuilder line = new StringBuilder().append(slower.size()).append(" of ").append(comparison.shared())
                .append(comparison.shared() == 1 ? " cell" : " cells").append(" slower beyond ")
                .append(comparison.threshold().text()).append(" and the noise");
        line.append(slower.isEmpty() ? "" : ": " + String.join(", ", slower)).append('.');
        List<String> others = new ArrayList<>();
        if (!faster.isEmpty()) {
            others.add(faster.size() + " faster (" + String.join(", ", faster) + ")");
        }
        for (Judgement judgement : List.of(Judgement.WITHIN_NOISE, Judgement.NOT_STEADY, Judgement.NO_FIGURE,
                Judgement.ADDED, Judgement.REMOVED)) {
            int count = comparison.judged(judgement).size();
            if (count > 0) {
                others.add(count + " " + judgement.text());
            }
        }
        return others.isEmpty() ? line.toString() : line + " " + capitalized(String.join(", ", others)) + ".";
    }

    /** {@code 41.2 (40.1-42.3)}, {@code 7.38M (6.58M-8.40M)}; {@code ~} after one that was not steady; {@code -} when none. */
    static String figure(Figure figure) {
        if (figure == null) {
            return "-";
        }
        return number(figure.median()) + " (" + number(figure.low()) + "-" + number(figure.high()) + ")"
                + (figure.steady() ? "" : " ~");
    }

    /** {@code 1.32x slower}, {@code 1.08x faster}, {@code 1.00x}; empty when the cell is in one run only. */
    static String factor(CellChange change) {
        double slowdown = change.slowdown();
        if (!change.judgement().isShared()) {
            return "";
        }
        if (Double.isNaN(slowdown)) {
            return "?";
        }
        String text = times(slowdown >= 1 ? slowdown : 1 / slowdown);
        return text.equals("1.00x") ? text : text + (slowdown > 1 ? " slower" : " faster");
    }

    private static String judgement(Judgement judgement) {
        return judgement == Judgement.SLOWER ? "**slower**" : judgement.text();
    }

    private static String times(double factor) {
        return String.format(Locale.ROOT, "%.2fx", factor);
    }

    /** Three significant figures, never a locale's separators: {@code 41.2}, {@code 99.0}, {@code 1230}, {@code 45.6k}, {@code 7.38M}. */
    static String number(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "?";
        }
        double abs = Math.abs(value);
        return abs >= 1e6 ? significant(value / 1e6) + "M" : abs >= 1e4 ? significant(value / 1e3) + "k" : significant(value);
    }

    private static String significant(double value) {
        return new BigDecimal(value).round(new MathContext(3, RoundingMode.HALF_UP)).toPlainString();
    }

    private static String capitalized(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}

package org.allocpool.lab.jmh.tables;

import java.util.List;
import java.util.Locale;
import org.allocpool.lab.figure.Comparison;
import org.allocpool.lab.figure.Question;
import org.allocpool.lab.jmh.JmhCellFields;

/**
 * The jmh verdict in words: each benchmark's score under each configuration with its interval across the
 * passes; among alternatives, the fastest named only when the interval of its ratio to the runner-up lies
 * {@link Comparison#MARGIN} or more beyond parity ("too close to call" otherwise, and never a figure that is
 * not steady); and whether a configuration changes a benchmark's score, by how much, with the interval.
 * Stateless.
 */
final class JmhVerdict {

    /** What the verdict's figures are, said once above it. */
    static final String LEGEND = "Scores are the geometric mean of the passes' JMH scores with their 95% interval"
            + " (Student's t over the passes: where the next run's score is expected); ratios are taken pass by pass"
            + " (95% interval, bootstrap over passes and iterations), and a winner is named only when the whole"
            + " interval lies 5% or more beyond parity.";

    private JmhVerdict() {
    }

    /** The verdict, or empty when no cell measured. */
    static String render(JmhCells cells, List<Question> fastest, List<Question> configurations) {
        StringBuilder out = new StringBuilder();
        for (JmhCellFields row : cells.rows()) {
            StringBuilder line = new StringBuilder();
            for (String configuration : cells.configurations()) {
                JmhCellResult result = cells.at(configuration, row);
                if (result == null || result.score() == null) {
                    continue;
                }
                ScoreInterval interval = ScoreInterval.of(result.score());
                line.append(line.isEmpty() ? "" : "; ").append(configuration).append(' ')
                        .append(JmhText.score(interval.estimate())).append(' ').append(result.unit())
                        .append(interval.hasInterval() ? " (95% CI " + JmhText.score(interval.low()) + "-"
                                + JmhText.score(interval.high()) + ", " + interval.passes() + " passes)"
                                : " (" + interval.passes() + " pass: no interval)")
                        .append(", ").append(JmhText.bytes(result.allocBytesPerOp())).append(" B/op")
                        .append(result.score().steady() ? "" : ", not steady");
            }
            if (!line.isEmpty()) {
                out.append("- ").append(row.benchmarkLabel()).append(": ").append(line).append(".\n");
            }
        }
        if (out.isEmpty()) {
            return "";
        }
        if (!fastest.isEmpty()) {
            out.append("\nFastest among alternatives (the methods of one class with the same parameters):\n\n");
            for (Question q : fastest) {
                out.append("- ").append(q.name().replace(": which is fastest?", "")).append(": ")
                        .append(fastestText(q.comparison())).append(".\n");
            }
        }
        if (!configurations.isEmpty()) {
            out.append("\nDoes the JVM configuration change the score:\n\n");
            for (Question q : configurations) {
                Comparison c = q.comparison();
                out.append("- ").append(q.name().replaceAll(": (.*) or (.*)\\?$", ", $1 beside $2")).append(": ")
                        .append(c.isClear() ? "yes, " + c.betterName() + " is " + factor(c) + " better ("
                                + c.judgement() + ")" : "no difference this run can tell (" + undecided(c) + ")")
                        .append(".\n");
            }
        }
        return out.toString();
    }

    private static String fastestText(Comparison c) {
        if (c.isClear()) {
            return c.betterName() + " is fastest, " + factor(c) + " faster than " + c.worseName() + " ("
                    + c.judgement() + ")";
        }
        return "too close to call between " + c.betterName() + " and " + c.worseName() + " (" + undecided(c) + ")";
    }

    /** Why a comparison names no winner: {@code 95% CI 0.97-1.30x, 3 passes}, {@code spreads overlap}, {@code not steady}. */
    private static String undecided(Comparison c) {
        if (!c.judged()) {
            return "not steady";
        }
        return c.interval() != null ? c.intervalText() : "spreads overlap";
    }

    private static String factor(Comparison c) {
        return String.format(Locale.ROOT, "%.2fx", c.factor());
    }
}

package org.allocpool.lab.jmh.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.allocpool.lab.figure.Comparison;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.figure.Question;
import org.allocpool.lab.jmh.JmhCellFields;
import org.allocpool.lab.text.MarkdownTable;
import org.allocpool.lab.text.TableNotes;

/**
 * The jmh tables, one row per benchmark (with its parameter values), one column per JVM configuration: the
 * score across passes with its interval; what {@code -prof gc} measured; and each configuration beside the
 * first. A cell none of whose passes measured reads {@code failed} with its reason as a note. Stateless.
 */
final class JmhTables {

    private JmhTables() {
    }

    /** Benchmark, unit, then per configuration the score across passes (95% interval). */
    static String scores(JmhCells cells, TableNotes notes) {
        List<String> header = new ArrayList<>(List.of("Benchmark", "Mode", "Unit"));
        header.addAll(cells.configurations());
        MarkdownTable table = new MarkdownTable(header);
        for (JmhCellFields row : cells.rows()) {
            List<String> line = new ArrayList<>(List.of(row.benchmarkLabel(), modeOf(cells, row), unitOf(cells, row)));
            for (String configuration : cells.configurations()) {
                JmhCellResult result = cells.at(configuration, row);
                line.add(scoreCell(result, notes));
            }
            table.row(line);
        }
        return cells.rows().isEmpty() ? "" : table.render();
    }

    /** Benchmark, then per configuration bytes allocated per op, collections and their time per pass. */
    static String allocation(JmhCells cells, TableNotes notes) {
        List<String> header = new ArrayList<>(List.of("Benchmark"));
        for (String configuration : cells.configurations()) {
            header.addAll(List.of(configuration + " B/op", configuration + " GCs", configuration + " GC ms"));
        }
        MarkdownTable table = new MarkdownTable(header);
        for (JmhCellFields row : cells.rows()) {
            List<String> line = new ArrayList<>(List.of(row.benchmarkLabel()));
            for (String configuration : cells.configurations()) {
                JmhCellResult result = cells.at(configuration, row);
                if (result == null || !result.isOk()) {
                    String text = result == null ? "not run" : notes.failed(result.cell().label(), result);
                    line.addAll(List.of(text, "", ""));
                } else {
                    line.addAll(List.of(JmhText.bytes(result.allocBytesPerOp()), JmhText.score(result.gcCount()),
                            JmhText.score(result.gcTimeMs())));
                }
            }
            table.row(line);
        }
        return cells.rows().isEmpty() ? "" : table.render();
    }

    /** Benchmark, then per configuration beyond the first: which of the two is better, by what factor, and the interval. */
    static String configurations(JmhCells cells, List<Question> questions) {
        List<String> others = cells.configurations().size() < 2 ? List.of()
                : cells.configurations().subList(1, cells.configurations().size());
        if (others.isEmpty() || questions.isEmpty()) {
            return "";
        }
        String reference = cells.configurations().getFirst();
        List<String> header = new ArrayList<>(List.of("Benchmark"));
        others.forEach(o -> header.add(o + " vs " + reference));
        MarkdownTable table = new MarkdownTable(header);
        for (JmhCellFields row : cells.rows()) {
            List<String> line = new ArrayList<>(List.of(row.benchmarkLabel()));
            for (String other : others) {
                Question q = questions.stream()
                        .filter(x -> x.name().equals(row.benchmarkLabel() + ": " + other + " or " + reference + "?"))
                        .findFirst().orElse(null);
                line.add(q == null ? "-" : comparisonText(q.comparison()));
            }
            table.row(line);
        }
        return table.render();
    }

    /** {@code G1 1.12x better (95% CI 1.05-1.20x, 3 passes)} or {@code too close to call (...)}. */
    static String comparisonText(Comparison c) {
        if (!c.isClear()) {
            return c.judgement();
        }
        return c.betterName() + " " + String.format(java.util.Locale.ROOT, "%.2fx", c.factor()) + " better ("
                + c.judgement() + ")";
    }

    private static String scoreCell(JmhCellResult result, TableNotes notes) {
        if (result == null) {
            return "not run";
        }
        Figure score = result.score();
        if (score == null) {
            return notes.failed(result.cell().label(), result);
        }
        return JmhText.withInterval(ScoreInterval.of(score))
                + notes.unsteady(result.cell().label(), score.steady(), score.reason())
                + notes.failedForks(result.cell().label(), result);
    }

    private static String unitOf(JmhCells cells, JmhCellFields row) {
        return firstOf(cells, row, JmhCellResult::unit);
    }

    private static String modeOf(JmhCells cells, JmhCellFields row) {
        return firstOf(cells, row, JmhCellResult::mode);
    }

    /** What the first configuration that measured {@code row} says of it, e.g. its unit; empty when none did. */
    private static String firstOf(JmhCells cells, JmhCellFields row, Function<JmhCellResult, String> what) {
        for (String configuration : cells.configurations()) {
            JmhCellResult result = cells.at(configuration, row);
            if (result != null && !what.apply(result).isEmpty()) {
                return what.apply(result);
            }
        }
        return "";
    }
}

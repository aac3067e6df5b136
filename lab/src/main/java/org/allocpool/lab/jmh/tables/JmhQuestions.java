package org.allocpool.lab.jmh.tables;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.figure.Question;
import org.allocpool.lab.jmh.JmhCellFields;

/**
 * The two questions the jmh verdict answers, each a comparison of two cells pass by pass: among
 * alternatives (the methods of one class with the same parameters), under each configuration, is the best
 * one faster than the runner-up; and for each benchmark, does a configuration change its score from the
 * first configuration's. Only cells with a score, of the same mode and unit, are compared. Stateless.
 */
final class JmhQuestions {

    private JmhQuestions() {
    }

    /** Per group of alternatives and configuration: the best score against the runner-up's. */
    static List<Question> fastest(JmhCells cells) {
        List<Question> questions = new ArrayList<>();
        for (List<JmhCellFields> group : cells.alternatives()) {
            for (String configuration : cells.configurations()) {
                List<JmhCellResult> scored = new ArrayList<>();
                for (JmhCellFields row : group) {
                    JmhCellResult result = cells.at(configuration, row);
                    if (result != null && result.score() != null) {
                        scored.add(result);
                    }
                }
                if (scored.size() < 2) {
                    continue;
                }
                String unit = scored.getFirst().unit();
                scored.removeIf(r -> !r.unit().equals(unit));
                if (scored.size() < 2) {
                    continue;
                }
                boolean higher = scored.getFirst().higherIsBetter();
                Comparator<JmhCellResult> best = Comparator.comparingDouble(r -> r.interval().estimate());
                scored.sort(higher ? best.reversed() : best);
                JmhCellResult first = scored.get(0);
                JmhCellResult second = scored.get(1);
                questions.add(question(configuration + " " + groupName(group.getFirst()) + ": which is fastest?",
                        method(first.cell()), first, method(second.cell()), second, !higher));
            }
        }
        return List.copyOf(questions);
    }

    /** Per benchmark and configuration beyond the first: the first configuration's score against this one's. */
    static List<Question> configurations(JmhCells cells) {
        List<Question> questions = new ArrayList<>();
        List<String> configurations = cells.configurations();
        if (configurations.size() < 2) {
            return List.of();
        }
        String reference = configurations.getFirst();
        for (JmhCellFields row : cells.rows()) {
            JmhCellResult a = cells.at(reference, row);
            if (a == null || a.score() == null) {
                continue;
            }
            for (String other : configurations.subList(1, configurations.size())) {
                JmhCellResult b = cells.at(other, row);
                if (b == null || b.score() == null || !b.unit().equals(a.unit())) {
                    continue;
                }
                questions.add(question(row.benchmarkLabel() + ": " + other + " or " + reference + "?", reference, a,
                        other, b, !a.higherIsBetter()));
            }
        }
        return List.copyOf(questions);
    }

    /** {@code CodecBenchmark (size=64)}: the class without its package, with the group's parameters. */
    static String groupName(JmhCellFields cell) {
        String label = cell.benchmarkLabel();
        int paren = label.indexOf(" (");
        String name = paren < 0 ? label : label.substring(0, paren);
        int dot = name.lastIndexOf('.');
        String type = dot < 0 ? name : name.substring(0, dot);
        return type + (paren < 0 ? "" : label.substring(paren));
    }

    /** The method's name alone: {@code encode}. */
    static String method(JmhCellFields cell) {
        String name = cell.benchmark() == null ? "" : cell.benchmark();
        return name.substring(name.lastIndexOf('.') + 1);
    }

    private static Question question(String name, String aName, JmhCellResult a, String bName, JmhCellResult b,
                                     boolean lowerIsBetter) {
        Figure aFigure = a.score();
        Figure bFigure = b.score();
        return new Question(name, aName, bName, List.of(a.cell().key(), b.cell().key()), aFigure, bFigure,
                lowerIsBetter);
    }
}

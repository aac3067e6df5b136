package org.allocpool.lab.analyzer.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.allocpool.lab.figure.Comparison;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.figure.Question;
import org.allocpool.lab.figure.RatioInterval;

/**
 * Java against C++ in batch, as a question and in words: for each collector and case, each Java
 * strategy over the C++ build that keeps its data alike ({@link JavaCppRatioTable#PAIRS}), the ratio
 * pass by pass with its 95% interval. As questions, the runner gives their cells further passes while
 * the interval reaches within 5% of parity: with two passes an interval is about nine times as wide as
 * with five (Student's t for one degree of freedom), which is all the ratio tables could show before
 * these cells took part in the further passes. Thread-safe (stateless).
 */
final class JavaCppVerdict {

    private JavaCppVerdict() {
    }

    /** One question per collector, case and pair whose two cells measured, Java first, lower is better. */
    static List<Question> questions(AnalyzerResults results) {
        List<Question> questions = new ArrayList<>();
        for (String gc : results.collectors()) {
            for (String caseName : results.cases(gc)) {
                for (JavaCppRatioTable.Pair pair : JavaCppRatioTable.PAIRS) {
                    CellResult java = results.get(gc, pair.javaStrategy(), caseName);
                    CellResult cpp = results.cpp(pair.cppRow(), caseName);
                    Figure javaNs = figure(java);
                    Figure cppNs = figure(cpp);
                    if (javaNs != null && cppNs != null) {
                        questions.add(new Question(gc + " case " + caseName + ": Java or C++?", pair.javaStrategy(),
                                pair.cppRow(), List.of(java.cell().key(), cpp.cell().key()), javaNs, cppNs, true));
                    }
                }
            }
        }
        return questions;
    }

    /**
     * The verdict's lines: per collector and pair, {@code - G1, flat over cpp-flat pool: A 1.13x (95% CI
     * 1.02-1.25x, 5 passes), B ...}; empty when no pair measured.
     */
    static String render(AnalyzerResults results) {
        StringBuilder out = new StringBuilder();
        List<Question> questions = questions(results);
        for (String gc : results.collectors()) {
            for (JavaCppRatioTable.Pair pair : JavaCppRatioTable.PAIRS) {
                List<String> cases = new ArrayList<>();
                for (Question q : questions) {
                    if (q.name().startsWith(gc + " case ") && q.aName().equals(pair.javaStrategy())
                            && q.bName().equals(pair.cppRow())) {
                        cases.add(caseOf(q) + " " + ratioText(q));
                    }
                }
                if (!cases.isEmpty()) {
                    out.append("- ").append(gc).append(", ").append(pair.javaStrategy()).append(" over ")
                            .append(pair.cppRow()).append(": ").append(String.join("; ", cases)).append(".\n");
                }
            }
        }
        if (out.isEmpty()) {
            return "";
        }
        return "\n**Java against C++**, ns per packet, Java's over C++'s (below 1: Java is faster), pass by pass:\n\n"
                + out;
    }

    /** {@code 1.13x (95% CI 1.02-1.25x, 5 passes)}, {@code ~} in front when a side was not steady. */
    private static String ratioText(Question q) {
        String steady = q.a().steady() && q.b().steady() ? "" : "~";
        RatioInterval interval = q.aOverB();
        if (interval == null) {
            return steady + String.format(Locale.ROOT, "%.2fx (medians; too few passes for an interval)",
                    q.a().median() / q.b().median());
        }
        Comparison c = q.comparison();
        return steady + String.format(Locale.ROOT, "%.2fx (95%% CI %.2f-%.2fx, %d passes%s)", interval.estimate(),
                interval.low(), interval.high(), interval.passes(), c.isClear() ? "" : "; too close to call");
    }

    private static String caseOf(Question q) {
        String name = q.name();
        int at = name.indexOf(" case ") + " case ".length();
        return name.substring(at, name.indexOf(':', at));
    }

    private static Figure figure(CellResult result) {
        return result == null || !result.isOk() ? null : result.nsPerPacket();
    }
}

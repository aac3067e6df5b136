package org.allocpool.lab.analyzer.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.figure.RatioInterval;
import org.allocpool.lab.text.MarkdownTable;
import org.allocpool.lab.text.TableNotes;

/**
 * Java over C++ from the same run, for one collector: each Java strategy beside the C++ build that
 * keeps its data alike ({@code flat} and {@code native-pool} beside {@code cpp-flat pool}, {@code pool}
 * beside {@code cpp pool}), per case, as a ratio ({@code 1.45×}); over 1 means Java needs more time
 * per packet than C++. In batch the ratio taken pass by pass with its 95% interval ({@code 1.08×
 * (0.97-1.20)}, {@link RatioInterval}), or of the medians over the forks where there are too few passes
 * for one ({@code ~} when either side was not steady); in real time that of the smallest loss-free
 * intervals, likewise, {@code -} with a footnote
 * where either side lost packets even at 1000 ns. {@code -} alone: a side failed or was not run.
 * Thread-safe (stateless).
 */
final class JavaCppRatioTable {

    /** The one-line note under every ratio table. */
    static final String NOTE = "A ratio > 1 means Java needs more time per packet than C++; in brackets its 95% interval,"
            + " pass by pass; ~ marks a ratio of a figure that was not steady.";

    /** Which Java strategy is compared with which C++ row. */
    record Pair(String javaStrategy, String cppRuntime, String cppStrategy) {
        String label() {
            return javaStrategy + " / " + cppRuntime + " " + cppStrategy;
        }

        String cppRow() {
            return cppRuntime + " " + cppStrategy;
        }
    }

    static final List<Pair> PAIRS = List.of(
            new Pair("flat", "cpp-flat", "pool"),
            new Pair("pool", "cpp", "pool"),
            new Pair("native-pool", "cpp-flat", "pool"));

    private JavaCppRatioTable() {
    }

    /** The batch ratios of median ns per packet under {@code gc}, or an empty string when no pair was run. */
    static String batch(AnalyzerResults results, String gc) {
        return render(results, gc, (java, cpp, label) -> {
            Figure javaNs = java.isOk() ? java.nsPerPacket() : null;
            Figure cppNs = cpp.isOk() ? cpp.nsPerPacket() : null;
            if (javaNs == null || cppNs == null || cppNs.median() <= 0) {
                return "-";
            }
            return (javaNs.steady() && cppNs.steady() ? "" : "~") + ratio(javaNs, cppNs);
        });
    }

    /**
     * The real-time ratios of the smallest loss-free intervals under {@code gc}, or an empty string
     * when no pair was run; where a side lost packets even at 1000 ns, {@code - [n]} with a footnote.
     */
    static String realtime(AnalyzerResults results, String gc, TableNotes footnotes) {
        return render(results, gc, (java, cpp, label) -> {
            RealtimeAnswer javaAnswer = java.isOk() ? RealtimeAnswer.of(java) : null;
            RealtimeAnswer cppAnswer = cpp.isOk() ? RealtimeAnswer.of(cpp) : null;
            if (javaAnswer == null || cppAnswer == null) {
                return "-";
            }
            if (javaAnswer.isLossFree() && cppAnswer.isLossFree()) {
                return ratio(javaAnswer.interval(), cppAnswer.interval());
            }
            List<String> lost = new ArrayList<>();
            if (!javaAnswer.isLossFree()) {
                lost.add(gc + " " + java.cell().strategy() + " " + javaAnswer.text());
            }
            if (!cppAnswer.isLossFree()) {
                lost.add(cpp.cell().row() + " " + cppAnswer.text());
            }
            return "- " + footnotes.note(label + ", case " + java.cell().caseName() + ": " + String.join(" and ", lost)
                    + " (even at the widest interval): no loss-free interval to compare.");
        });
    }

    /** Java over C++: {@code 1.08× (0.97-1.20)} pass by pass, or {@code 1.08×} of the medians without enough passes. */
    static String ratio(Figure java, Figure cpp) {
        return ratio(RatioInterval.of(java, cpp, true), java, cpp);
    }

    /** {@link #ratio(Figure, Figure)} of an {@code interval} already taken ({@code null}: too few passes). */
    static String ratio(RatioInterval interval, Figure java, Figure cpp) {
        if (interval == null) {
            return ratio(java.median() / cpp.median());
        }
        return ratio(interval.estimate()) + String.format(Locale.ROOT, " (%.2f-%.2f)", interval.low(), interval.high());
    }

    /** {@code 1.45×}. */
    static String ratio(double value) {
        return String.format(Locale.ROOT, "%.2f×", value);
    }

    private interface Ratio {
        String of(CellResult java, CellResult cpp, String label);
    }

    private static String render(AnalyzerResults results, String gc, Ratio ratio) {
        List<String> cases = results.cases(gc);
        List<String> header = new ArrayList<>(List.of("Java / C++"));
        cases.forEach(c -> header.add("case " + c));
        MarkdownTable table = new MarkdownTable(header);
        int rows = 0;
        for (Pair pair : PAIRS) {
            List<String> row = new ArrayList<>(List.of(pair.label()));
            boolean any = false;
            for (String caseName : cases) {
                CellResult java = results.get(gc, pair.javaStrategy(), caseName);
                CellResult cpp = results.cpp(pair.cppRow(), caseName);
                any |= java != null && cpp != null;
                row.add(java == null || cpp == null ? "-" : ratio.of(java, cpp, pair.label()));
            }
            if (any) {
                table.row(row);
                rows++;
            }
        }
        return rows == 0 ? "" : table.render();
    }
}

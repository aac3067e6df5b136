package org.allocpool.lab.analyzer.tables;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.allocpool.lab.figure.Comparison;
import org.allocpool.lab.text.Numbers;

/**
 * The real-time verdict in words, as the batch one but with the smallest loss-free intervals: for
 * each collector and case, the strategy that kept up with the fastest source and its margin over
 * pool, alloc and the best off-heap strategy; a strategy that lost packets even at the widest
 * interval comes after every one that did not; then the article's pool-or-allocate answer and
 * whether this machine agrees. Thread-safe (stateless).
 */
final class RealtimeVerdict {

    private static final List<String> OFF_HEAP = List.of("native-alloc", "native-mix", "native-pool", "flat");

    private RealtimeVerdict() {
    }

    /** The verdict's lines for one section's {@code results}; empty when nothing can be compared. */
    static String render(AnalyzerResults results, String heap) {
        StringBuilder out = new StringBuilder();
        for (String gc : results.collectors()) {
            StringBuilder lines = new StringBuilder();
            for (String caseName : results.cases(gc)) {
                String line = caseLine(results, gc, caseName, heap);
                if (line != null) {
                    lines.append("- ").append(line).append('\n');
                }
            }
            if (!lines.isEmpty()) {
                out.append("\n**").append(gc).append("**, real time").append(heap == null ? "" : " (heap " + heap + ")")
                        .append(", smallest loss-free interval:\n\n").append(lines);
            }
        }
        return out.toString();
    }

    private static String caseLine(AnalyzerResults results, String gc, String caseName, String heap) {
        List<Named> answers = new ArrayList<>();
        for (String strategy : results.strategies(gc)) {
            CellResult result = results.get(gc, strategy, caseName);
            RealtimeAnswer answer = result == null || !result.isOk() ? null : RealtimeAnswer.of(result);
            if (answer != null && answer.search()) {
                answers.add(new Named(strategy, answer));
            }
        }
        if (answers.size() < 2) {
            return null;
        }
        answers.sort(BETTER_FIRST);
        Named best = answers.getFirst();
        StringBuilder line = new StringBuilder("Case " + caseName + ": **" + best.name() + "** " + best.answer().text());
        if (!best.answer().isLossFree()) {
            return line.append(": every strategy lost packets even at the widest interval; ").append(best.name())
                    .append(" lost the least.").toString();
        }
        line.append(" ns kept up with the fastest source");
        List<String> margins = new ArrayList<>();
        Set<String> compared = new HashSet<>(Set.of(best.name()));
        for (Named other : Arrays.asList(named(answers, "pool"), named(answers, "alloc"), bestOf(answers, OFF_HEAP))) {
            if (other != null && compared.add(other.name())) {
                margins.add(versus(best, other));
            }
        }
        if (!margins.isEmpty()) {
            line.append(": ").append(String.join(", ", margins));
        }
        line.append('.');
        Named pool = named(answers, "pool");
        Named alloc = named(answers, "alloc");
        String articlePool = ArticleFigures.realtime(gc, "pool", caseName, heap);
        String articleAlloc = ArticleFigures.realtime(gc, "alloc", caseName, heap);
        if (pool != null && alloc != null && articlePool != null && articleAlloc != null) {
            int here = BETTER_FIRST.compare(pool, alloc);
            double poolValue = articleValue(articlePool);
            double allocValue = articleValue(articleAlloc);
            String article = poolValue == allocValue ? "a tie" : poolValue < allocValue ? "pool" : "alloc";
            line.append(" Pool or allocate? Here ").append(here == 0 ? "a tie" : here < 0 ? "pool" : "alloc")
                    .append(" (").append(pool.answer().text()).append(" against ").append(alloc.answer().text())
                    .append("); 2019 (").append(gc).append("): ").append(article).append(" (").append(articlePool)
                    .append(" against ").append(articleAlloc).append(")")
                    .append(here == 0 || article.equals("a tie") ? "" : (here < 0) == article.equals("pool")
                            ? ": agrees" : ": **differs**")
                    .append('.');
        }
        return line.toString();
    }

    private static String versus(Named best, Named other) {
        if (!other.answer().isLossFree()) {
            return "where " + other.name() + " " + other.answer().text() + " at the widest interval";
        }
        Comparison c = Comparison.of(best.name(), best.answer().interval(), other.name(), other.answer().interval(), true);
        return String.format(Locale.ROOT, "%.2fx the rate of %s %s ns (%s)", c.factor(), other.name(),
                Numbers.compact(other.answer().interval().median()), c.isClear() ? "forks apart" : "forks overlap");
    }

    /** Loss-free ones first, by interval; then those that lost, by loss. */
    private static final Comparator<Named> BETTER_FIRST = (a, b) -> {
        RealtimeAnswer x = a.answer();
        RealtimeAnswer y = b.answer();
        if (x.isLossFree() != y.isLossFree()) {
            return x.isLossFree() ? -1 : 1;
        }
        if (x.isLossFree()) {
            return Double.compare(x.interval().median(), y.interval().median());
        }
        return Double.compare(x.lostPercent() == null ? 100 : x.lostPercent(), y.lostPercent() == null ? 100 : y.lostPercent());
    };

    /** The article's text as a number to compare: {@code 600}, {@code 800} of "800; lost: 0.075%", 1000 + the loss of "lost: 4.4%". */
    private static double articleValue(String text) {
        if (text.startsWith("lost: ")) {
            return 1000 + Double.parseDouble(text.substring(6, text.length() - 1));
        }
        int semicolon = text.indexOf(';');
        return Double.parseDouble(semicolon < 0 ? text : text.substring(0, semicolon));
    }

    private static Named named(List<Named> answers, String strategy) {
        return answers.stream().filter(n -> n.name().equals(strategy)).findFirst().orElse(null);
    }

    private static Named bestOf(List<Named> answers, List<String> among) {
        return answers.stream().filter(n -> among.contains(n.name())).min(BETTER_FIRST).orElse(null);
    }

    /** A strategy and its answer. */
    private record Named(String name, RealtimeAnswer answer) {
    }
}

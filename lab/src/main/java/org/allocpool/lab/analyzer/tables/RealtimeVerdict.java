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
 * pool, alloc and the best off-heap strategy, "spreads apart" or "too close to call" as the forks'
 * answers overlap or not; a strategy that lost packets even at the widest interval comes after
 * every one that did not; then the article's pool-or-allocate answer and whether this machine
 * agrees (it cannot tell when pool's and alloc's answers overlap). Cells that failed are named as
 * not judged; {@code dummy} is left out, as in batch. Thread-safe (stateless).
 */
final class RealtimeVerdict {

    private static final List<String> OFF_HEAP = List.of("native-alloc", "native-mix", "native-pool", "flat");
    private static final String TOO_CLOSE = "too close to call";
    private static final String TIE = "a tie";

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
        List<String> notJudged = new ArrayList<>();
        for (String strategy : results.strategies(gc)) {
            CellResult result = results.get(gc, strategy, caseName);
            if (result == null || strategy.endsWith("dummy")) {
                continue;
            }
            RealtimeAnswer answer = result.isOk() ? RealtimeAnswer.of(result) : null;
            if (answer != null && answer.search()) {
                answers.add(new Named(strategy, answer));
            } else if (!result.isOk()) {
                notJudged.add(strategy + " (failed)");
            }
        }
        if (answers.size() < 2) {
            return notJudged.isEmpty() ? null
                    : "Case " + caseName + ": too few answers to judge." + notJudgedText(notJudged);
        }
        answers.sort(BETTER_FIRST);
        Named best = answers.getFirst();
        StringBuilder line = new StringBuilder("Case " + caseName + ": **" + best.name() + "** " + best.answer().text());
        if (!best.answer().isLossFree()) {
            return line.append(": every strategy lost packets even at the widest interval; ").append(best.name())
                    .append(" lost the least.").append(notJudgedText(notJudged)).toString();
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
        line.append(poolOrAllocate(gc, caseName, heap, named(answers, "pool"), named(answers, "alloc")));
        return line.append(notJudgedText(notJudged)).toString();
    }

    /**
     * The article's first question in real time, as the batch verdict asks it: here (where the two
     * loss-free answers' spreads overlap, too close to call), in 2019, and whether they agree.
     */
    private static String poolOrAllocate(String gc, String caseName, String heap, Named pool, Named alloc) {
        String articlePool = ArticleFigures.realtime(gc, "pool", caseName, heap);
        String articleAlloc = ArticleFigures.realtime(gc, "alloc", caseName, heap);
        if (pool == null || alloc == null || articlePool == null || articleAlloc == null) {
            return "";
        }
        String here;
        if (pool.answer().isLossFree() && alloc.answer().isLossFree()) {
            Comparison c = Comparison.of("pool", pool.answer().interval(), "alloc", alloc.answer().interval(), true);
            here = c.isClear() ? c.betterName() : TOO_CLOSE;
        } else {
            int order = BETTER_FIRST.compare(pool, alloc);
            here = order == 0 ? TIE : order < 0 ? "pool" : "alloc";
        }
        double poolValue = articleValue(articlePool);
        double allocValue = articleValue(articleAlloc);
        String article = poolValue == allocValue ? TIE : poolValue < allocValue ? "pool" : "alloc";
        String agreement = article.equals(TIE) ? ""
                : here.equals(TIE) || here.equals(TOO_CLOSE) ? ": this machine cannot tell"
                : here.equals(article) ? ": agrees" : ": **differs**";
        // each figure named: "Here alloc (500 against 300)" would read as alloc's 500
        return " Pool or allocate? Here " + here + " (pool " + pool.answer().text() + " against alloc "
                + alloc.answer().text() + "); 2019 (" + gc + "): " + article + " (pool " + articlePool + " against alloc "
                + articleAlloc + ")" + agreement + ".";
    }

    private static String versus(Named best, Named other) {
        if (!other.answer().isLossFree()) {
            return "where " + other.name() + " " + other.answer().text() + " at the widest interval";
        }
        Comparison c = Comparison.of(best.name(), best.answer().interval(), other.name(), other.answer().interval(), true);
        return String.format(Locale.ROOT, "%.2fx the rate of %s %s ns (%s)", c.factor(), other.name(),
                Numbers.compact(other.answer().interval().median()), c.judgement());
    }

    private static String notJudgedText(List<String> notJudged) {
        return notJudged.isEmpty() ? "" : " Not judged: " + String.join(", ", notJudged) + ".";
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

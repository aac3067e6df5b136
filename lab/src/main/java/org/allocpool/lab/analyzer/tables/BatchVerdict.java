package org.allocpool.lab.analyzer.tables;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.allocpool.lab.analyzer.AnalyzerMatrix;
import org.allocpool.lab.figure.Comparison;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.figure.Question;
import org.allocpool.lab.figure.RatioInterval;
import org.allocpool.lab.text.Numbers;

/**
 * The batch verdict in words: for each collector and case, the fastest strategy (the cost of the
 * test itself, {@code dummy}, aside) and its margin over the others that matter (pool, alloc, the
 * best off-heap one), each margin "spreads apart" or "too close to call"; a strategy whose lead is
 * too close to call only "has the lowest median". Then the article's two questions, pool or
 * allocate, on the heap or off it, answered here and in 2019, and whether this machine agrees; then
 * which collector suits each strategy best. A figure that is not steady, or a cell that failed, is
 * never a winner: it is named as not judged.
 * Thread-safe (stateless).
 */
final class BatchVerdict {

    private static final List<String> HEAP = List.of("alloc", "mix", "pool");
    private static final List<String> OFF_HEAP = List.of("native-alloc", "native-mix", "native-pool", "flat");

    private BatchVerdict() {
    }

    /** The verdict's lines for {@code results}; empty when no collector has two strategies to compare. */
    static String render(AnalyzerResults results) {
        StringBuilder out = new StringBuilder();
        for (String gc : results.collectors()) {
            StringBuilder lines = new StringBuilder();
            for (String caseName : results.cases(gc)) {
                String line = caseLine(results, gc, caseName);
                if (line != null) {
                    lines.append("- ").append(line).append('\n');
                }
            }
            if (!lines.isEmpty()) {
                out.append("\n**").append(gc).append("**, ns per packet, among the Java strategies (C++ is in the ratio"
                        + " tables):\n\n").append(lines);
            }
        }
        String collectors = collectorLines(results);
        if (!collectors.isEmpty()) {
            out.append("\n**Which collector suits each strategy best** (lowest ns per packet):\n\n").append(collectors);
        }
        String javaCpp = JavaCppVerdict.render(results);
        if (!javaCpp.isEmpty() && !out.isEmpty()) {
            out.append(javaCpp);
        }
        List<Undecided> open = undecided(results);
        if (!open.isEmpty() && !out.isEmpty()) {
            int passes = results.all().stream().flatMap(r -> r.forks().stream()).mapToInt(r -> r.forkNumber()).max()
                    .orElse(1);
            out.append("\n**Still undecided** after ").append(passes).append(passes == 1 ? " pass" : " passes")
                    .append(" (the ratio's 95% interval reaches within 5% of parity, or a figure is not steady; more passes"
                            + " narrow an interval, unless the JVMs of a cell differ by as much as the cells do):\n\n");
            open.forEach(q -> out.append("- ").append(q.text()).append(".\n"));
        }
        return out.toString();
    }

    /**
     * One case under one collector: the strategy with the lowest steady median, called fastest only when
     * its spread keeps it apart from every other steady figure, and its margins; or, when fewer than two
     * figures are steady, that there are too few to judge. {@code null} when no strategy of the case ran.
     */
    private static String caseLine(AnalyzerResults results, String gc, String caseName) {
        List<Named> steady = new ArrayList<>();
        List<String> notJudged = new ArrayList<>();
        for (String strategy : results.strategies(gc)) {
            if (strategy.endsWith("dummy")) {
                continue;
            }
            CellResult result = results.get(gc, strategy, caseName);
            Figure figure = result == null || !result.isOk() ? null : result.nsPerPacket();
            if (figure == null) {
                if (result != null) {
                    notJudged.add(strategy + " (failed)");
                }
            } else if (!figure.steady()) {
                notJudged.add(strategy + " (not steady)");
            } else {
                steady.add(new Named(strategy, figure));
            }
        }
        if (steady.size() < 2) {
            return steady.isEmpty() && notJudged.isEmpty() ? null
                    : "Case " + caseName + ": too few steady figures to judge." + notJudgedText(notJudged);
        }
        Named fastest = steady.stream().min((a, b) -> Double.compare(a.figure().median(), b.figure().median())).orElseThrow();
        List<Named> others = othersThatMatter(steady, fastest);
        // "fastest" only when its spread keeps it apart from every other steady figure; else it merely has the
        // lowest median, and those it cannot be told from are named (those that matter get a margin below)
        List<String> tooClose = new ArrayList<>();
        for (Named other : steady) {
            if (other != fastest && !Comparison.of(fastest.name(), fastest.figure(), other.name(), other.figure(), true)
                    .isClear() && !others.contains(other)) {
                tooClose.add(other.name() + " " + ns(other.figure()));
            }
        }
        boolean clear = tooClose.isEmpty() && others.stream().allMatch(other -> Comparison.of(fastest.name(),
                fastest.figure(), other.name(), other.figure(), true).isClear());
        StringBuilder line = new StringBuilder("Case " + caseName + ": **" + fastest.name() + "** " + ns(fastest.figure())
                + (clear ? " is fastest" : " has the lowest median"));
        if (!tooClose.isEmpty()) {
            line.append(", too close to call against ").append(String.join(", ", tooClose));
        }
        List<String> margins = new ArrayList<>();
        for (Named other : others) {
            Comparison c = Comparison.of(fastest.name(), fastest.figure(), other.name(), other.figure(), true);
            margins.add(String.format(Locale.ROOT, "%.2fx faster than %s %s (%s)", c.factor(), other.name(),
                    ns(other.figure()), c.judgement()));
        }
        if (!margins.isEmpty()) {
            line.append(": ").append(String.join(", ", margins));
        }
        line.append('.');
        line.append(question(gc, "Pool or allocate?", named(steady, "pool"), "pool", named(steady, "alloc"), "alloc",
                ArticleFigures.nsPerPacket(gc, "pool", caseName), ArticleFigures.nsPerPacket(gc, "alloc", caseName),
                "pool", "alloc"));
        Named heap = best(steady, HEAP);
        Named off = best(steady, OFF_HEAP);
        ArticleBest articleHeap = articleBest(gc, caseName, HEAP);
        ArticleBest articleOff = articleBest(gc, caseName, OFF_HEAP);
        line.append(question(gc, "On the heap or off it?", off, off == null ? null : "off (" + off.name() + ")",
                heap, heap == null ? null : "on (" + heap.name() + ")",
                articleOff == null ? null : articleOff.ns(), articleHeap == null ? null : articleHeap.ns(),
                "off" + (articleOff == null ? "" : " (" + articleOff.strategy() + ")"),
                "on" + (articleHeap == null ? "" : " (" + articleHeap.strategy() + ")")));
        line.append(notJudgedText(notJudged));
        return line.toString();
    }

    /**
     * One of the article's questions: our answer from {@code a} and {@code b} (either may be
     * missing), the 2019 answer from its figures, and whether they agree.
     */
    private static String question(String gc, String question, Named a, String aAnswer, Named b, String bAnswer,
                                   Integer articleA, Integer articleB, String articleAName, String articleBName) {
        if (a == null || b == null) {
            return "";
        }
        Comparison ours = Comparison.of(aAnswer, a.figure(), bAnswer, b.figure(), true);
        String interval = ours.interval() == null ? "" : ours.intervalText();
        String here = ours.isClear()
                ? String.format(Locale.ROOT, "%s, %.2fx", ours.betterName(), ours.factor())
                        + (interval.isEmpty() ? "" : " (" + interval + ")")
                : "too close to call (" + a.name() + " " + ns(a.figure()) + " against " + b.name() + " " + ns(b.figure())
                        + (interval.isEmpty() ? "" : "; " + interval) + ")";
        StringBuilder text = new StringBuilder(" ").append(question).append(" Here ").append(here);
        if (articleA != null && articleB != null) {
            boolean articleSaysA = articleA <= articleB;
            double factor = articleSaysA ? articleB / (double) articleA : articleA / (double) articleB;
            text.append(String.format(Locale.ROOT, "; 2019 (%s): %s, %.2fx", gc,
                    articleSaysA ? articleAName : articleBName, factor));
            if (ours.isClear()) {
                boolean hereSaysA = ours.betterName().equals(aAnswer);
                text.append(hereSaysA == articleSaysA ? ": agrees" : ": **differs**");
            } else {
                text.append(": this machine cannot tell");
            }
        }
        return text.append('.').toString();
    }

    /**
     * The article's two questions under each collector and case where both sides ran and measured: pool
     * against alloc, and the best off-heap strategy against the best heap one; then Java against C++
     * ({@link JavaCppVerdict}).
     */
    static List<Question> questions(AnalyzerResults results) {
        List<Question> questions = new ArrayList<>();
        for (String gc : results.collectors()) {
            for (String caseName : results.cases(gc)) {
                List<Named> named = new ArrayList<>();
                List<String> keys = new ArrayList<>();
                for (String strategy : results.strategies(gc)) {
                    CellResult result = results.get(gc, strategy, caseName);
                    Figure figure = result == null || !result.isOk() ? null : result.nsPerPacket();
                    if (figure != null && !strategy.endsWith("dummy")) {
                        named.add(new Named(strategy, figure));
                        keys.add(result.cell().key());
                    }
                }
                question(questions, gc + " case " + caseName + ": pool or allocate?", named, keys, named(named, "pool"),
                        named(named, "alloc"));
                question(questions, gc + " case " + caseName + ": on the heap or off it?", named, keys,
                        best(named, OFF_HEAP), best(named, HEAP));
            }
        }
        questions.addAll(JavaCppVerdict.questions(results));
        return questions;
    }

    private static void question(List<Question> questions, String name, List<Named> named, List<String> keys, Named a,
                                 Named b) {
        if (a != null && b != null) {
            questions.add(new Question(name, a.name(), b.name(), List.of(keys.get(named.indexOf(a)),
                    keys.get(named.indexOf(b))), a.figure(), b.figure(), true));
        }
    }

    /** The article's questions this run cannot answer yet, each with its comparison, for the verdict's last lines. */
    static List<Undecided> undecided(AnalyzerResults results) {
        List<Undecided> undecided = new ArrayList<>();
        for (Question q : questions(results)) {
            Comparison c = q.comparison();
            if (!c.isClear()) {
                // "G1 case B: pool or allocate?" -> "G1 B: pool against alloc (too close to call, pool over
                // alloc 95% CI ...)": the interval the same way up as the question's sides, as the Java
                // against C++ lines state theirs
                String where = q.name().substring(0, q.name().indexOf(": ") + 2).replace(" case ", " ");
                RatioInterval aOverB = q.aOverB();
                String judgement = !c.judged() || aOverB == null ? c.judgement()
                        : String.format(Locale.ROOT, "too close to call, %s over %s 95%% CI %.2f-%.2fx, %d %s", q.aName(),
                                q.bName(), aOverB.low(), aOverB.high(), aOverB.passes(),
                                aOverB.paired() ? "passes" : "forks a side");
                undecided.add(new Undecided(where + q.aName() + " against " + q.bName() + " (" + judgement + ")",
                        q.cells()));
            }
        }
        return undecided;
    }

    /** One of the article's questions this run cannot answer: what it is, and its two cells' keys. */
    record Undecided(String text, List<String> keys) {
    }

    /** pool, alloc and the best off-heap strategy, where each is not the fastest itself. */
    private static List<Named> othersThatMatter(List<Named> steady, Named fastest) {
        List<Named> others = new ArrayList<>();
        Set<String> compared = new HashSet<>(Set.of(fastest.name()));
        for (Named candidate : Arrays.asList(named(steady, "pool"), named(steady, "alloc"), best(steady, OFF_HEAP))) {
            if (candidate != null && compared.add(candidate.name())) {
                others.add(candidate);
            }
        }
        return others;
    }

    private static String collectorLines(AnalyzerResults results) {
        List<String> collectors = results.collectors();
        if (collectors.size() < 2) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        List<String> strategies = new ArrayList<>();
        collectors.forEach(gc -> results.strategies(gc).stream()
                .filter(s -> !s.endsWith("dummy") && !strategies.contains(s)).forEach(strategies::add));
        for (String strategy : strategies) {
            List<String> cases = new ArrayList<>();
            for (String caseName : AnalyzerMatrix.CASES) {
                List<Named> byCollector = new ArrayList<>();
                List<String> notJudged = new ArrayList<>();
                for (String gc : collectors) {
                    CellResult result = results.get(gc, strategy, caseName);
                    Figure figure = result == null || !result.isOk() ? null : result.nsPerPacket();
                    if (figure == null) {
                        if (result != null) {
                            notJudged.add(gc + " failed");
                        }
                    } else if (!figure.steady()) {
                        notJudged.add(gc + " not steady");
                    } else {
                        byCollector.add(new Named(gc, figure));
                    }
                }
                if (byCollector.size() + notJudged.size() < 2) {
                    continue;
                }
                String text;
                if (byCollector.size() < 2) {
                    text = "not judged in " + caseName;
                } else {
                    byCollector.sort((x, y) -> Double.compare(x.figure().median(), y.figure().median()));
                    Comparison c = Comparison.of(byCollector.get(0).name(), byCollector.get(0).figure(),
                            byCollector.get(1).name(), byCollector.get(1).figure(), true);
                    text = c.isClear()
                            ? String.format(Locale.ROOT, "%s in %s (%s against %s %s)", c.betterName(), caseName,
                                    ns(c.better()), c.worseName(), ns(c.worse()))
                            : "too close to call in " + caseName;
                }
                cases.add(notJudged.isEmpty() ? text : text + ", " + String.join(", ", notJudged));
            }
            if (!cases.isEmpty()) {
                out.append("- ").append(strategy).append(": ").append(String.join("; ", cases)).append(".\n");
            }
        }
        return out.toString();
    }

    private static Named named(List<Named> steady, String strategy) {
        return steady.stream().filter(n -> n.name().equals(strategy)).findFirst().orElse(null);
    }

    private static Named best(List<Named> steady, List<String> among) {
        return steady.stream().filter(n -> among.contains(n.name()))
                .min((a, b) -> Double.compare(a.figure().median(), b.figure().median())).orElse(null);
    }

    /** The article's fastest of {@code among} in one case, or {@code null} when it published none of them. */
    private static ArticleBest articleBest(String gc, String caseName, List<String> among) {
        ArticleBest best = null;
        for (String strategy : among) {
            Integer ns = ArticleFigures.nsPerPacket(gc, strategy, caseName);
            if (ns != null && (best == null || ns < best.ns())) {
                best = new ArticleBest(strategy, ns);
            }
        }
        return best;
    }

    private static String notJudgedText(List<String> notJudged) {
        return notJudged.isEmpty() ? "" : " Not judged: " + String.join(", ", notJudged) + ".";
    }

    private static String ns(Figure figure) {
        return Numbers.compact(figure.median()) + " ns";
    }

    /** A strategy (or collector) and its figure. */
    private record Named(String name, Figure figure) {
    }

    /** The article's fastest strategy of a group, and its figure. */
    private record ArticleBest(String strategy, int ns) {
    }
}

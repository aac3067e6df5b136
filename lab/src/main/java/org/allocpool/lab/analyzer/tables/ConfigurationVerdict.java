package org.allocpool.lab.analyzer.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.allocpool.lab.figure.Comparison;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.figure.RatioInterval;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.text.MarkdownTable;
import org.allocpool.lab.text.Numbers;

/**
 * Two configurations of one run side by side ({@link Configuration#reference}): a table per collector of
 * every Java cell's ns per packet in each, their ratio with its 95% interval and the heap bytes each
 * allocated per packet; and the verdict's lines, per collector and case, whether the configuration
 * changes the answer to the article's two questions (pool or allocate, on the heap or off it) and by
 * how much it moves {@code alloc} and {@code pool} themselves. Figures of the two are never merged:
 * each answer comes from one configuration's cells. A figure that is not steady or a cell that failed
 * or was skipped is never judged. Thread-safe (stateless).
 */
final class ConfigurationVerdict {

    private static final List<String> HEAP = List.of("alloc", "mix", "pool");
    private static final List<String> OFF_HEAP = List.of("native-alloc", "native-mix", "native-pool", "flat");
    private static final List<String> MOVED = List.of("alloc", "pool");

    private ConfigurationVerdict() {
    }

    /**
     * The side-by-side tables of {@code config} beside {@code reference}, one per collector both ran; {@code context}
     * after the title says what the two share ({@link Configuration#common}).
     */
    static String tables(String configName, AnalyzerResults config, String referenceName, AnalyzerResults reference,
                         String context) {
        StringBuilder out = new StringBuilder();
        for (String gc : config.collectors()) {
            if (!reference.collectors().contains(gc)) {
                continue;
            }
            MarkdownTable table = new MarkdownTable(List.of("strategy", "case", referenceName + " ns/packet",
                    configName + " ns/packet", configName + " / " + referenceName, referenceName + " bytes/packet",
                    configName + " bytes/packet"));
            int rows = 0;
            for (String strategy : config.strategies(gc)) {
                for (String caseName : config.cases(gc)) {
                    CellResult c = config.get(gc, strategy, caseName);
                    CellResult r = reference.get(gc, strategy, caseName);
                    if (c == null || r == null) {
                        continue;
                    }
                    table.row(List.of(strategy, caseName, ns(r), ns(c), ratio(c, r), bytes(r), bytes(c)));
                    rows++;
                }
            }
            if (rows > 0) {
                out.append("\n### ").append(gc).append(": ").append(configName).append(" beside ").append(referenceName)
                        .append(context).append("\n\n").append(table.render());
            }
        }
        return out.toString();
    }

    /** The verdict's lines for {@code config} beside {@code reference}, sharing {@code context}; empty when they share no cell. */
    static String render(String configName, AnalyzerResults config, String referenceName, AnalyzerResults reference,
                         String context) {
        StringBuilder lines = new StringBuilder();
        int same = 0;
        int changed = 0;
        int open = 0;
        for (String gc : config.collectors()) {
            for (String caseName : config.cases(gc)) {
                List<String> parts = new ArrayList<>();
                for (Question q : List.of(Question.POOL_OR_ALLOCATE, Question.ON_OR_OFF_HEAP)) {
                    Answer r = answer(q, reference, gc, caseName);
                    Answer c = answer(q, config, gc, caseName);
                    if (r == null || c == null) {
                        continue;
                    }
                    String outcome;
                    if (r.winner() == null || c.winner() == null) {
                        outcome = "cannot tell";
                        open++;
                    } else if (r.winner().equals(c.winner())) {
                        outcome = "the same answer";
                        same++;
                    } else {
                        outcome = "**the answer changes**";
                        changed++;
                    }
                    parts.add(q.text() + " " + referenceName + ": " + r.text() + "; " + configName + ": " + c.text() + ": "
                            + outcome + ".");
                }
                List<String> moved = new ArrayList<>();
                for (String strategy : MOVED) {
                    CellResult c = config.get(gc, strategy, caseName);
                    CellResult r = reference.get(gc, strategy, caseName);
                    if (c != null && r != null) {
                        moved.add(strategy + " " + moved(c, r) + ", " + bytes(r) + " → " + bytes(c) + " bytes/packet");
                    }
                }
                if (!moved.isEmpty()) {
                    parts.add(configName + " / " + referenceName + ": " + String.join("; ", moved) + ".");
                }
                if (!parts.isEmpty()) {
                    lines.append("- ").append(gc).append(" case ").append(caseName).append(": ")
                            .append(String.join(" ", parts)).append('\n');
                }
            }
        }
        if (lines.isEmpty()) {
            return "";
        }
        return "\n**" + configName + "** beside **" + referenceName + "**" + context + ": " + summary(same, changed, open)
                + "\n\n" + lines;
    }

    private static String summary(int same, int changed, int open) {
        int all = same + changed + open;
        if (all == 0) {
            return "no question has steady figures on both sides; how far it moves each strategy:";
        }
        return String.format(Locale.ROOT, "of the article's questions it answers, %d of %d keep their answer, %d change"
                + " it, %d cannot be told on one side or both (too close to call or not steady).", same, all, changed, open);
    }

    /** {@code 0.93x (95% CI 0.90-0.97x, 4 passes), faster}: this configuration's figure over the reference's. */
    private static String moved(CellResult config, CellResult reference) {
        Figure c = config.isOk() ? config.nsPerPacket() : null;
        Figure r = reference.isOk() ? reference.nsPerPacket() : null;
        if (c == null || r == null) {
            return "not judged (" + (c == null ? "failed or skipped" : "its reference failed or was skipped") + ")";
        }
        RatioInterval ratio = RatioInterval.of(c, r, true);
        double estimate = ratio != null ? ratio.estimate() : c.median() / r.median();
        String text = String.format(Locale.ROOT, "%.2fx", estimate);
        if (!c.steady() || !r.steady()) {
            return text + " (not steady: not judged)";
        }
        if (ratio == null) {
            return text + " (one pass: no interval)";
        }
        String interval = String.format(Locale.ROOT, "95%% CI %.2f-%.2fx, %d passes", ratio.low(), ratio.high(),
                ratio.passes());
        String judgement = ratio.clears(Comparison.MARGIN) ? (estimate < 1 ? "faster" : "slower") : "too close to call";
        return text + " (" + interval + "), " + judgement;
    }

    /** A question's answer in one configuration: its words, and the winning side, {@code null} when it cannot tell. */
    private record Answer(String text, String winner) {
    }

    /** The article's two questions. */
    private enum Question {
        POOL_OR_ALLOCATE("Pool or allocate?"),
        ON_OR_OFF_HEAP("On the heap or off it?");

        private final String text;

        Question(String text) {
            this.text = text;
        }

        String text() {
            return text;
        }
    }

    private static Answer answer(Question q, AnalyzerResults results, String gc, String caseName) {
        String aName;
        String bName;
        Figure a;
        Figure b;
        if (q == Question.POOL_OR_ALLOCATE) {
            aName = "pool";
            bName = "alloc";
            a = steady(results.get(gc, "pool", caseName));
            b = steady(results.get(gc, "alloc", caseName));
        } else {
            String off = best(results, gc, caseName, OFF_HEAP);
            String on = best(results, gc, caseName, HEAP);
            if (off == null || on == null) {
                return null;
            }
            aName = "off (" + off + ")";
            bName = "on (" + on + ")";
            a = steady(results.get(gc, off, caseName));
            b = steady(results.get(gc, on, caseName));
        }
        if (a == null || b == null) {
            return null;
        }
        Comparison c = Comparison.of(aName, a, bName, b, true);
        if (!c.isClear()) {
            return new Answer("too close to call (" + c.judgement() + ")", null);
        }
        String side = c.betterName().startsWith("off") ? "off" : c.betterName().startsWith("on") ? "on" : c.betterName();
        return new Answer(String.format(Locale.ROOT, "%s, %.2fx (%s)", c.betterName(), c.factor(), c.intervalText()
                .isEmpty() ? "spreads apart" : c.intervalText()), side);
    }

    /** The cell's figure when it measured and was steady, else {@code null}. */
    private static Figure steady(CellResult result) {
        Figure figure = result == null || !result.isOk() ? null : result.nsPerPacket();
        return figure != null && figure.steady() ? figure : null;
    }

    /** The strategy among {@code among} with the lowest steady median in one case, or {@code null}. */
    private static String best(AnalyzerResults results, String gc, String caseName, List<String> among) {
        String best = null;
        double median = Double.POSITIVE_INFINITY;
        for (String strategy : among) {
            Figure figure = steady(results.get(gc, strategy, caseName));
            if (figure != null && figure.median() < median) {
                best = strategy;
                median = figure.median();
            }
        }
        return best;
    }

    private static String ns(CellResult result) {
        Figure figure = result.isOk() ? result.nsPerPacket() : null;
        if (figure == null) {
            return result.failures().stream().allMatch(r -> LabRecord.SKIPPED.equals(r.status())) && !result.failures().isEmpty()
                    ? "skipped" : "failed";
        }
        return NsPerPacketTable.text(figure) + (figure.steady() ? "" : " ~");
    }

    private static String ratio(CellResult config, CellResult reference) {
        return moved(config, reference);
    }

    private static String bytes(CellResult result) {
        double bytes = result.allocBytesPerPacket();
        return Double.isNaN(bytes) ? "?" : String.format(Locale.ROOT, "%,.0f", bytes);
    }
}

package org.allocpool.lab.echo.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.allocpool.lab.figure.Comparison;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.figure.Question;
import org.allocpool.lab.figure.RatioInterval;
import org.allocpool.lab.text.Numbers;

/**
 * The echo verdict in words, for each collector, event and client count: does one copy per event
 * cost throughput here, strategy by strategy, by what factor, or is it too close to call (beside
 * Chronicle's -25% at 16 clients, and whether this machine agrees); what the copy adds in allocated
 * bytes per event (a count, exact); which buffer strategy is fastest without the copy and which
 * allocates least (beside the Netty case study's +10% for per-thread buffers at 3 clients); then,
 * when half or more of the copy comparisons could not be called, a plain word on why and what to trust. A
 * figure that is not steady is never a winner: it is named as not judged. Thread-safe (stateless).
 */
final class EchoVerdict {

    /** What the verdict's words mean, said once above it. */
    static final String LEGEND = "Each events/s figure is the median over every fork; \"spreads apart\" means two figures'"
            + " spreads (the middle half of their rounds and every fork's median) do not overlap, \"too close to call\""
            + " that they do: then this machine cannot rank them. A figure that was not steady is not judged. Allocated"
            + " bytes are counts, not a race for the cores: they hold on any machine. The articles ran on other hardware"
            + " and JDKs: compare the answers, not the digits.";

    private EchoVerdict() {
    }

    /**
     * The verdict's paragraphs for {@code cells}; empty when nothing was measured.
     *
     * @param cores the cores of the machine the records come from, or {@code null} when they do not say
     */
    static String render(EchoCells cells, Integer cores) {
        Tally tally = new Tally();
        StringBuilder out = new StringBuilder();
        for (String gc : cells.collectors()) {
            for (String event : cells.events(gc)) {
                for (int clients : cells.clients(gc, event)) {
                    String lines = group(cells, gc, event, clients, tally);
                    if (!lines.isEmpty()) {
                        out.append("\n**").append(gc).append(", ").append(event).append(", ")
                                .append(MetricTable.clientsText(clients)).append("**\n\n").append(lines);
                    }
                }
            }
        }
        if (!out.isEmpty()) {
            out.append(tally.plainly(cores));
        }
        return out.toString();
    }

    private static String group(EchoCells cells, String gc, String event, int clients, Tally tally) {
        StringBuilder out = new StringBuilder();
        String copy = copyCost(cells, gc, event, clients, tally);
        if (!copy.isEmpty()) {
            out.append("- Does one copy per event cost throughput? ").append(copy).append('\n');
        }
        String bytes = copyBytes(cells, gc, event, clients);
        if (!bytes.isEmpty()) {
            out.append("- What the copy allocates: ").append(bytes).append('\n');
        }
        String best = bestStrategy(cells, gc, event, clients);
        if (!best.isEmpty()) {
            out.append("- Which buffer strategy, without the copy? ").append(best).append('\n');
        }
        if (event.equals(BesideTheArticles.MESSAGE) && clients == EchoFigures.NETTY_CLIENTS) {
            String netty = threadLocalBesideNetty(cells, gc, clients);
            if (!netty.isEmpty()) {
                out.append("- One buffer per thread, beside the Netty case study: ").append(netty).append('\n');
            }
        }
        return out.toString();
    }

    /**
     * The copy question of every strategy, collector, event and client count where both halves ran:
     * events/s with one copy per event against without (higher is better), for the runner's further
     * passes and {@code comparisons.csv}.
     */
    static List<Question> questions(EchoCells cells) {
        List<Question> questions = new ArrayList<>();
        for (String gc : cells.collectors()) {
            for (String event : cells.events(gc)) {
                for (int clients : cells.clients(gc, event)) {
                    for (String buffers : cells.buffers(gc, event)) {
                        Question question = CopyPair.of(cells, gc, buffers, event, clients).question(gc + ", " + event
                                + ", " + MetricTable.clientsText(clients) + ", " + buffers
                                + ": does one copy per event cost throughput?");
                        if (question != null) {
                            questions.add(question);
                        }
                    }
                }
            }
        }
        return questions;
    }

    /**
     * {@code  (pass by pass 0.97×, 95% CI 0.59-1.83×, 3 passes)}: with it over without, the same way up as
     * the ratio of the medians before it (the two may differ, not their direction's meaning), or empty
     * without an interval.
     */
    private static String passByPass(RatioInterval copyOverReuse) {
        if (copyOverReuse == null) {
            return "";
        }
        return String.format(Locale.ROOT, " (pass by pass %.2f×, 95%% CI %.2f-%.2f×, %d %s)", copyOverReuse.estimate(),
                copyOverReuse.low(), copyOverReuse.high(), copyOverReuse.passes(),
                copyOverReuse.paired() ? "passes" : "forks a side");
    }

    /** Strategy by strategy: copy against reuse; then Chronicle's figure and whether this machine agrees. */
    private static String copyCost(EchoCells cells, String gc, String event, int clients, Tally tally) {
        List<String> answers = new ArrayList<>();
        List<String> agrees = new ArrayList<>();
        List<String> differs = new ArrayList<>();
        List<String> cannotTell = new ArrayList<>();
        for (String buffers : cells.buffers(gc, event)) {
            CopyPair pair = CopyPair.of(cells, gc, buffers, event, clients);
            String missing = pair.missing();
            if (missing != null) {
                answers.add(buffers + ": not judged (" + missing + ")");
                continue;
            }
            Comparison c = pair.comparison();
            tally.count(c);
            String figures = EchoMetric.rate(pair.copyEvents().median()) + " events/s with it against "
                    + EchoMetric.rate(pair.reuseEvents().median()) + " without, " + EchoMetric.ratio(pair.ratio())
                    + passByPass(pair.question("").aOverB());
            if (!c.judged()) {
                answers.add(buffers + ": not judged (" + unsteady(pair.copyEvents(), pair.reuseEvents(), "copy", "reuse") + ")");
            } else if (c.isClear()) {
                boolean costs = c.betterName().equals("reuse");
                answers.add(buffers + ": " + (costs ? "yes, " : "no, faster with it: ") + figures
                        + (c.intervalText().isEmpty() ? ", spreads apart" : ""));
                (costs ? agrees : differs).add(buffers);
            } else {
                answers.add(buffers + ": too close to call (" + figures + ")");
                cannotTell.add(buffers);
            }
        }
        if (answers.isEmpty()) {
            return "";
        }
        StringBuilder text = new StringBuilder(String.join("; ", answers)).append('.');
        if (event.equals(BesideTheArticles.TOP_OF_BOOK) && clients == EchoFigures.CHRONICLE_CLIENTS) {
            text.append(" Chronicle (2022, ").append(EchoFigures.CHRONICLE_CLIENTS).append(" clients on 16 cores): ")
                    .append(EchoMetric.ratio(EchoFigures.CHRONICLE_COPY / EchoFigures.CHRONICLE_REUSE))
                    .append(", reported -25%, the copy costs throughput");
            List<String> parts = new ArrayList<>();
            named(parts, "this machine agrees for ", agrees);
            named(parts, "differs for ", differs);
            named(parts, "cannot tell for ", cannotTell);
            text.append(parts.isEmpty() ? "; nothing here to hold it against." : ": " + String.join(", ", parts) + ".");
        }
        return text.toString();
    }

    /** What the copy adds in allocated bytes per event, one figure when every strategy agrees to the byte. */
    private static String copyBytes(EchoCells cells, String gc, String event, int clients) {
        List<String> buffers = new ArrayList<>();
        List<Double> added = new ArrayList<>();
        for (String b : cells.buffers(gc, event)) {
            double bytes = CopyPair.of(cells, gc, b, event, clients).bytesAdded();
            if (!Double.isNaN(bytes)) {
                buffers.add(b);
                added.add(bytes);
            }
        }
        if (added.isEmpty()) {
            return "";
        }
        double low = added.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double high = added.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        String counted = " (copy minus reuse, medians over the forks): counted, not timed, so the machine's noise does"
                + " not blur it";
        if (Math.round(high) - Math.round(low) <= 1) {
            return bytes(Math.round((low + high) / 2)) + " per event with "
                    + (added.size() == 1 ? buffers.getFirst() : "each of " + String.join(", ", buffers)) + counted + ".";
        }
        List<String> per = new ArrayList<>();
        for (int i = 0; i < buffers.size(); i++) {
            per.add(buffers.get(i) + " " + bytes(Math.round(added.get(i))));
        }
        return "per event, " + String.join(", ", per) + counted + "; where the strategies differ, some allocation is per"
                + " socket read or wake-up rather than per event, and moved with the rate between the runs compared.";
    }

    /** The fastest strategy without the copy and its margin over each other one; the one that allocates least. */
    private static String bestStrategy(EchoCells cells, String gc, String event, int clients) {
        List<Named> steady = new ArrayList<>();
        List<String> notJudged = new ArrayList<>();
        Named leanest = null;
        for (String buffers : cells.buffers(gc, event)) {
            EchoCellResult result = cells.get(gc, buffers, false, event, clients);
            if (result == null) {
                continue;
            }
            Figure events = BesideTheArticles.events(result);
            if (events == null) {
                notJudged.add(buffers + " (failed)");
                continue;
            }
            if (events.steady()) {
                steady.add(new Named(buffers, events));
            } else {
                notJudged.add(buffers + " (not steady)");
            }
            Figure bytes = result.allocBytesPerEvent();
            if (bytes != null && (leanest == null || bytes.median() < leanest.figure().median())) {
                leanest = new Named(buffers, bytes);
            }
        }
        StringBuilder text = new StringBuilder();
        if (steady.size() >= 2) {
            Named fastest = steady.stream().max((a, b) -> Double.compare(a.figure().median(), b.figure().median())).orElseThrow();
            text.append("**").append(fastest.name()).append("** ").append(EchoMetric.rate(fastest.figure().median()))
                    .append(" events/s is fastest");
            List<String> margins = new ArrayList<>();
            for (Named other : steady) {
                if (other != fastest) {
                    Comparison c = Comparison.of(fastest.name(), fastest.figure(), other.name(), other.figure(), false);
                    margins.add(String.format(Locale.ROOT, "%.2f× faster than %s %s (%s)", c.factor(), other.name(),
                            EchoMetric.rate(other.figure().median()), c.judgement()));
                }
            }
            text.append(": ").append(String.join(", ", margins)).append('.');
        } else if (!steady.isEmpty() || !notJudged.isEmpty()) {
            text.append("too few steady figures to rank the strategies.");
        }
        if (leanest != null) {
            text.append(text.isEmpty() ? "" : " ").append("Fewest allocated bytes per event: ").append(leanest.name())
                    .append(", ").append(Numbers.compact(leanest.figure().median())).append('.');
        }
        if (!notJudged.isEmpty()) {
            text.append(" Not judged: ").append(String.join(", ", notJudged)).append('.');
        }
        return text.toString().strip();
    }

    /** Thread-local against netty-pooled without the copy, beside the case study's 1.10×. */
    private static String threadLocalBesideNetty(EchoCells cells, String gc, int clients) {
        Figure local = BesideTheArticles.events(cells.get(gc, BesideTheArticles.THREAD_LOCAL, false,
                BesideTheArticles.MESSAGE, clients));
        Figure pooled = BesideTheArticles.events(cells.get(gc, BesideTheArticles.NETTY_POOLED, false,
                BesideTheArticles.MESSAGE, clients));
        if (local == null || pooled == null || pooled.median() <= 0) {
            return "";
        }
        String article = "; the case study (8-core VMs): "
                + EchoMetric.ratio(EchoFigures.NETTY_THREAD_LOCAL_TPS / EchoFigures.NETTY_ALLOCATING_TPS);
        String here = "thread-local over netty-pooled " + EchoMetric.ratio(local.median() / pooled.median());
        Comparison c = Comparison.of("thread-local", local, "netty-pooled", pooled, false);
        if (!c.judged()) {
            return here + ", not judged (" + unsteady(local, pooled, "thread-local", "netty-pooled") + ")" + article + ".";
        }
        if (!c.isClear()) {
            return here + ", too close to call" + article + ": this machine cannot tell.";
        }
        return here + ", spreads apart" + article + (c.betterName().equals("thread-local") ? ": agrees." : ": **differs**.");
    }

    private static String unsteady(Figure a, Figure b, String aName, String bName) {
        return !a.steady() && !b.steady() ? "neither is steady" : (!a.steady() ? aName : bName) + " not steady";
    }

    private static void named(List<String> parts, String prefix, List<String> strategies) {
        if (!strategies.isEmpty()) {
            parts.add(prefix + String.join(", ", strategies));
        }
    }

    private static String bytes(long bytes) {
        return String.format(Locale.ROOT, "%+d bytes", bytes);
    }

    /** A strategy and its figure. */
    private record Named(String name, Figure figure) {
    }

    /**
     * How many copy-against-reuse comparisons the verdict judged, and how many of them were too close to
     * call: the question whose answer drowns first in a shared machine's noise (one allocation against a
     * round trip's system calls), where strategies far apart still rank.
     */
    private static final class Tally {
        private int judged;
        private int tooClose;

        /** Counts {@code c} when both its figures were steady. */
        void count(Comparison c) {
            if (c.judged()) {
                judged++;
                tooClose += c.isClear() ? 0 : 1;
            }
        }

        /** The closing word when half or more of the comparisons could not be called; empty otherwise. */
        String plainly(Integer cores) {
            if (judged == 0) {
                return "\nNo copy-against-reuse comparison could be judged here (figures failed or were not steady): the"
                        + " allocated bytes are all this run can say about the copy.\n";
            }
            if (tooClose * 2 < judged) {
                return "";
            }
            String machine = cores == null ? "this machine's cores" : "its " + cores + (cores == 1 ? " core" : " cores");
            return "\nPlainly: " + tooClose + " of " + judged + " copy-against-reuse comparisons here are too close to"
                    + " call. Client and server share " + machine + ", and a round trip costs far more CPU (system calls,"
                    + " loopback TCP, wake-ups) than one allocation does, so the copy's cost hides in the noise between"
                    + " rounds and forks. Trust the allocated bytes here, not the copy's events/s ratios; run the server"
                    + " on a machine of its own (`echo serve --host 0.0.0.0`, `echo bench --host ... --port ...`) or"
                    + " `--profile full` before quoting its cost in speed.\n";
        }
    }
}

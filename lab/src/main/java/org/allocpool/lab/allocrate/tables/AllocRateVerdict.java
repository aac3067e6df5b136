package org.allocpool.lab.allocrate.tables;

import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.allocrate.tables.AllocRateCells.Variant;
import org.allocpool.lab.figure.Comparison;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.text.Numbers;

/**
 * The alloc-rate verdict in words: how the allocating loop scales with threads under each collector and
 * where it stops; who pays (the allocation or the collection), and whether the Chronicle article's claim
 * holds here; what escape analysis changes. A figure that was not steady is named and never judged.
 * Thread-safe (stateless).
 */
final class AllocRateVerdict {

    /** A gain smaller than this (10%) from more threads is no gain: the rate has stopped rising. */
    static final double GAIN = 1.10;

    static final String LEGEND = "Rates are medians over the forks; two figures are compared as a ratio taken pass by pass"
            + " with its 95% interval, and told apart only when the interval lies 5% or more beyond parity, else \"too close"
            + " to call\" (with a single pass: when their spreads, the middle half of the rounds and every fork's figure, do"
            + " not overlap).\n";

    private AllocRateVerdict() {
    }

    static String render(AllocRateCells cells, Integer cores) {
        StringBuilder out = new StringBuilder();
        scaling(out, cells, cores);
        whoPays(out, cells);
        escape(out, cells);
        return out.toString();
    }

    private static void scaling(StringBuilder out, AllocRateCells cells, Integer cores) {
        List<Integer> threads = cells.threads();
        for (String gc : cells.collectors()) {
            List<Integer> ts = new ArrayList<>();
            List<Figure> fs = new ArrayList<>();
            List<String> unsteady = new ArrayList<>();
            for (int t : threads) {
                AllocRateResult r = cells.get(gc, Variant.ALLOC, t);
                Figure f = r == null ? null : r.eventsPerSecond();
                if (f == null) {
                    continue;
                }
                if (!f.steady()) {
                    unsteady.add(AllocRateText.threads(t));
                    continue;
                }
                ts.add(t);
                fs.add(f);
            }
            if (fs.isEmpty()) {
                if (!unsteady.isEmpty()) {
                    out.append("- **").append(gc).append("**: not judged, no steady figure of the allocating loop (")
                            .append(String.join(", ", unsteady)).append(").\n");
                }
                continue;
            }
            int best = 0;
            for (int i = 1; i < fs.size(); i++) {
                if (fs.get(i).median() > fs.get(best).median()) {
                    best = i;
                }
            }
            // where it stops: the fewest threads beyond which no count gains 10% and is apart
            int stop = 0;
            for (int i = 0; i < fs.size(); i++) {
                boolean laterGain = false;
                for (int j = i + 1; j < fs.size(); j++) {
                    Comparison c = Comparison.of("more", fs.get(j), "fewer", fs.get(i), false);
                    if (c.betterName().equals("more") && c.factor() > GAIN && c.isClear()) {
                        laterGain = true;
                    }
                }
                if (!laterGain) {
                    stop = i;
                    break;
                }
            }
            out.append("- **").append(gc).append("**, allocating loop: ").append(AllocRateText.rate(fs.getFirst().median()))
                    .append(" events/s on ").append(AllocRateText.threads(ts.getFirst()));
            if (fs.size() > 1) {
                if (best == 0) {
                    out.append(", its most; ");
                } else {
                    out.append(", at most ").append(AllocRateText.rate(fs.get(best).median())).append(" on ")
                            .append(AllocRateText.threads(ts.get(best))).append(" (")
                            .append(AllocRateText.times(fs.get(best).median() / fs.getFirst().median())).append(", ")
                            .append(AllocRateText.rate(fs.get(best).median() / ts.get(best))).append(" per thread); ");
                }
                if (stop == 0) {
                    out.append("no thread count gains ").append(Numbers.percent(GAIN - 1))
                            .append(" over it beyond the spreads");
                } else {
                    out.append("it stops rising at ").append(AllocRateText.threads(ts.get(stop)));
                    if (cores != null) {
                        out.append(ts.get(stop) < cores ? ", before the " + cores + " cores are busy"
                                : ts.get(stop) == cores.intValue() ? ", the machine's cores" : ", beyond the " + cores + " cores");
                    }
                }
                cpuTrend(out, cells, gc, ts);
            }
            if (!unsteady.isEmpty()) {
                out.append(" (not steady, not judged: ").append(String.join(", ", unsteady)).append(")");
            }
            out.append(".\n");
        }
    }

    /**
     * The CPU per event at the fewest and the most threads: flat, each event costs the same whatever the
     * threads and the rate is bound by the cores; rising, the threads contend (caches, memory, the collector).
     */
    private static void cpuTrend(StringBuilder out, AllocRateCells cells, String gc, List<Integer> ts) {
        AllocRateResult first = cells.get(gc, Variant.ALLOC, ts.getFirst());
        AllocRateResult last = cells.get(gc, Variant.ALLOC, ts.getLast());
        Figure a = first == null ? null : first.cpuNsPerEvent();
        Figure b = last == null ? null : last.cpuNsPerEvent();
        if (a == null || b == null) {
            return;
        }
        double growth = b.median() / a.median();
        out.append(". CPU per event ").append(AllocRateText.ns(a.median())).append(" ns on ")
                .append(AllocRateText.threads(ts.getFirst())).append(", ").append(AllocRateText.ns(b.median()))
                .append(" ns on ").append(AllocRateText.threads(ts.getLast())).append(" (")
                .append(AllocRateText.times(growth)).append(")");
        Comparison c = Comparison.of("most", b, "fewest", a, true);
        out.append(c.interval() == null ? "" : ", " + c.intervalText());
        if (growth <= GAIN || !c.apart()) {
            out.append(": an event costs the same CPU whatever the threads, so the rate is bound by the cores it gets");
        } else {
            out.append(": more threads make each event dearer (they contend for caches, memory or the collector)");
        }
    }

    private static void whoPays(StringBuilder out, AllocRateCells cells) {
        List<String> parts = new ArrayList<>();
        int allocation = 0;
        int collection = 0;
        for (String gc : cells.collecting()) {
            List<String> each = new ArrayList<>();
            for (int t : cells.threads()) {
                CostSplit split = CostSplit.of(cells, gc, t, true);
                if (split == null) {
                    continue;
                }
                String answer = !split.steady() ? "not steady, not judged" : switch (split.answer()) {
                    case ALLOCATION -> "the allocation";
                    case COLLECTION -> "the collection";
                    case TOO_CLOSE -> "too close to call";
                };
                if (split.steady() && split.answer() == CostSplit.Answer.ALLOCATION) {
                    allocation++;
                } else if (split.steady() && split.answer() == CostSplit.Answer.COLLECTION) {
                    collection++;
                }
                each.add(AllocRateText.threads(t) + ": " + answer + " (work " + AllocRateText.ns(split.workNs())
                        + ", allocation " + AllocRateText.ns(split.allocationNs()) + ", collection "
                        + AllocRateText.ns(split.collectionNs()) + " ns)");
            }
            if (!each.isEmpty()) {
                parts.add(gc + " on " + String.join("; ", each));
            }
        }
        if (parts.isEmpty()) {
            out.append("- Who pays: not judged; it needs the allocating loop under Epsilon and the reusing loop beside a"
                    + " collector's allocating loop at the same thread count.\n");
            return;
        }
        out.append("- **Who pays?** The Chronicle article says it is the allocation, not the collection, that takes the"
                + " time with short-lived objects. Here, in CPU time per event (the whole JVM's, so a concurrent"
                + " collector's threads count): ").append(String.join(". ", parts)).append(". ");
        if (allocation > 0 && collection == 0) {
            out.append("The claim holds wherever it could be judged.");
        } else if (collection > 0 && allocation == 0) {
            out.append("The claim does not hold here: where the two are apart, the collector costs more than the"
                    + " allocation.");
        } else if (collection > 0) {
            out.append("It depends on the collector and the threads: the allocation pays more in ").append(allocation)
                    .append(" case(s), the collection in ").append(collection).append('.');
        } else {
            out.append("No case is clear enough to judge the claim on this run.");
        }
        out.append(" (Epsilon is the allocation without any collection: its heap is pre-touched and never freed; the"
                + " collector's share includes its barriers on every reference store.)\n");
    }

    private static void escape(StringBuilder out, AllocRateCells cells) {
        List<String> lines = new ArrayList<>();
        for (String gc : cells.collectors()) {
            for (int t : cells.threads()) {
                AllocRateResult on = cells.get(gc, Variant.ALLOC, t);
                AllocRateResult off = cells.get(gc, Variant.ALLOC_NO_EA, t);
                if (on == null || off == null || on.allocBytesPerEvent() == null || off.allocBytesPerEvent() == null
                        || on.eventsPerSecond() == null || off.eventsPerSecond() == null) {
                    continue;
                }
                Figure a = on.eventsPerSecond();
                Figure b = off.eventsPerSecond();
                lines.add(gc + " on " + AllocRateText.threads(t) + ": " + Numbers.compact(on.allocBytesPerEvent().median())
                        + " bytes per event with it, " + Numbers.compact(off.allocBytesPerEvent().median()) + " without; off/on "
                        + AllocRateText.times(b.median() / a.median()) + ", "
                        + Comparison.of("off", b, "on", a, false).judgement());
            }
        }
        if (lines.isEmpty()) {
            return;
        }
        out.append("- **Escape analysis**: ").append(String.join("; ", lines)).append(". The allocating loop keeps each"
                + " event among its thread's last ten, so the event escapes and C2 must allocate it with escape analysis"
                + " on too: the bytes per event are the proof.\n");
    }
}

package org.allocpool.lab.allocrate.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import org.allocpool.lab.allocrate.AllocRateGc;
import org.allocpool.lab.allocrate.tables.AllocRateCells.Variant;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.text.MarkdownTable;
import org.allocpool.lab.text.Numbers;
import org.allocpool.lab.text.TableNotes;

/**
 * The alloc-rate tables, rows per collector and loop, columns per thread count: events/s in all and per
 * thread, the speed-up over one thread, allocated bytes per event and per second, collections; then who
 * pays (work, allocation, collection) and escape analysis on against off. Each returns its Markdown, empty
 * when it has nothing to show. Thread-safe (stateless).
 */
final class AllocRateTables {

    private AllocRateTables() {
    }

    /** Events/s of all threads together. */
    static String total(AllocRateCells cells, TableNotes notes) {
        return perRow(cells, (r, t) -> figureCell(r, r.eventsPerSecond(), notes), notes);
    }

    /** Events/s per thread. */
    static String perThread(AllocRateCells cells, TableNotes notes) {
        return perRow(cells, (r, t) -> figureCell(r, r.eventsPerSecondPerThread(), notes), notes);
    }

    /** The total at each thread count over the total at one thread (or the fewest threads run). */
    static String speedUp(AllocRateCells cells, TableNotes notes) {
        List<Integer> threads = cells.threads();
        if (threads.size() < 2) {
            return "";
        }
        int base = threads.getFirst();
        return perRow(cells, (r, t) -> {
            AllocRateResult first = cells.get(r.cell().gc(), variant(r), base);
            Figure f = r.eventsPerSecond();
            Figure b = first == null ? null : first.eventsPerSecond();
            return f == null || b == null ? "-" : AllocRateText.times(f.median() / b.median());
        }, notes);
    }

    /** Heap bytes allocated per event, and GB per second. */
    static String allocation(AllocRateCells cells, TableNotes notes) {
        return perRow(cells, (r, t) -> {
            Figure bytes = r.allocBytesPerEvent();
            double perSecond = r.median(m -> m.allocBytesPerSecond());
            return bytes == null ? "-" : Numbers.compact(bytes.median()) + " B, " + Numbers.compact(perSecond / 1e9) + " GB/s";
        }, notes);
    }

    /** Collections per second, the share of time paused, and the cores busy besides the workers. */
    static String collections(AllocRateCells cells, TableNotes notes) {
        return perRow(cells, (r, t) -> {
            double perSecond = r.median(m -> m.gc() == null ? null : m.gc().perSecond());
            double paused = r.median(m -> m.gc() == null ? null : m.gc().fraction());
            double other = r.median(m -> m.processCpuPerSecond() == null || m.workerCpuPerSecond() == null ? null
                    : m.processCpuPerSecond() - m.workerCpuPerSecond());
            return Numbers.compact(perSecond) + "/s, " + Numbers.percent(paused) + ", " + Numbers.compact(other);
        }, notes);
    }

    /** The whole JVM's CPU ns per event. */
    static String cpu(AllocRateCells cells, TableNotes notes) {
        return perRow(cells, (r, t) -> {
            Figure f = r.cpuNsPerEvent();
            return f == null ? "-" : AllocRateText.ns(f.median()) + " (" + AllocRateText.ns(f.roundsLow()) + "-"
                    + AllocRateText.ns(f.roundsHigh()) + ")";
        }, notes);
    }

    /** Who pays, per collector and thread count ({@link CostSplit}), in CPU time or wall time per thread. */
    static String costs(AllocRateCells cells, TableNotes notes, boolean cpu) {
        MarkdownTable table = new MarkdownTable(List.of("collector", "threads", "alloc ns/event", "work (reuse)",
                "allocation (Epsilon - reuse)", "collection (collector - Epsilon)", "alloc / reuse", "who pays more"));
        boolean any = false;
        for (String gc : cells.collecting()) {
            for (int t : cells.threads()) {
                CostSplit split = CostSplit.of(cells, gc, t, cpu);
                if (split == null) {
                    continue;
                }
                any = true;
                String mark = split.steady() ? "" : " " + notes.note(gc + ", " + AllocRateText.threads(t)
                        + ": one of the three figures was not steady; the split is not clean");
                String reuse = split.reuseGc().equals(gc) ? "" : " " + notes.note("reuse measured under " + split.reuseGc()
                        + ": a loop that allocates nothing gives no collector work");
                table.row(List.of(gc, Integer.toString(t), AllocRateText.ns(split.totalNs()) + mark,
                        AllocRateText.ns(split.workNs()) + reuse,
                        share(split.allocationNs(), split.allocationShare(), split.allocationApart()),
                        share(split.collectionNs(), split.collectionShare(), split.collectionApart()),
                        AllocRateText.times(split.totalNs() / split.workNs()),
                        switch (split.answer()) {
                            case ALLOCATION -> "allocation";
                            case COLLECTION -> "collection";
                            case TOO_CLOSE -> "too close to call";
                        }));
            }
        }
        return any ? table.render() : "";
    }

    /** Escape analysis off against on: events/s, their ratio, and allocated bytes per event of each. */
    static String escapeAnalysis(AllocRateCells cells, TableNotes notes) {
        MarkdownTable table = new MarkdownTable(List.of("collector, loop", "threads", "events/s, on", "events/s, off",
                "off / on", "CPU ns/event on, off", "bytes/event on, off"));
        boolean any = false;
        for (String gc : cells.collectors()) {
            for (String loop : List.of("alloc", "reuse")) {
                for (int t : cells.threads()) {
                    AllocRateResult on = cells.get(gc, new Variant(loop, true), t);
                    AllocRateResult off = cells.get(gc, new Variant(loop, false), t);
                    if (on == null || off == null || !on.isOk() || !off.isOk()) {
                        continue;
                    }
                    any = true;
                    Figure a = on.eventsPerSecond();
                    Figure b = off.eventsPerSecond();
                    Figure ba = on.allocBytesPerEvent();
                    Figure bb = off.allocBytesPerEvent();
                    table.row(List.of(gc + " " + loop, Integer.toString(t), cell(a) + on.caveats(notes),
                            cell(b) + off.caveats(notes),
                            a == null || b == null ? "-" : AllocRateText.times(b.median() / a.median())
                                    + (a.overlaps(b) ? " (too close to call)" : ""),
                            ns(on.cpuNsPerEvent()) + ", " + ns(off.cpuNsPerEvent()),
                            (ba == null ? "-" : Numbers.compact(ba.median())) + ", "
                                    + (bb == null ? "-" : Numbers.compact(bb.median()))));
                }
            }
        }
        return any ? table.render() : "";
    }

    private static String share(double ns, double fraction, boolean apart) {
        return AllocRateText.ns(ns) + " (" + Numbers.percent(fraction) + ")" + (apart ? "" : " ~");
    }

    private static String ns(Figure f) {
        return f == null ? "-" : AllocRateText.ns(f.median());
    }

    private static String cell(Figure f) {
        return f == null ? "-" : AllocRateText.rate(f.median());
    }

    private static Variant variant(AllocRateResult r) {
        return new Variant(r.cell().loop(), r.cell().escapeAnalysisOn());
    }

    private static String figureCell(AllocRateResult r, Figure f, TableNotes notes) {
        return f == null ? "-" : AllocRateText.figure(f) + r.caveats(notes);
    }

    /** One row per collector and variant, one column per thread count; {@code value} for a cell that measured. */
    private static String perRow(AllocRateCells cells, BiFunction<AllocRateResult, Integer, String> value,
                                 TableNotes notes) {
        List<Integer> threads = cells.threads();
        List<String> header = new ArrayList<>(List.of("collector, loop"));
        threads.forEach(t -> header.add(AllocRateText.threads(t)));
        MarkdownTable table = new MarkdownTable(header);
        boolean any = false;
        for (String gc : cells.collectors()) {
            for (Variant v : cells.variants(gc)) {
                List<String> row = new ArrayList<>(List.of(gc + " " + v.label()));
                for (int t : threads) {
                    AllocRateResult r = cells.get(gc, v, t);
                    row.add(r == null ? "" : !r.isOk() ? r.failed(notes) : value.apply(r, t));
                }
                table.row(row);
                any = true;
            }
        }
        return any ? table.render() : "";
    }

    /** Whether {@code gc} is Epsilon. */
    static boolean isEpsilon(String gc) {
        return AllocRateGc.EPSILON_LABEL.equals(gc);
    }
}

package org.allocpool.lab.allocrate.tables;

import java.util.List;
import org.allocpool.lab.allocrate.tables.AllocRateCells.Variant;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.text.MarkdownTable;
import org.allocpool.lab.text.Numbers;

/**
 * Our figures beside the Chronicle article's ("Java is very fast if you don't create many objects",
 * 2022) and its allocation benchmark's (PerfTopOfBookAllocationMain, Chronicle Wire): other machines and
 * JDKs, so compare the pattern, not the numbers. Thread-safe (stateless).
 */
final class BesideTheArticle {

    /** The benchmark's published run (a comment in its source): objects per second on 4 threads. */
    static final double PUBLISHED_RATE = 216.225e6;
    /** Its threads. */
    static final int PUBLISHED_THREADS = 4;
    /** The channel benchmark, Java 17, 16 clients: events/s with no object per event... */
    static final double CHANNEL_REUSE = 68.6e6;
    /** ...and with one {@code deepCopy()} per event. */
    static final double CHANNEL_COPY = 50.3e6;
    /** Its share of time in the collector. */
    static final double CHANNEL_GC_SHARE = 0.003;

    private BesideTheArticle() {
    }

    static String render(AllocRateCells cells, Integer cores) {
        if (cells.collecting().isEmpty()) {
            return "";
        }
        String ref = cells.collecting().getFirst();
        List<Integer> threads = cells.threads();
        int near = threads.stream().min((a, b) -> Integer.compare(Math.abs(a - PUBLISHED_THREADS),
                Math.abs(b - PUBLISHED_THREADS))).orElse(1);
        int busy = cores == null ? threads.getLast() : threads.stream().filter(t -> t <= cores).reduce((a, b) -> b)
                .orElse(threads.getFirst());
        MarkdownTable table = new MarkdownTable(List.of("", "published", "here (" + ref + ")"));
        AllocRateResult alloc = cells.get(ref, Variant.ALLOC, near);
        Figure rate = alloc == null ? null : alloc.eventsPerSecond();
        table.row(List.of("allocating loop, events/s in all (per thread)",
                "216M (54M) on 4 threads, i9-10980HK laptop, `-Xmn24m` [a]",
                rate == null ? "-" : AllocRateText.rate(rate.median()) + " (" + AllocRateText.rate(rate.median() / near)
                        + ") on " + AllocRateText.threads(near)));
        AllocRateResult allocBusy = cells.get(ref, Variant.ALLOC, busy);
        AllocRateResult reuse = cells.reuseFor(ref, busy);
        Figure a = allocBusy == null ? null : allocBusy.eventsPerSecond();
        Figure r = reuse == null ? null : reuse.eventsPerSecond();
        Figure ac = allocBusy == null ? null : allocBusy.cpuNsPerEvent();
        Figure rc = reuse == null ? null : reuse.cpuNsPerEvent();
        table.row(List.of("throughput with one new object per event / without",
                AllocRateText.times(CHANNEL_COPY / CHANNEL_REUSE) + " (50.3M / 68.6M events/s, 16 clients over TCP) [b]",
                (ac == null || rc == null ? "" : AllocRateText.times(rc.median() / ac.median()) + " in CPU per event ("
                        + AllocRateText.ns(rc.median()) + " / " + AllocRateText.ns(ac.median()) + " ns), ")
                        + (a == null || r == null ? "-" : AllocRateText.times(a.median() / r.median()) + " in events/s ("
                        + AllocRateText.rate(a.median()) + " / " + AllocRateText.rate(r.median()) + ")")
                        + ", " + AllocRateText.threads(busy)));
        double paused = allocBusy == null ? Double.NaN : allocBusy.median(m -> m.gc() == null ? null : m.gc().fraction());
        table.row(List.of("share of time in GC pauses", Numbers.percent(CHANNEL_GC_SHARE) + " (170 ms a minute) [b]",
                Double.isNaN(paused) ? "-" : Numbers.percent(paused) + " (" + AllocRateText.threads(busy) + ")"));
        CostSplit split = CostSplit.of(cells, ref, threads.getFirst(), true);
        table.row(List.of("who pays for short-lived objects", "the allocation, not the collection [b]",
                split == null ? "- (needs Epsilon and reuse cells)" : switch (split.answer()) {
                    case ALLOCATION -> "the allocation: ";
                    case COLLECTION -> "the collection: ";
                    case TOO_CLOSE -> "too close to call: ";
                } + AllocRateText.ns(split.allocationNs()) + " ns allocation, " + AllocRateText.ns(split.collectionNs())
                        + " ns collection of CPU per event (" + AllocRateText.threads(split.threads()) + ")"));
        return "\n## Beside the article\n\n" + table.render()
                + "\n[a] Chronicle Wire's PerfTopOfBookAllocationMain, a run noted in its source: batches of ten TopOfBook"
                + " objects collected into a list on parallel streams (so each batch also allocates a list), Windows 10,"
                + " i9-10980HK. [b] \"Java is very fast if you don't create many objects\" (Chronicle, 2022), Ryzen 5950X,"
                + " Java 17: its channel benchmark echoes events over TCP, so an allocation there shares the time with"
                + " I/O; here the loop does nothing else.\n";
    }
}

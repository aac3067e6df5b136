package org.allocpool.lab.firstalloc.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.allocpool.lab.firstalloc.FirstAllocCell;
import org.allocpool.lab.text.MarkdownTable;
import org.allocpool.lab.text.TableNotes;

/**
 * The first-alloc tables, one row per allocator: the times (median over the fresh JVMs, with their 10th to
 * 90th percentile), what was loaded and taken on the way, the allocator's share of start-up, and our
 * figure beside the Netty case study's. A cell none of whose forks measured reads {@code failed [n]}.
 * Thread-safe (stateless).
 */
final class FirstAllocTables {

    /** The case study's first pooled buffer, ms (shared/reference/published-figures.md). */
    static final double CASE_STUDY_FIRST_MS = 165;
    /** Where that figure comes from. */
    static final String CASE_STUDY = "the Netty middleware case study (3 clients and 1 server on 8-core VMs, 1 KB"
            + " messages): \"First allocation from Netty's pooled allocator: 165 ms, later ones ~0 ms\"";

    private FirstAllocTables() {
    }

    /** Times: first buffer, of which the allocator made, first N, later buffers each. */
    static String times(FirstAllocResults results, TableNotes notes) {
        int count = results.count();
        MarkdownTable table = new MarkdownTable(List.of("allocator", "memory", "first buffer, ms",
                "of which allocator made, ms", "first " + thousands(count) + ", ms", "later buffers, ns each", "forks"));
        for (FirstAllocResult r : results.all()) {
            List<String> row = new ArrayList<>(List.of(r.allocator() + (r.isOk() ? notes.failedForks(r.allocator(), r) : ""),
                    String.valueOf(r.cell().memory())));
            if (!r.isOk()) {
                row.add(notes.failed(r.allocator(), r));
            } else {
                row.addAll(List.of(text(r.firstBufferMs()), text(r.openMs()), text(r.allBuffersMs()), text(r.laterNs()),
                        Integer.toString(r.measured().size())));
            }
            table.row(row);
        }
        return table.render();
    }

    /** What the way to the N-th buffer loaded and took: classes, heap bytes, direct memory (medians). */
    static String loads(FirstAllocResults results) {
        int count = results.count();
        MarkdownTable table = new MarkdownTable(List.of("allocator", "classes loaded, first buffer",
                "classes loaded, first " + thousands(count), "heap MB, first buffer", "heap MB, first " + thousands(count),
                "direct buffer MB, first " + thousands(count)));
        for (FirstAllocResult r : results.ok()) {
            table.row(List.of(r.allocator(), whole(r.classesFirstBuffer()), whole(r.classesAllBuffers()),
                    median(r.heapBytesFirstBuffer(), 1e6), median(r.heapBytesAllBuffers(), 1e6),
                    median(r.directBytes(), 1e6)));
        }
        return table.render();
    }

    /** Beside the JVM's start: start to ready, the first N, and the allocator's share of the two together. */
    static String startUp(FirstAllocResults results) {
        int count = results.count();
        MarkdownTable table = new MarkdownTable(List.of("allocator", "JVM start to ready, ms",
                "first " + thousands(count) + ", ms", "allocator's share of start to the " + ordinal(count) + " buffer"));
        for (FirstAllocResult r : results.ok()) {
            Spread start = r.startToReadyMs();
            Spread all = r.allBuffersMs();
            table.row(List.of(r.allocator(), text(start), text(all), start == null || all == null ? "-"
                    : String.format(Locale.ROOT, "%.0f%%", 100 * all.median() / (start.median() + all.median()))));
        }
        return table.render();
    }

    /** Our Netty pooled first buffers beside the case study's 165 ms; empty when neither pooled cell measured. */
    static String besideTheArticle(FirstAllocResults results) {
        MarkdownTable table = new MarkdownTable(List.of("allocator", "first buffer here, ms", "case study, ms",
                "here / case study", "later buffers here, ns each", "case study, later"));
        boolean any = false;
        for (String allocator : List.of(FirstAllocCell.CASE_STUDY_ALLOCATOR, "netty-pooled-heap")) {
            FirstAllocResult r = results.get(allocator);
            if (r == null || r.firstBufferMs() == null) {
                continue;
            }
            any = true;
            table.row(List.of(allocator, text(r.firstBufferMs()), Spread.number(CASE_STUDY_FIRST_MS),
                    String.format(Locale.ROOT, "%.2f×", r.firstBufferMs().median() / CASE_STUDY_FIRST_MS),
                    text(r.laterNs()), "~0 ms"));
        }
        return any ? table.render() : "";
    }

    static String text(Spread spread) {
        return spread == null ? "-" : spread.text();
    }

    private static String whole(Spread spread) {
        return spread == null ? "-" : String.format(Locale.ROOT, "%,.0f", spread.median());
    }

    private static String median(Spread spread, double unit) {
        return spread == null ? "-" : Spread.number(spread.median() / unit);
    }

    /** {@code 1,000}. */
    static String thousands(int count) {
        return String.format(Locale.ROOT, "%,d", count);
    }

    /** {@code 1,000th}, {@code 1st}, {@code 22nd}. */
    static String ordinal(int count) {
        int tens = count % 100;
        String suffix = tens >= 11 && tens <= 13 ? "th" : switch (count % 10) {
            case 1 -> "st";
            case 2 -> "nd";
            case 3 -> "rd";
            default -> "th";
        };
        return thousands(count) + suffix;
    }
}

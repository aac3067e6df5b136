package org.allocpool.lab.firstalloc.tables;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.allocpool.lab.firstalloc.FirstAllocCell;

/**
 * The first-alloc verdict in words: which allocator's first buffer is slowest and fastest, what Netty's
 * first buffers cost against their later ones and the classes they load, the case study's 165 ms beside
 * ours, our pools and FFM's arenas, the share of start-up, and what a user should take from it. Two
 * figures are called apart only when their 10th-90th percentile ranges do not overlap. Depends on the
 * records only. Thread-safe (stateless).
 */
final class FirstAllocVerdict {

    /** How a comparison reads. */
    static final String LEGEND = "Each figure is the median over fresh JVMs; `apart` means the two figures' 10th-90th"
            + " percentile ranges do not overlap, `too close to call` that they do.\n";

    private FirstAllocVerdict() {
    }

    /** The verdict, one paragraph per point; empty when no cell measured. */
    static String render(FirstAllocResults results) {
        List<FirstAllocResult> ok = results.ok().stream().filter(r -> r.firstBufferMs() != null).toList();
        if (ok.isEmpty()) {
            return "";
        }
        int count = results.count();
        StringBuilder out = new StringBuilder();
        FirstAllocResult slowest = ok.stream().max(Comparator.comparingDouble(r -> r.firstBufferMs().median())).orElseThrow();
        FirstAllocResult fastest = ok.stream().min(Comparator.comparingDouble(r -> r.firstBufferMs().median())).orElseThrow();
        out.append("- **Slowest first buffer: ").append(slowest.allocator()).append("**, ").append(ms(slowest.firstBufferMs()))
                .append("; fastest: ").append(fastest.allocator()).append(", ").append(ms(fastest.firstBufferMs()))
                .append(" (").append(times(slowest.firstBufferMs().median(), fastest.firstBufferMs().median()))
                .append(", ").append(apart(slowest.firstBufferMs(), fastest.firstBufferMs())).append(").\n");
        netty(out, ok);
        caseStudy(out, results);
        pools(out, results);
        arenas(out, ok);
        startUp(out, slowest, count);
        out.append("- **What to take from it:** the first buffer of a library's allocator is a start-up cost, paid once"
                + " per JVM: class loading and static initialisation (see the classes each loads), not the memory"
                + " itself: the later buffers cost microseconds at most, even before the JIT has compiled anything. It"
                + " matters where the first"
                + " request's latency does (a short-lived process, a restart under load): make one buffer during start-up,"
                + " or keep the loaded classes in an AOT cache (JDK 25: record one with `-XX:AOTCacheOutput=FILE`, then"
                + " run with `-XX:AOTCache=FILE`; `--jvm-arg` passes it to every fork). For a long-running service it is"
                + " noise: choose by the later buffers' cost and what the collector pays (`lab echo`).\n");
        return out.toString();
    }

    private static void netty(StringBuilder out, List<FirstAllocResult> ok) {
        List<FirstAllocResult> netty = ok.stream().filter(r -> r.allocator().startsWith("netty-")).toList();
        if (netty.isEmpty()) {
            return;
        }
        Range first = Range.of(netty.stream().map(r -> r.firstBufferMs().median()).toList());
        Range classes = Range.of(netty.stream().map(r -> r.classesFirstBuffer()).filter(s -> s != null)
                .map(Spread::median).toList());
        Range later = Range.of(netty.stream().map(FirstAllocResult::laterNs).filter(s -> s != null)
                .map(Spread::median).toList());
        out.append("- **Netty** (").append(netty.size()).append(" allocators): first buffer ").append(first.text("ms"))
                .append(", loading ").append(classes.text("classes")).append(" on the way");
        if (later.isKnown()) {
            out.append("; each later buffer ").append(later.text("ns")).append(": the first costs as much as ")
                    .append(String.format(Locale.ROOT, "%,.0f", first.low() * 1e6 / Math.max(1, later.high())))
                    .append(" or more later ones");
        }
        FirstAllocResult pooled = find(netty, FirstAllocCell.CASE_STUDY_ALLOCATOR);
        FirstAllocResult unpooled = find(netty, "netty-unpooled-direct");
        if (pooled != null && unpooled != null) {
            out.append(". Pooled direct ").append(ms(pooled.firstBufferMs())).append(" against unpooled direct ")
                    .append(ms(unpooled.firstBufferMs())).append(": ").append(apart(pooled.firstBufferMs(),
                            unpooled.firstBufferMs()));
        }
        out.append(".\n");
    }

    private static void caseStudy(StringBuilder out, FirstAllocResults results) {
        FirstAllocResult pooled = results.get(FirstAllocCell.CASE_STUDY_ALLOCATOR);
        if (pooled == null || pooled.firstBufferMs() == null) {
            return;
        }
        double ratio = pooled.firstBufferMs().median() / FirstAllocTables.CASE_STUDY_FIRST_MS;
        out.append("- **Beside the case study** (165 ms for the first pooled buffer, later ones ~0 ms): here ")
                .append(ms(pooled.firstBufferMs())).append(", ").append(String.format(Locale.ROOT, "%.2f×", ratio))
                .append(ratio >= 0.5 && ratio <= 2 ? ": the same order, so the article's figure holds on this machine"
                        : ratio < 0.5 ? ": well under the article's (another machine, JDK and Netty: compare the shape, a"
                        + " first buffer far dearer than the later ones)"
                        : ": well over the article's (a slower or busier machine: compare the shape)")
                .append(pooled.laterNs() == null ? "" : "; later buffers " + Spread.number(pooled.laterNs().median())
                        + " ns each, the article's ~0 ms").append(".\n");
    }

    private static void pools(StringBuilder out, FirstAllocResults results) {
        FirstAllocResult heap = results.get("pool-heap");
        FirstAllocResult slab = results.get("pool-slab");
        if (heap == null && slab == null) {
            return;
        }
        out.append("- **Our pools** pay for every buffer up front, when they are made:");
        if (heap != null) {
            out.append(" pool-heap's first buffer ").append(ms(heap.firstBufferMs())).append(" (").append(mb(heap
                    .heapBytesFirstBuffer())).append(" of heap for its ").append(String.format(Locale.ROOT, "%,d",
                    heap.cell().pool() == null ? 0 : heap.cell().pool())).append(" arrays), then ")
                    .append(ns(heap.laterNs())).append(" per acquire");
        }
        if (slab != null) {
            out.append(heap != null ? ";" : "").append(" pool-slab's ").append(ms(slab.firstBufferMs()))
                    .append(" (one shared arena's block, loading ").append(count(slab.classesFirstBuffer()))
                    .append(" classes of FFM), then ").append(ns(slab.laterNs())).append(" per acquire");
        }
        FirstAllocResult floor = results.get(FirstAllocCell.FLOOR);
        if (floor != null) {
            out.append("; the floor, new byte[], ").append(ms(floor.firstBufferMs()));
        }
        out.append(".\n");
    }

    private static void arenas(StringBuilder out, List<FirstAllocResult> ok) {
        List<FirstAllocResult> arenas = ok.stream().filter(r -> r.allocator().startsWith("arena-")).toList();
        if (arenas.isEmpty()) {
            return;
        }
        Range first = Range.of(arenas.stream().map(r -> r.firstBufferMs().median()).toList());
        Range later = Range.of(arenas.stream().map(FirstAllocResult::laterNs).filter(s -> s != null)
                .map(Spread::median).toList());
        Range classes = Range.of(arenas.stream().map(FirstAllocResult::classesFirstBuffer).filter(s -> s != null)
                .map(Spread::median).toList());
        out.append("- **FFM arenas** (").append(arenas.size()).append("): first segment ").append(first.text("ms"))
                .append(", loading ").append(classes.text("classes"));
        if (later.isKnown()) {
            out.append("; each later allocate ").append(later.text("ns"));
        }
        out.append(".\n");
    }

    private static void startUp(StringBuilder out, FirstAllocResult slowest, int count) {
        Spread start = slowest.startToReadyMs();
        Spread all = slowest.allBuffersMs();
        if (start == null || all == null) {
            return;
        }
        out.append("- **Beside start-up:** this program's JVM is ready ").append(ms(start))
                .append(" after it starts; ").append(slowest.allocator()).append("'s first ")
                .append(FirstAllocTables.thousands(count)).append(" buffers add ").append(ms(all)).append(", ")
                .append(String.format(Locale.ROOT, "%.0f%%", 100 * all.median() / start.median()))
                .append(" more.\n");
    }

    private static FirstAllocResult find(List<FirstAllocResult> results, String allocator) {
        return results.stream().filter(r -> allocator.equals(r.allocator())).findFirst().orElse(null);
    }

    private static String apart(Spread a, Spread b) {
        return a.isApartFrom(b) ? "apart" : "too close to call";
    }

    private static String times(double a, double b) {
        return b <= 0 ? "-" : String.format(Locale.ROOT, "%,.0f×", a / b);
    }

    private static String ms(Spread s) {
        return s == null ? "-" : Spread.number(s.median()) + " ms (" + Spread.number(s.p10()) + "-" + Spread.number(s.p90()) + ")";
    }

    private static String ns(Spread s) {
        return s == null ? "-" : Spread.number(s.median()) + " ns";
    }

    private static String mb(Spread s) {
        return s == null ? "-" : Spread.number(s.median() / 1e6) + " MB";
    }

    private static String count(Spread s) {
        return s == null ? "-" : String.format(Locale.ROOT, "%,.0f", s.median());
    }

    /** The lowest and highest of some medians. */
    private record Range(double low, double high) {

        static Range of(List<Double> values) {
            return values.isEmpty() ? new Range(Double.NaN, Double.NaN)
                    : new Range(values.stream().mapToDouble(d -> d).min().orElseThrow(),
                    values.stream().mapToDouble(d -> d).max().orElseThrow());
        }

        boolean isKnown() {
            return Double.isFinite(low);
        }

        String text(String unit) {
            if (!isKnown()) {
                return "-";
            }
            if (unit.equals("classes")) {
                return low == high ? String.format(Locale.ROOT, "%,.0f classes", low)
                        : String.format(Locale.ROOT, "%,.0f to %,.0f classes", low, high);
            }
            return low == high ? Spread.number(low) + " " + unit : Spread.number(low) + " to " + Spread.number(high) + " " + unit;
        }
    }
}

package org.allocpool.lab.analyzermt;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.allocpool.lab.figure.Comparison;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.figure.ForkSample;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.records.LatestRecords;
import org.allocpool.lab.records.RecordType;
import org.allocpool.lab.report.ChartSection;
import org.allocpool.lab.run.Report;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.lab.text.MarkdownTable;

/**
 * The {@code analyzer-mt} lab's tables and verdict: per collector, mode and case, packets per second
 * by strategy and number of processors with the ratio to one processor (real time: the loss), the
 * collections, the single-threaded article's figures beside ours, then the verdict in words. A figure
 * is the median over the cell's forks; one whose rounds were not steady is marked {@code *} and not
 * judged. Thread-safe (stateless).
 */
public final class AnalyzerMtReport implements Report<AnalyzerMtCellFields, AnalyzerMtMetricsView> {

    private static final RecordType<AnalyzerMtCellFields, AnalyzerMtMetricsView> TYPE =
            RecordType.of(AnalyzerMtExperiment.NAME, AnalyzerMtCellFields.class, AnalyzerMtMetricsView.class);

    /** "To allocate or to pool?" (2019), single-threaded, ns per packet, batch: gc|case|strategy -> ns. */
    static final Map<String, Integer> ARTICLE_NS = Map.of("G1|A|alloc", 424, "G1|A|pool", 140, "G1|B|alloc", 640,
            "G1|B|pool", 355, "ZGC|A|alloc", 523, "ZGC|A|pool", 109, "ZGC|B|alloc", 800, "ZGC|B|pool", 403);

    @Override
    public RecordType<AnalyzerMtCellFields, AnalyzerMtMetricsView> recordType() {
        return TYPE;
    }

    /** One cell's figures over its ok forks. */
    record Cell(AnalyzerMtCellFields fields, double packetsPerSecond, double lossPercent, boolean steady, int forks,
                int failed, long gcCount, double gcMaxMs, double gcFraction, double sourceWait, String error,
                double slowestRound, double fastestRound, double sourceCpuNs, double processorCpuNs, Figure nsPerPacket) {

        Cell(AnalyzerMtCellFields fields, double packetsPerSecond, double lossPercent, boolean steady, int forks,
             int failed, long gcCount, double gcMaxMs, double gcFraction, double sourceWait, String error) {
            this(fields, packetsPerSecond, lossPercent, steady, forks, failed, gcCount, gcMaxMs, gcFraction, sourceWait,
                    error, Double.NaN, Double.NaN, Double.NaN, Double.NaN, null);
        }
    }

    /**
     * Ns per packet over the forks, each fork its rounds and its figure (1 s over its packets/s), in its
     * pass, for the one statistic of every verdict ({@link Comparison}); {@code null} without rounds (real time).
     */
    private static Figure nsPerPacket(List<LabRecord<AnalyzerMtCellFields, AnalyzerMtMetricsView>> forks) {
        List<ForkSample> samples = new ArrayList<>();
        for (LabRecord<AnalyzerMtCellFields, AnalyzerMtMetricsView> fork : forks) {
            AnalyzerMtMetricsView m = fork.isOk() ? fork.metrics() : null;
            if (m != null && m.nsPerPacketRounds() != null && !m.nsPerPacketRounds().rounds().isEmpty()
                    && m.packetsPerSecond() != null && m.packetsPerSecond() > 0) {
                samples.add(new ForkSample(m.nsPerPacketRounds().rounds(), 1e9 / m.packetsPerSecond(), m.isSteady(),
                        m.isSteady() ? "steady" : "not steady", fork.forkNumber()));
            }
        }
        return samples.isEmpty() ? null : Figure.of(samples);
    }

    static List<Cell> cells(List<LabRecord<AnalyzerMtCellFields, AnalyzerMtMetricsView>> records) {
        LatestRecords<AnalyzerMtCellFields, AnalyzerMtMetricsView> latest = new LatestRecords<>(records);
        List<Cell> cells = new ArrayList<>();
        for (String key : latest.keys()) {
            List<LabRecord<AnalyzerMtCellFields, AnalyzerMtMetricsView>> forks = latest.forks(key);
            List<AnalyzerMtMetricsView> ok = forks.stream().filter(LabRecord::isOk).map(LabRecord::metrics).toList();
            String error = forks.stream().filter(r -> !r.isOk()).map(LabRecord::error).findFirst().orElse(null);
            AnalyzerMtCellFields fields = forks.getFirst().cell();
            if (ok.isEmpty()) {
                cells.add(new Cell(fields, Double.NaN, Double.NaN, false, 0, forks.size(), 0, 0, 0, 0, error));
                continue;
            }
            double pps = median(ok.stream().mapToDouble(m -> m.packetsPerSecond() == null ? Double.NaN : m.packetsPerSecond()).toArray());
            double loss = median(ok.stream().mapToDouble(m -> m.realtime() == null || m.realtime().lossPercent() == null
                    ? Double.NaN : m.realtime().lossPercent()).toArray());
            boolean steady = ok.stream().allMatch(AnalyzerMtMetricsView::isSteady);
            long gcs = Math.round(median(ok.stream().mapToDouble(m -> m.gc() == null ? 0 : m.gc().count()).toArray()));
            double max = median(ok.stream().mapToDouble(m -> m.gc() == null ? 0 : m.gc().pauseMaxMs()).toArray());
            double fraction = median(ok.stream().mapToDouble(m -> m.gc() == null ? 0 : m.gc().fraction()).toArray());
            double wait = median(ok.stream().mapToDouble(m -> m.sourceWaitFraction() == null ? 0 : m.sourceWaitFraction()).toArray());
            // packets/s of the slowest and the fastest round that counted, over every fork (batch)
            double slowest = ok.stream().filter(m -> m.nsPerPacketRounds() != null && m.nsPerPacketRounds().max() > 0)
                    .mapToDouble(m -> 1e9 / m.nsPerPacketRounds().max()).min().orElse(Double.NaN);
            double fastest = ok.stream().filter(m -> m.nsPerPacketRounds() != null && m.nsPerPacketRounds().min() > 0)
                    .mapToDouble(m -> 1e9 / m.nsPerPacketRounds().min()).max().orElse(Double.NaN);
            double sourceCpu = median(ok.stream().mapToDouble(m -> m.sourceCpuNsPerPacket() == null ? Double.NaN
                    : m.sourceCpuNsPerPacket()).toArray());
            double processorCpu = median(ok.stream().mapToDouble(m -> m.processorCpuNsPerPacket() == null ? Double.NaN
                    : m.processorCpuNsPerPacket()).toArray());
            cells.add(new Cell(fields, pps, loss, steady, ok.size(), forks.size() - ok.size(), gcs, max, fraction, wait, error,
                    slowest, fastest, sourceCpu, processorCpu, nsPerPacket(forks)));
        }
        return cells;
    }

    private static double median(double[] values) {
        double[] v = Arrays.stream(values).filter(Double::isFinite).sorted().toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    @Override
    public List<ChartSection> charts(List<LabRecord<AnalyzerMtCellFields, AnalyzerMtMetricsView>> records,
                                     List<RunInfo> runs) {
        return AnalyzerMtCharts.of(cells(records));
    }

    @Override
    public String render(List<LabRecord<AnalyzerMtCellFields, AnalyzerMtMetricsView>> records, List<RunInfo> runs) {
        List<Cell> cells = cells(records);
        StringBuilder out = new StringBuilder("# Multi-threaded analyser lab\n\n");
        out.append("One source thread makes every packet and hands packet i to processor i mod N (a ring each); the"
                + " case's queue and store are split among the processors, so every N holds the same live set. The source"
                + " is a thread too: N processors are N + 1 busy threads, so on a machine of C cores N >= C oversubscribes"
                + " it.");
        out.append("\n\n");
        Map<String, List<Cell>> groups = new LinkedHashMap<>();
        for (Cell c : cells) {
            groups.computeIfAbsent(c.fields().gc() + "|" + c.fields().mode() + "|" + c.fields().workloadCase(),
                    k -> new ArrayList<>()).add(c);
        }
        StringBuilder verdict = new StringBuilder();
        for (Map.Entry<String, List<Cell>> group : groups.entrySet()) {
            String[] key = group.getKey().split("\\|");
            boolean realtime = key[1].equals("realtime");
            List<Cell> g = group.getValue();
            Set<Integer> ns = new TreeSet<>();
            Set<String> strategies = new LinkedHashSet<>();
            g.forEach(c -> {
                ns.add(c.fields().threads());
                strategies.add(c.fields().strategy());
            });
            out.append("## ").append(key[0]).append(", ").append(key[1]).append(", case ").append(key[2]).append("\n\n");
            out.append(realtime ? "Lost ticks, % of sent, at " + g.getFirst().fields().intervalNs() + " ns per tick"
                    + " (the rings hold 100 ms of ticks in all):\n\n"
                    : "Million packets per second in all (xR: that over one processor's); `*` not steady:\n\n");
            List<String> header = new ArrayList<>(List.of("strategy"));
            ns.forEach(n -> header.add("N=" + n));
            if (!realtime) {
                header.add("article, 1 thread");
            }
            MarkdownTable table = new MarkdownTable(header);
            for (String s : strategies) {
                List<String> row = new ArrayList<>(List.of(s));
                Cell one = find(g, s, 1);
                for (int n : ns) {
                    Cell c = find(g, s, n);
                    row.add(text(c, one, realtime));
                }
                if (!realtime) {
                    Integer ns1 = ARTICLE_NS.get(key[0] + "|" + key[2] + "|" + (s.startsWith("pool") ? "pool" : s));
                    row.add(ns1 == null ? "-" : String.format(Locale.ROOT, "%.2f (%d ns/packet)", 1e3 / ns1, ns1));
                }
                table.row(row);
            }
            out.append(table.render()).append('\n');
            MarkdownTable gc = new MarkdownTable(List.of("strategy", "N", "GCs", "max pause ms", "GC time",
                    realtime ? "received M/s" : "source found the ring full", "wall ns/packet",
                    "CPU ns/packet: source + processors"));
            for (String s : strategies) {
                for (int n : ns) {
                    Cell c = find(g, s, n);
                    if (c == null || c.forks() == 0) {
                        continue;
                    }
                    gc.row(List.of(s, Integer.toString(n), Long.toString(c.gcCount()), String.format(Locale.ROOT, "%.1f", c.gcMaxMs()),
                            String.format(Locale.ROOT, "%.1f%%", c.gcFraction() * 100),
                            realtime ? String.format(Locale.ROOT, "%.2f", c.packetsPerSecond() / 1e6)
                                    : String.format(Locale.ROOT, "%.0f%% of packets", c.sourceWait() * 100),
                            String.format(Locale.ROOT, "%.0f", 1e9 / c.packetsPerSecond()),
                            Double.isFinite(c.sourceCpuNs()) && Double.isFinite(c.processorCpuNs())
                                    ? String.format(Locale.ROOT, "%.0f + %.0f", c.sourceCpuNs(), c.processorCpuNs()) : "-"));
                }
            }
            out.append("Collections, and the time per packet, over the rounds that count (or the measured time): wall"
                    + " time is what the pipeline took, CPU time what its threads used (spinning and yielding included);"
                    + " CPU well under N + 1 times wall means its threads waited for a core:\n\n").append(gc.render()).append('\n');
            g.stream().filter(c -> c.error() != null).forEach(c -> out.append("- ").append(c.fields().label())
                    .append(": failed: ").append(c.error()).append('\n'));
            verdict.append(verdict(key, g, ns, strategies, realtime));
        }
        if (groups.isEmpty()) {
            out.append("No analyzer-mt records.\n\n");
        }
        out.append("## Verdict\n\n").append(verdict.isEmpty() ? "Nothing to judge: no cell measured.\n" : verdict)
                .append("\nThe article's figures are single-threaded (one thread generating and processing, Java 8/11, a dual"
                        + " Xeon E5-2620 v3): they are the reference point for N = 1, to compare in shape, not in digits."
                        + " The article has no multi-threaded figure to set beside N > 1.\n");
        return out.toString();
    }

    private static String verdict(String[] key, List<Cell> g, Set<Integer> ns, Set<String> strategies, boolean realtime) {
        StringBuilder out = new StringBuilder("**" + key[0] + ", " + key[1] + ", case " + key[2] + "**: ");
        List<String> said = new ArrayList<>();
        for (int n : ns) {
            Cell best = null;
            Cell second = null;
            for (String s : strategies) {
                Cell c = find(g, s, n);
                if (c == null || c.forks() == 0 || !c.steady()) {
                    continue;
                }
                if (best == null || (realtime ? c.lossPercent() < best.lossPercent() : c.packetsPerSecond() > best.packetsPerSecond())) {
                    second = best;
                    best = c;
                } else if (second == null || (realtime ? c.lossPercent() < second.lossPercent()
                        : c.packetsPerSecond() > second.packetsPerSecond())) {
                    second = c;
                }
            }
            if (best != null && !realtime && second != null && overlap(best, second)) {
                said.add(String.format(Locale.ROOT, "with %d processor%s no strategy is clearly fastest: %s (%.2f M"
                                + " packets/s) and %s (%.2f) overlap in their rounds", n, n == 1 ? "" : "s",
                        best.fields().strategy(), best.packetsPerSecond() / 1e6, second.fields().strategy(),
                        second.packetsPerSecond() / 1e6));
            } else if (best != null && realtime) {
                // every strategy that lost as little (to the table's 3 decimals) shares the place
                String least = String.format(Locale.ROOT, "%.3f", best.lossPercent());
                List<String> tied = new ArrayList<>();
                for (String s : strategies) {
                    Cell c = find(g, s, n);
                    if (c != null && c.forks() > 0 && least.equals(String.format(Locale.ROOT, "%.3f", c.lossPercent()))) {
                        tied.add(s);
                    }
                }
                said.add(String.format(Locale.ROOT, "with %d processor%s %s (%s%%)", n, n == 1 ? "" : "s",
                        tied.size() == 1 ? "loses least: " + tied.getFirst() : "lose least, alike: " + String.join(", ", tied),
                        least));
            } else if (best != null) {
                said.add(String.format(Locale.ROOT, "with %d processor%s %s %s", n, n == 1 ? "" : "s",
                        realtime ? "loses least:" : "is fastest:", best.fields().strategy()
                                + (realtime ? String.format(Locale.ROOT, " (%.3f%%)", best.lossPercent())
                                : String.format(Locale.ROOT, " (%.2f M packets/s)", best.packetsPerSecond() / 1e6))));
            }
        }
        if (!realtime) {
            int top = ns.stream().mapToInt(Integer::intValue).max().orElse(1);
            for (String s : strategies) {
                Cell one = find(g, s, 1);
                Cell most = find(g, s, top);
                if (top > 1 && one != null && most != null && one.forks() > 0 && most.forks() > 0 && one.steady() && most.steady()) {
                    said.add(String.format(Locale.ROOT, "%s at N=%d runs x%.2f its one-processor rate%s", s, top,
                            most.packetsPerSecond() / one.packetsPerSecond(),
                            change(most, one, "no clear change")));
                }
            }
            for (int n : ns) {
                Cell shared = find(g, "pool-shared", n);
                Cell own = find(g, "pool-per-thread", n);
                if (n > 1 && shared != null && own != null && shared.forks() > 0 && own.forks() > 0 && shared.steady() && own.steady()) {
                    said.add(String.format(Locale.ROOT, "at N=%d the shared pool runs x%.2f the pool per thread%s", n,
                            shared.packetsPerSecond() / own.packetsPerSecond(),
                            change(shared, own, "no clear difference")));
                }
            }
        }
        out.append(said.isEmpty() ? "no steady figure to judge" : String.join("; ", said)).append(".\n\n");
        return out.toString();
    }

    /**
     * How {@code a} stands against {@code b} by the one statistic of every verdict ({@link Comparison}):
     * {@code  (95% CI ...)} when told apart, {@code  (too close to call, 95% CI ...: none)} when not; without
     * an interval, whether their ranges of round rates meet.
     */
    private static String change(Cell a, Cell b, String none) {
        if (a.nsPerPacket() == null || b.nsPerPacket() == null) {
            return overlap(a, b) ? " (the rounds overlap: " + none + ")" : "";
        }
        Comparison c = Comparison.of("a", a.nsPerPacket(), "b", b.nsPerPacket(), true);
        if (c.interval() == null) {
            return c.apart() ? "" : " (the rounds overlap: " + none + ")";
        }
        return " (" + (c.apart() ? "" : "too close to call, ") + c.intervalText() + (c.apart() ? "" : ": " + none) + ")";
    }

    /** Whether the two cells' ranges of round rates meet: then neither is clearly faster (false when unknown). */
    private static boolean overlap(Cell a, Cell b) {
        if (!Double.isFinite(a.slowestRound()) || !Double.isFinite(b.slowestRound())) {
            return false;
        }
        return a.slowestRound() <= b.fastestRound() && b.slowestRound() <= a.fastestRound();
    }

    static Cell find(List<Cell> g, String strategy, int n) {
        return g.stream().filter(c -> strategy.equals(c.fields().strategy()) && c.fields().threads() != null
                && c.fields().threads() == n).findFirst().orElse(null);
    }

    private static String text(Cell c, Cell one, boolean realtime) {
        if (c == null) {
            return "-";
        }
        if (c.forks() == 0) {
            return "failed [" + c.failed() + "]";
        }
        if (realtime) {
            return String.format(Locale.ROOT, "%.3f%%", c.lossPercent());
        }
        String mark = c.steady() ? "" : "*";
        String ratio = one == null || one.forks() == 0 || c.fields().threads() == 1 ? ""
                : String.format(Locale.ROOT, " (x%.2f)", c.packetsPerSecond() / one.packetsPerSecond());
        return String.format(Locale.ROOT, "%.2f%s%s", c.packetsPerSecond() / 1e6, mark, ratio);
    }
}

package org.allocpool.lab.kv.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.kv.KvMetricsView;
import org.allocpool.lab.kv.KvMetricsView.Codec;
import org.allocpool.lab.report.BarChart;
import org.allocpool.lab.report.Chart;
import org.allocpool.lab.report.ChartSection;
import org.allocpool.lab.report.Svg;

/**
 * The kv lab's charts, from the figures its tables show: per number of users, the stores' operations
 * per second (gets, puts, misses) with their spreads, their heap and their full-GC pause; per codecs
 * cell, each codec's encodes and decodes per second, fresh and at its best, and its encoded size.
 * Thread-safe (stateless).
 */
final class KvCharts {

    private static final String SPREAD = "whisker: the spread the verdict compares (the middle half of the timed"
            + " rounds and every fork's median); a hatched bar marked ~ was not steady: not a clean figure, never a winner.";

    private KvCharts() {
    }

    static List<ChartSection> of(KvCellResults results) {
        List<ChartSection> sections = new ArrayList<>();
        for (long users : results.storeUsers()) {
            List<KvCellResult> stores = results.stores(users);
            List<Chart> charts = new ArrayList<>();
            String at = KvText.count(users) + " users";
            BarChart rates = new BarChart("million operations per second", "contender", spansWidely(stores));
            for (KvCellResult store : stores) {
                rate(rates, store, "gets", StoreTables.gets(store));
                rate(rates, store, "puts", StoreTables.puts(store));
                rate(rates, store, "misses", StoreTables.misses(store));
            }
            if (!rates.isEmpty()) {
                String title = "Stores, " + at + ": operations per second";
                charts.add(new Chart(title, "Bar: the median over the forks of each phase's rate, one thread (higher is"
                        + " better); " + SPREAD, rates.svg(title)));
            }
            reading(stores, "heap used, MB", "Heap used", r -> r.reading(KvMetricsView::heapUsedMb), at,
                    "The heap in use after full collections with every user loaded (median over the forks): what the"
                            + " collector has to trace. Lower is better.").ifPresent(charts::add);
            reading(stores, "full GC pause, ms", "Full GC pause", KvCellResult::fullGcPause, at,
                    "The pause of one full collection (GC.run, timed by JFR), median over every fork's pauses; whisker:"
                            + " the middle half of them. Lower is better.").ifPresent(charts::add);
            if (!charts.isEmpty()) {
                sections.add(new ChartSection("Stores: " + at, "Each contender ran in its own JVM (G1).", charts));
            }
        }
        for (KvCellResult codecs : results.codecs()) {
            codecs(codecs).ifPresent(sections::add);
        }
        servers(results).ifPresent(sections::add);
        return sections;
    }

    /** Per test, Redis and kv serve side by side at every connection count and pipeline depth of the grid. */
    private static Optional<ChartSection> servers(KvCellResults results) {
        KvCellResult redis = results.server(org.allocpool.lab.kv.KvServerSetup.REDIS_EVERYSEC);
        KvCellResult ours = results.server(org.allocpool.lab.kv.KvServerSetup.KVSERVE_ASYNC);
        if ((redis == null || !redis.isOk()) && (ours == null || !ours.isOk())) {
            return Optional.empty();
        }
        List<Chart> charts = new ArrayList<>();
        for (String test : List.of("get", "set")) {
            String name = test.toUpperCase(java.util.Locale.ROOT);
            BarChart chart = new BarChart("thousand requests per second", "connections x pipeline", true);
            for (int c : ServerTables.CONNECTIONS) {
                for (int p : ServerTables.PIPELINES) {
                    String group = "-c " + c + " -P " + p;
                    serverBar(chart, group, "Redis (everysec)", redis, ServerTables.figure(redis, test, c, p));
                    serverBar(chart, group, "kv serve (async)", ours, ServerTables.figure(ours, test, c, p));
                }
            }
            if (!chart.isEmpty()) {
                String title = "Servers: " + name + " per second under redis-benchmark";
                charts.add(new Chart(title, "Bar: the median over the forks of redis-benchmark's rate per round, 60-byte"
                        + " values, every key loaded first (higher is better; log scale); " + SPREAD, chart.svg(title)));
            }
        }
        return charts.isEmpty() ? Optional.empty() : Optional.of(new ChartSection("Servers: Redis and kv serve",
                "Each server in a process of its own, the same redis-benchmark against both on loopback.", charts));
    }

    private static void serverBar(BarChart chart, String group, String series, KvCellResult cell, Figure figure) {
        if (cell == null) {
            return;
        }
        if (!cell.isOk()) {
            chart.missing(group, series, "failed");
        } else if (figure != null) {
            chart.bar(group, series, bar(figure, 1e3, series + " " + group + ": " + KvText.thousands(figure)
                    + " thousand per second"));
        }
    }

    private static void rate(BarChart chart, KvCellResult store, String phase, Figure figure) {
        if (!store.isOk()) {
            chart.missing(store.label(), phase, "failed");
        } else if (figure != null) {
            chart.bar(store.label(), phase, bar(figure, 1e6, store.label() + " " + phase + ": " + KvText.rate(figure)
                    + " per second"));
        }
    }

    private static BarChart.Bar bar(Figure figure, double unit, String tooltip) {
        return new BarChart.Bar(figure.median() / unit, figure.low() / unit, figure.high() / unit, figure.steady(),
                tooltip + (figure.steady() ? "" : "; not steady: " + figure.reason()));
    }

    private static Optional<Chart> reading(List<KvCellResult> stores, String unit, String what,
                                                     Function<KvCellResult, Figure> value, String at, String caption) {
        BarChart chart = new BarChart(unit, "contender", false);
        for (KvCellResult store : stores) {
            Figure figure = store.isOk() ? value.apply(store) : null;
            if (!store.isOk()) {
                chart.missing(store.label(), what, "failed");
            } else if (figure != null) {
                chart.bar(store.label(), what, new BarChart.Bar(figure.median(), figure.roundsLow(), figure.roundsHigh(),
                        true, store.label() + ": " + Svg.label(figure.median()) + " " + unit.substring(unit.lastIndexOf(',') + 2)
                        + " (median of " + figure.forks() + (figure.forks() == 1 ? " fork)" : " forks)")));
            }
        }
        if (chart.isEmpty()) {
            return Optional.empty();
        }
        String title = what + ", " + at;
        return Optional.of(new Chart(title, caption, chart.svg(title)));
    }

    private static Optional<ChartSection> codecs(KvCellResult cell) {
        if (!cell.isOk()) {
            return Optional.empty();
        }
        List<String> names = cell.codecNames();
        List<Figure> all = new ArrayList<>();
        for (String codec : names) {
            all.add(CodecTables.encodes(cell, codec));
            all.add(CodecTables.decodes(cell, codec));
            all.add(CodecTables.bestEncodes(cell, codec));
            all.add(CodecTables.bestDecodes(cell, codec));
        }
        BarChart rates = new BarChart("million per second", "codec", spansWidely(all.stream().filter(f -> f != null)
                .mapToDouble(Figure::median).toArray()));
        BarChart sizes = new BarChart("encoded size, bytes", "codec", false);
        boolean anyBest = false;
        for (String codec : names) {
            codecRate(rates, codec, "encodes, fresh", CodecTables.encodes(cell, codec));
            codecRate(rates, codec, "decodes, fresh", CodecTables.decodes(cell, codec));
            anyBest |= codecRate(rates, codec, "encodes at its best", CodecTables.bestEncodes(cell, codec));
            anyBest |= codecRate(rates, codec, "decodes at its best", CodecTables.bestDecodes(cell, codec));
            Figure size = cell.codecReading(codec, Codec::encodedBytes);
            if (size != null) {
                sizes.bar(codec, "encoded size", BarChart.Bar.of(size.median(), true, codec + ": "
                        + Svg.label(size.median()) + " bytes per record"));
            }
        }
        List<Chart> charts = new ArrayList<>();
        String at = "users of " + KvText.count(cell.cell().userCount());
        if (!rates.isEmpty()) {
            String title = "Codecs, " + at + ": encodes and decodes per second";
            charts.add(new Chart(title, "Bar: the median over the forks of each codec's rate (higher is better)"
                    + (anyBest ? "; fresh: to a new byte[] and back to a whole User, every codec alike; at its best:"
                            + " encoding into a buffer the codec reuses, decoding what a reader needs (the flyweight"
                            + " reads fields in place, the others build a User)" : "")
                    + "; " + SPREAD, rates.svg(title)));
        }
        if (!sizes.isEmpty()) {
            String title = "Codecs, " + at + ": encoded size";
            charts.add(new Chart(title, "The mean size of one encoded record (median over the forks); smaller is better.",
                    sizes.svg(title)));
        }
        return charts.isEmpty() ? Optional.empty()
                : Optional.of(new ChartSection("Codecs: " + at, "", charts));
    }

    /** Adds {@code figure} as {@code codec}'s bar of {@code series}; whether there was one. */
    private static boolean codecRate(BarChart chart, String codec, String series, Figure figure) {
        if (figure == null) {
            return false;
        }
        chart.bar(codec, series, bar(figure, 1e6, codec + " " + series + ": " + KvText.rate(figure) + " per second"));
        return true;
    }

    private static boolean spansWidely(List<KvCellResult> stores) {
        List<Double> medians = new ArrayList<>();
        for (KvCellResult store : stores) {
            for (Figure f : new Figure[] {StoreTables.gets(store), StoreTables.puts(store), StoreTables.misses(store)}) {
                if (store.isOk() && f != null) {
                    medians.add(f.median());
                }
            }
        }
        return spansWidely(medians.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** Whether the values span more than twenty-fold: a log scale then shows the small ones. */
    private static boolean spansWidely(double[] values) {
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (double v : values) {
            if (v > 0) {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
        return max / min > 20;
    }
}

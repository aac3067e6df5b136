package org.allocpool.lab.kv.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.figure.CellFigure;
import org.allocpool.lab.kv.KvCellFields;
import org.allocpool.lab.kv.KvMetricsView;
import org.allocpool.lab.kv.KvMetricsView.Benchmark;
import org.allocpool.lab.kv.KvMetricsView.Rounds;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.stats.RoundStatistics;
import org.allocpool.metrics.stats.SteadyState;
import org.junit.jupiter.api.Test;

/** The servers section's tables, footnote, verdict and charts on synthetic records: no Redis needed. */
class ServerTablesTest {

    private static final Environment ENV = new Environment("25.0.3", "Test VM", "Test CPU", 2, "TestOS", List.of(), "host");
    private static final long KEYS = 1_000_000;

    private final List<LabRecord<KvCellFields, KvMetricsView>> records = new ArrayList<>();

    @Test
    void shouldSayWhatIsNotInstalledAndHowToInstallItInsteadOfFigures() {
        for (String label : List.of("redis-everysec", "kvserve-async", "redis-always", "kvserve-sync")) {
            failed(label, "could not start: redis-benchmark is not installed (Debian/Ubuntu: apt-get install redis-server"
                    + " redis-tools)");
        }

        String report = render();

        assertTrue(report.contains("Not measured: redis-benchmark is not installed on this machine. [1]\n\n[1] The servers"
                + " section needs `redis-server` and `redis-benchmark`; Debian/Ubuntu: `apt-get install redis-server"
                + " redis-tools`"), report);
        assertFalse(report.contains("GET/s"), report);
        assertTrue(report.contains("Not judged: redis-benchmark is not installed"), report);
    }

    @Test
    void shouldSetKvServeBesideRedisPerConnectionsAndPipelineWithTheRatio() {
        server("redis-everysec", 1, 100);
        server("kvserve-async", 1, 50);

        String report = render();

        assertRow(report, "4", "1", "100 (99-101)", "50 (50-50)", "0.50", "100 (99-101)", "50 (50-50)", "0.50");
        assertRow(report, "16", "16", "6400 (6352-6448)", "3200 (3176-3224)", "0.50", "6400 (6352-6448)",
                "3200 (3176-3224)", "0.50");
        assertRow(report, "appendfsync everysec", "async", "4", "16", "1600 (1588-1612)", "800 (794-806)", "0.50");
        assertRow(report, "redis-everysec", "1,000,000", "3.0", "10", "110", "120", "110", "100");
    }

    @Test
    void shouldSayWhetherKvServeReachesRedisAtFourConnections() {
        server("redis-everysec", 1, 100);
        server("kvserve-async", 1, 150);

        String verdict = render().split("## Verdict")[1];

        assertTrue(verdict.contains("- At `-c 4 -P 1`: GET: kv serve reaches Redis, kv serve 150k/s against Redis's"
                + " 100k/s (1.50x), spreads apart;"), verdict);
        assertTrue(verdict.contains("- At `-c 4 -P 16`:"), verdict);
    }

    @Test
    void shouldSayKvServeFallsShortWhenBelowWithSpreadsApart() {
        server("redis-everysec", 1, 100);
        server("kvserve-async", 1, 50);

        String verdict = render().split("## Verdict")[1];

        assertTrue(verdict.contains("SET: kv serve falls short of Redis, spreads apart, kv serve 50k/s against Redis's"
                + " 100k/s (0.50x)"), verdict);
    }

    @Test
    void shouldJudgeFromThePairCellsRatiosRoundForRoundWhenTheRunHasIt() {
        server("redis-everysec", 1, 100);
        server("kvserve-async", 1, 150); // apart, the cells say kv serve leads; the pair says otherwise
        pair(1, 0.95, 0.97); // GET 0.95x: spread 0.94-0.96, under 1; SET 0.97x: middle half 0.96-1.01, reaches 1

        String report = render();
        String verdict = report.split("## Verdict")[1];

        assertTrue(verdict.contains("- At `-c 4 -P 1`, round for round: GET: kv serve falls short of Redis, the ratios'"
                + " spread under 1, 0.95x pair by pair (0.94-0.96), kv serve 95k/s against Redis's 100k/s; SET: kv serve reaches"
                + " Redis within the spread (too close to call), 0.97x pair by pair (0.96-1.01)"), verdict);
        // the CPU each server spent per request beside the rates: Redis's, then kv serve's
        assertRow(report, "4", "1", "GET", "100 (99-101)", "95 (94-96)", "0.95 (0.94-0.96)", "5.5", "7.5");
        assertRow(report, "4", "16", "SET", "1600 (1588-1612)", "1552 (1540-1564)", "0.97 (0.96-1.01)", "9.2", "12");
        assertFalse(report.contains("| pair-async "), "the pair has no row of its own in the memory table: " + report);
    }

    @Test
    void shouldJudgeFromTheTwoCellsWhenThePairCellFailed() {
        server("redis-everysec", 1, 100);
        server("kvserve-async", 1, 150);
        failed("pair-async", "timed out after 180 s; killed");

        String verdict = render().split("## Verdict")[1];

        assertTrue(verdict.contains("- At `-c 4 -P 1`: GET: kv serve reaches Redis, kv serve 150k/s against Redis's"
                + " 100k/s (1.50x), spreads apart;"), verdict);
    }

    @Test
    void shouldSetTheDurabilityRowsSideBySide() {
        durabilityRow("redis-always", 2);
        durabilityRow("kvserve-sync", 1);

        String report = render();

        assertRow(report, "appendfsync always", "sync", "4", "1", "2.0 (2.0-2.0)", "1.0 (0.99-1.0)", "0.50");
        assertRow(report, "appendfsync always", "sync", "4", "16", "32 (32-32)", "16 (16-16)", "0.50");
        assertFalse(report.contains("RSS loaded MB"), "no memory table without a loaded server: " + report);
    }

    @Test
    void shouldGiveLabCompareAFigurePerTestAndChartBothServers() {
        server("redis-everysec", 1, 100);
        server("kvserve-async", 1, 50);

        List<CellFigure> figures = new KvReport().figures(records);
        assertEquals(24, figures.size());
        assertEquals(1, new KvReport().charts(records, List.of()).size());
    }

    /** A table row of exactly these cells, however the columns are padded. */
    private static void assertRow(String report, String... cells) {
        StringBuilder pattern = new StringBuilder("(?s).*\\n\\|");
        for (String cell : cells) {
            pattern.append(" +").append(java.util.regex.Pattern.quote(cell)).append(" +\\|");
        }
        assertTrue(report.matches(pattern.append("\\n.*").toString()), String.join(" | ", cells) + " in\n" + report);
    }

    private String render() {
        return new KvReport().render(records, List.of());
    }

    /** A main-grid cell whose rates are {@code kPerSecond} thousand x connections/4 x pipeline, ±1%. */
    private void server(String label, int fork, double kPerSecond) {
        List<Benchmark> runs = new ArrayList<>();
        for (int c : new int[] {1, 4, 16}) {
            for (int p : new int[] {1, 16}) {
                double rate = kPerSecond * 1e3 * Math.max(1, c / 4.0) * p;
                runs.add(new Benchmark(null, "get", c, p, 1000L, rounds(rate)));
                runs.add(new Benchmark(null, "set", c, p, 1000L, rounds(rate)));
            }
        }
        String[] parts = label.split("-");
        records.add(ok(label, fork, new KvMetricsView.Server(parts[0], parts[1], "Redis 7.0.15", "redis-benchmark 7.0.15",
                KEYS, 3.0, 10.0, 110.0, 120.0, 110.0, 100.0, runs)));
    }

    /** The pair cell at -c 4: Redis at 100k x pipeline, kv serve at {@code getRatio} and {@code setRatio} of it. */
    private void pair(int fork, double getRatio, double setRatio) {
        List<Benchmark> runs = new ArrayList<>();
        for (int p : new int[] {1, 16}) {
            double redis = 100e3 * p;
            // CPU per request: kv serve's (polling) 7.5 µs, Redis's 5.5 (SET 12 and 9.2)
            runs.add(new Benchmark(null, "get", 4, p, 1000L, rounds(redis * getRatio), rounds(redis), rounds(getRatio),
                    7.5, 5.5));
            double[] setRatios = {setRatio, 1.02, setRatio - 0.02, 1.03, setRatio, setRatio - 0.01};
            runs.add(new Benchmark(null, "set", 4, p, 1000L, rounds(redis * setRatio), rounds(redis),
                    new Rounds(RoundStatistics.of(setRatios), SteadyState.of(setRatios), List.of(), null), 12.3, 9.2));
        }
        records.add(ok("pair-async", fork, new KvMetricsView.Server("pair", "async",
                "allocpool kv serve (RESP2) beside Redis 7.0.15 (appendfsync everysec)", "redis-benchmark 7.0.15", KEYS,
                6.0, null, null, null, null, null, runs)));
    }

    private void durabilityRow(String label, double kPerSecond) {
        String[] parts = label.split("-");
        List<Benchmark> runs = List.of(new Benchmark(null, "set", 4, 1, 100L, rounds(kPerSecond * 1e3)),
                new Benchmark(null, "set", 4, 16, 100L, rounds(kPerSecond * 16e3)));
        records.add(ok(label, 1, new KvMetricsView.Server(parts[0], parts[1], "v", "b", 0L, null, null, null, null, null,
                null, runs)));
    }

    private static Rounds rounds(double median) {
        double[] steady = {median, median * 0.99, median * 1.01, median, median * 1.01, median * 0.99};
        return new Rounds(RoundStatistics.of(steady), SteadyState.of(steady), List.of(), null);
    }

    private void failed(String label, String error) {
        records.add(new LabRecord<>("kv", LabRecord.FAILED, error, 1, new KvCellFields(label, KEYS, KvCellFields.SERVER, null),
                null, null));
    }

    private LabRecord<KvCellFields, KvMetricsView> ok(String label, int fork, KvMetricsView.Server server) {
        return new LabRecord<>("kv", LabRecord.OK, null, fork, new KvCellFields(label, KEYS, KvCellFields.SERVER, null), ENV,
                new KvMetricsView(null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                        server));
    }
}

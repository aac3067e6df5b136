package org.allocpool.lab.kv.tables;

import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.kv.KvMetricsView;
import org.allocpool.lab.kv.KvServerSetup;

/**
 * The servers section's verdict, the question in words: does {@code kv serve} reach Redis's
 * GET and SET at {@code -c 4 -P 1} and {@code -c 4 -P 16} (Redis {@code everysec}, the store
 * {@code async})? "Reaches" when its median is at least Redis's or their spreads overlap (this machine
 * cannot tell them apart); "falls short" when it is below and the spreads are apart. A figure that
 * was not steady is not judged. When the run has the pair cell (both servers up, rounds
 * interleaved, and it did not fail), the verdict reads its ratios, pair by pair, instead of two cells' figures: "reaches"
 * when the median ratio is at least 1 or the ratios' spread reaches 1 (too close to call), "falls
 * short" when the whole spread is under 1. Thread-safe (stateless).
 */
final class ServerVerdict {

    private ServerVerdict() {
    }

    /** The verdict's lines, or "" when the run has no servers grid to judge. */
    static String render(KvCellResults results) {
        if (results.servers().isEmpty()) {
            return "";
        }
        String missing = ServerTables.notInstalled(results.servers());
        if (missing != null) {
            return "Not judged: " + missing + " (" + ServerTables.INSTALL + ").\n";
        }
        KvCellResult redis = results.server(KvServerSetup.REDIS_EVERYSEC);
        KvCellResult ours = results.server(KvServerSetup.KVSERVE_ASYNC);
        KvCellResult measuredPair = results.server(KvServerSetup.PAIR_ASYNC);
        KvCellResult pair = measuredPair != null && measuredPair.isOk() ? measuredPair : null; // else the two cells
        List<String> lines = new ArrayList<>();
        for (int p : new int[] {1, 16}) {
            List<String> parts = new ArrayList<>();
            for (String test : List.of("get", "set")) {
                String name = test.toUpperCase(java.util.Locale.ROOT);
                parts.add(pair != null
                        ? judgePair(name, ServerTables.figure(pair, test, 4, p),
                                ServerTables.pairFigure(pair, test, 4, p, KvMetricsView.Benchmark::redisRequests),
                                ServerTables.pairFigure(pair, test, 4, p, KvMetricsView.Benchmark::ratioToRedis))
                        : judge(name, ServerTables.figure(ours, test, 4, p), ServerTables.figure(redis, test, 4, p)));
            }
            lines.add("- At `-c 4 -P " + p + "`" + (pair != null ? ", round for round" : "") + ": "
                    + String.join("; ", parts) + ".");
        }
        return String.join("\n", lines) + "\n";
    }

    /**
     * One test's sentence from the pair cell: {@code SET: kv serve falls short of Redis, 0.95x pair by
     * pair (0.92-0.97), kv serve 87k/s against Redis's 92k/s}.
     */
    static String judgePair(String test, Figure ours, Figure redis, Figure ratio) {
        if (ours == null || redis == null || ratio == null) {
            return test + ": not judged, the pair cell has no figure";
        }
        String figures = KvText.factor(ratio.median()) + " pair by pair (" + String.format(java.util.Locale.ROOT,
                "%.2f-%.2f", ratio.low(), ratio.high()) + "), kv serve " + ServerTables.thousandsPerSecond(ours)
                + " against Redis's " + ServerTables.thousandsPerSecond(redis);
        if (!ours.steady() || !redis.steady() || !ratio.steady()) {
            return test + ": not judged, " + (!ours.steady() ? "kv serve's rounds were" : !redis.steady()
                    ? "Redis's rounds were" : "the ratios were") + " not steady; " + figures;
        }
        boolean spans = ratio.low() <= 1 && ratio.high() >= 1;
        if (ratio.median() >= 1) {
            return test + ": kv serve reaches Redis, " + figures + (spans ? ", too close to call" : ", the ratios' spread clear of 1");
        }
        return test + (spans ? ": kv serve reaches Redis within the spread (too close to call), "
                : ": kv serve falls short of Redis, the ratios' spread under 1, ") + figures;
    }

    /** One test's sentence: {@code GET: kv serve 150k/s reaches Redis's 140k/s (1.07x)}. */
    static String judge(String test, Figure ours, Figure redis) {
        if (ours == null || redis == null) {
            return test + ": not judged, " + (ours == null ? "kv serve" : "Redis") + " has no figure";
        }
        String figures = "kv serve " + ServerTables.thousandsPerSecond(ours) + " against Redis's "
                + ServerTables.thousandsPerSecond(redis) + " (" + KvText.factor(ours.median() / redis.median()) + ")";
        if (!ours.steady() || !redis.steady()) {
            return test + ": not judged, " + (ours.steady() ? "Redis's" : "kv serve's") + " figure was not steady; " + figures;
        }
        if (ours.median() >= redis.median()) {
            return test + ": kv serve reaches Redis, " + figures + (ours.overlaps(redis) ? ", too close to call" : ", spreads apart");
        }
        return test + (ours.overlaps(redis) ? ": kv serve reaches Redis within the spread (too close to call), "
                : ": kv serve falls short of Redis, spreads apart, ") + figures;
    }
}

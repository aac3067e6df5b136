package org.allocpool.echo.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.util.Map;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.metrics.result.ResultRecord;

/**
 * {@code allocpool echo bench} against a running server: connects {@code clients} connections on
 * one small client event loop group, warms up, then measures throughput each way, round-trip
 * latency, and (from the server's STATS answers before and after) the server's allocation per
 * event and its garbage collections in the window. Human lines go to {@code human}; the result
 * is one {@link ResultRecord}. Runs on the calling thread; not thread-safe.
 *
 * <p>This class runs the phases in order; the jobs are {@link LoadConnections} (the load),
 * {@link PhasePacer} (a phase's length and progress lines), {@link StatsConnection} (the server's
 * STATS) and {@link BenchReport} (cell, metrics and summary).
 */
public final class Bench {

    public static final String EXPERIMENT = "echo";

    private Bench() {
    }

    /**
     * Runs the bench against {@code server}.
     *
     * @throws IOException           when the server cannot be reached or stops answering
     * @throws IllegalStateException when the run fails (a connection breaks, the server misbehaves)
     */
    public static ResultRecord run(BenchSettings settings, InetSocketAddress server, PrintStream human)
            throws IOException {
        try (StatsConnection stats = StatsConnection.open(server)) {
            BenchReport.describe(human, settings, stats.now(), server);
            LoadControl control = new LoadControl();
            try (LoadConnections load = LoadConnections.open(settings, server, control)) {
                PhasePacer pacer = new PhasePacer(control, load, human);
                pacer.await(settings.warmup(), "warm-up");
                JsonNode before = stats.now();
                long startNs = System.nanoTime();
                control.measure();
                pacer.await(settings.duration(), "measuring");
                control.stop();
                long measuredNs = System.nanoTime() - startNs;
                JsonNode after = stats.now();
                load.stop();
                if (control.failure() != null) {
                    throw new IllegalStateException(control.failure());
                }
                JsonNode gcWindow = stats.gcWindow(before.path("nowNs").asLong(), after.path("nowNs").asLong());
                EchoMetrics metrics = BenchReport.metrics(load.clients(), measuredNs, before, after, gcWindow);
                BenchReport.summarize(human, metrics);
                Environment env = RecordJson.mapper().treeToValue(after.path("env"), Environment.class);
                return ResultRecord.ok(EXPERIMENT, cell(settings, after, null, false), env, metrics);
            }
        }
    }

    /** The cell of a run, from the bench settings and the server's STATS answer (null: not known yet). */
    public static Map<String, Object> cell(BenchSettings s, JsonNode serverStats, String buffers, boolean copy) {
        return BenchReport.cell(s, serverStats, buffers, copy);
    }
}

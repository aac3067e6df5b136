package org.allocpool.echo.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.util.Map;
import org.allocpool.echo.server.GcWindow;
import org.allocpool.echo.server.StatsAnswer;
import org.allocpool.metrics.latency.HistogramLogFile;
import org.allocpool.metrics.result.ResultRecord;

/**
 * {@code allocpool echo bench} against a running server: connects {@code clients} connections on
 * one small client event loop group, warms up, then measures in timed rounds until the last of them
 * are steady (or a cap): throughput each way, round-trip latency, and (from the server's STATS at
 * each round's boundary) the server's allocation per event and its garbage collections. Human lines
 * go to {@code human}; the result is one {@link ResultRecord}. Runs on the calling thread; not
 * thread-safe.
 *
 * <p>This class runs the phases in order; the jobs are {@link LoadConnections} (the load),
 * {@link BenchRounds} (the rounds and their steady-state check), {@link StatsConnection} (the
 * server's STATS) and {@link BenchReport} (cell, metrics and summary).
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
        return run(settings, server, human, null);
    }

    /**
     * {@link #run(BenchSettings, InetSocketAddress, PrintStream)}, each round's round trips also appended
     * to {@code log} when that is not {@code null}.
     */
    public static ResultRecord run(BenchSettings settings, InetSocketAddress server, PrintStream human,
                                   HistogramLogFile log) throws IOException {
        try (StatsConnection stats = StatsConnection.open(server)) {
            StatsAnswer first = stats.now();
            BenchReport.describe(human, settings, first, server);
            LoadControl control = new LoadControl();
            try (LoadConnections load = LoadConnections.open(settings, server, control)) {
                BenchRounds.Result rounds = new BenchRounds(settings, at -> mark(at, control, load, stats), human, log)
                        .run(System.nanoTime());
                control.stop();
                load.stop();
                if (control.failure() != null) {
                    throw new IllegalStateException(control.failure());
                }
                GcWindow gc = stats.gcWindow(rounds.start().serverNowNs(), rounds.end().serverNowNs());
                EchoMetrics metrics = BenchReport.metrics(rounds, gc);
                BenchReport.summarize(human, metrics);
                return ResultRecord.ok(EXPERIMENT, cell(settings, first, null, false), first.env(), metrics);
            }
        }
    }

    /** The cell of a run, from the bench settings and the server's STATS answer (null: not known yet). */
    public static Map<String, Object> cell(BenchSettings s, StatsAnswer server, String buffers, boolean copy) {
        return BenchReport.cell(s, server, buffers, copy);
    }

    /** Waits for the boundary {@code at}, then reads the clients' figures and the server's counters. */
    private static RoundMark mark(long at, LoadControl control, LoadConnections load, StatsConnection stats)
            throws IOException {
        control.awaitUntil(at);
        LoadConnections.Totals totals = load.totals();
        var latency = load.latenciesSinceLast();
        long ns = System.nanoTime();
        StatsAnswer server = stats.now();
        return new RoundMark(ns, totals.sent(), totals.received(), totals.errors(), latency, server.nowNs(),
                server.eventsEchoed(), server.ioAllocatedBytes());
    }
}

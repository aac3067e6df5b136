package org.allocpool.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.allocpool.kv.bench.BenchMetrics;
import org.allocpool.kv.bench.BenchSettings;
import org.allocpool.kv.bench.KvBench;
import org.allocpool.lab.text.DurationText;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.metrics.result.ResultRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code allocpool kv bench}: load-tests a kv server's binary protocol over loopback and reports
 * hits, misses and puts per second with latency percentiles; {@code --json} prints one result record.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Load-tests the binary protocol: --clients connections, one thread each, first load --users generated "
                + "users (keys 0..users-1, ~60 bytes each in the flyweight layout), then loop GET of a stored key "
                + "(hit), GET of a key never stored (miss), PUT of a stored key, with --pipeline requests in flight "
                + "per client.",
            "--pipeline 1 (default) sends one request and waits for its reply. --pipeline N sends N requests in one "
                + "write, then reads at least one reply (and every other already received) and sends as many new "
                + "requests in one write, so up to N are in flight; the server answers each connection in request "
                + "order and flushes once per batch it reads.",
            "Reports hits, misses and puts per second over --duration (after --warmup) and the latency of every "
                + "measured request (HdrHistogram), from queued to reply read, so with --pipeline N it includes "
                + "the wait behind the requests ahead: p50, p99, p99.9, max.",
            "Without --port it starts a server in this JVM on a temporary directory (deleted afterwards): clients "
                + "and server then share this JVM and its cores. With --port it benches that server (and PUTs "
                + "the users into it).",
            ""},
        footer = {"", "Exit codes: 0 ok, 1 the run failed (a failed record with --json), 2 bad input."})
final class KvBenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--host", defaultValue = "127.0.0.1", paramLabel = "ADDRESS",
            description = "the server's address, with --port (default: ${DEFAULT-VALUE})")
    String host;

    @Option(names = "--port", paramLabel = "PORT",
            description = "the server's binary port (default: none, start a server in this JVM)")
    Integer port;

    @Option(names = "--clients", defaultValue = "4", paramLabel = "N",
            description = "client connections, one thread each (default: ${DEFAULT-VALUE})")
    int clients;

    @Option(names = "--pipeline", defaultValue = "1", paramLabel = "N",
            description = "requests each client keeps in flight on its connection, 1.." + BenchSettings.MAX_PIPELINE
                    + "; 1 waits for every reply (default: ${DEFAULT-VALUE})")
    int pipeline;

    @Option(names = "--duration", defaultValue = "30s", paramLabel = "TIME",
            description = "how long to measure, e.g. 30s, 2m, 500ms (default: ${DEFAULT-VALUE})")
    String duration;

    @Option(names = "--warmup", defaultValue = "5s", paramLabel = "TIME",
            description = "how long to run before measuring, 0 for none (default: ${DEFAULT-VALUE})")
    String warmup;

    @Option(names = "--users", defaultValue = "" + BenchSettings.DEFAULT_USERS, paramLabel = "N",
            description = "generated users loaded first; hits and puts pick among them (default: ${DEFAULT-VALUE})")
    int users;

    @Option(names = "--json", description = "print exactly one JSON result record on stdout; other lines go to stderr")
    boolean json;

    @Override
    public Integer call() {
        BenchSettings settings = settings();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        PrintStream progress = new PrintStream(new LineWriterStream(err), true, StandardCharsets.UTF_8);
        KvServeCommand.quietNettyLeakDetector();
        ResultRecord record;
        try {
            record = KvBench.run(settings, progress);
        } catch (IllegalStateException | UncheckedIOException e) {
            String reason = KvCommand.reason(e);
            if (json) {
                out.println(RecordJson.toLine(ResultRecord.failed(KvBench.EXPERIMENT, KvBench.cell(settings),
                        Environment.current(), reason)));
            } else {
                err.println("allocpool: kv bench failed: " + reason);
            }
            out.flush();
            err.flush();
            return 1;
        }
        PrintWriter human = json ? err : out;
        summary(settings, (BenchMetrics) record.metrics(), human);
        human.flush();
        if (json) {
            out.println(RecordJson.toLine(record));
            out.flush();
        }
        return 0;
    }

    BenchSettings settings() {
        if (port != null && (port < 1 || port > 65535)) {
            throw new IllegalArgumentException("--port must be 1..65535, was " + port);
        }
        return new BenchSettings(port == null ? null : host, port == null ? 0 : port, clients, pipeline,
                time("--duration", duration, false), time("--warmup", warmup, true), users);
    }

    private static Duration time(String option, String text, boolean zeroAllowed) {
        if (zeroAllowed && text.strip().matches("0+(ms|s|m|h)?")) {
            return Duration.ZERO;
        }
        try {
            return DurationText.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + " must be a " + (zeroAllowed ? "" : "positive ")
                    + "time such as 30s, 2m or 500ms, was '" + text + "'");
        }
    }

    static void summary(BenchSettings settings, BenchMetrics m, PrintWriter out) {
        out.println(String.format(Locale.ROOT,
                "kv bench: %d clients, pipeline %d, %,d users, %s, %.1fs measured after %s warm-up",
                settings.clients(), settings.pipeline(), settings.users(),
                settings.embedded() ? "embedded server (this JVM)" : "server " + settings.host() + ":" + settings.port(),
                m.measuredS(), DurationText.format(settings.warmup())));
        out.println(String.format(Locale.ROOT, "  GET hit   %,12.0f /s  (%,d)", m.hitsPerSecond(), m.hits()));
        out.println(String.format(Locale.ROOT, "  GET miss  %,12.0f /s  (%,d)", m.missesPerSecond(), m.misses()));
        out.println(String.format(Locale.ROOT, "  PUT       %,12.0f /s  (%,d)", m.putsPerSecond(), m.puts()));
        out.println(String.format(Locale.ROOT, "  latency   p50 %s  p99 %s  p99.9 %s  max %s  (%s, every request)",
                micros(m.latencyNs().p50()), micros(m.latencyNs().p99()), micros(m.latencyNs().p999()),
                micros(m.latencyNs().max()),
                settings.pipeline() == 1 ? "round trip" : "queued to reply, " + settings.pipeline() + " in flight"));
        out.println(String.format(Locale.ROOT, "  gc        %d collections, %.1f ms paused in all, longest %.1f ms (this JVM)",
                m.gc().count(), m.gc().pauseTotalMs(), m.gc().pauseMaxMs()));
        if (m.unexpected() > 0) {
            out.println(String.format(Locale.ROOT, "  WARNING   %,d hits found nothing or misses found something: "
                    + "did another client change the data?", m.unexpected()));
        }
    }

    private static String micros(long ns) {
        return ns >= 1_000_000 ? String.format(Locale.ROOT, "%.2f ms", ns / 1e6)
                : String.format(Locale.ROOT, "%.1f us", ns / 1e3);
    }
}

package org.allocpool.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.allocpool.echo.bench.Bench;
import org.allocpool.echo.bench.BenchSettings;
import org.allocpool.echo.bench.EventKind;
import org.allocpool.echo.bench.ServerProcess;
import org.allocpool.echo.buffers.BufferStrategy;
import org.allocpool.echo.server.LeakDetection;
import org.allocpool.echo.server.SelectorFlags;
import org.allocpool.echo.wire.MessageLayout;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.latency.HistogramLogFile;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.metrics.result.ResultRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code allocpool echo bench}: loads an echo server and reports what it measured. Without
 * {@code --port} it starts its own server in a separate JVM (this program again, on the same
 * module or class path) and stops it at the end. Human lines on stderr; with {@code --json}
 * exactly one result record on stdout. Exit 0 ok, 1 the run failed (a failed record with
 * {@code --json}), 2 bad input.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Loads an echo server with --clients connections on one small client event loop group. Flat out (no "
                + "--rate), each client keeps --window events in flight; with --rate N the clients send N events/s "
                + "in all at fixed intervals and latency counts from each event's intended send time (no coordinated "
                + "omission).",
            "After --warmup it measures in rounds of --round-time: the figures are those of the last --duration of"
                + " rounds, once their events/s pass a check for a trend or a step (more rounds run while they do not,"
                + " up to --max-rounds; the record says whether they passed, with each round's figures).",
            "Reports events/s each way, round-trip latency p50/p99/p99.9/max (HdrHistogram), bytes allocated per "
                + "event by the server's I/O threads, and the server's GC pauses, all over the rounds that count.",
            "Without --port it starts its own server JVM (echo serve --port 0) with --buffers, --copy-per-event, "
                + "--io-threads and --server-jvm-arg.",
            ""},
        footer = {"", "Exit codes: 0 ok, 1 the run failed (a failed record with --json), 2 bad input."})
final class EchoBenchCommand implements Callable<Integer> {

    private static final Duration SERVER_START_TIMEOUT = Duration.ofSeconds(60);

    @Spec
    CommandSpec spec;

    @Option(names = "--host", defaultValue = "127.0.0.1", paramLabel = "ADDRESS",
            description = "the server's address, with --port (default: ${DEFAULT-VALUE})")
    String host;

    @Option(names = "--port", paramLabel = "PORT",
            description = "a running server's port; without it, bench starts its own server JVM")
    Integer port;

    @Option(names = "--clients", defaultValue = "16", paramLabel = "N",
            description = "connections (default: ${DEFAULT-VALUE}, as the Chronicle benchmark)")
    int clients;

    @Option(names = "--duration", defaultValue = "30s", paramLabel = "TIME",
            description = "measured time after the warm-up, e.g. 30s, 2m (default: ${DEFAULT-VALUE})")
    String duration;

    @Option(names = "--warmup", defaultValue = "5s", paramLabel = "TIME",
            description = "time run before measuring, may be 0 (default: ${DEFAULT-VALUE})")
    String warmup;

    @Option(names = "--round-time", defaultValue = "1s", paramLabel = "TIME",
            description = "length of each timed round: --duration is measured in rounds this long, and their events/s"
                    + " are checked for a steady state (default: ${DEFAULT-VALUE})")
    String roundTime;

    @Option(names = "--max-rounds", paramLabel = "N",
            description = "timed rounds at most: while the last --duration of rounds are not steady, one more runs,"
                    + " up to N (default: twice the rounds of --duration)")
    Integer maxRounds;

    @Option(names = "--event", defaultValue = "top-of-book", paramLabel = "KIND",
            description = "top-of-book (44 bytes) or message (--message-bytes) (default: ${DEFAULT-VALUE})")
    String event;

    @Option(names = "--window", defaultValue = "64", paramLabel = "N",
            description = "events in flight per client when flat out (default: ${DEFAULT-VALUE})")
    int window;

    @Option(names = "--rate", defaultValue = "0", paramLabel = "N",
            description = "events per second over all clients at fixed intervals; 0 for flat out (default: ${DEFAULT-VALUE})")
    long rate;

    @Option(names = "--message-bytes", defaultValue = "" + MessageLayout.DEFAULT_BODY_BYTES, paramLabel = "BYTES",
            description = "body bytes of each message with --event message (default: ${DEFAULT-VALUE}, the case study's 1 KB)")
    int messageBytes;

    @Option(names = "--client-threads", paramLabel = "N",
            description = "event loop threads of the load client (default: 1 on up to 2 cores, else 2)")
    Integer clientThreads;

    @Option(names = "--json", description = "print exactly one JSON result record on stdout; human lines and progress "
            + "markers (progress: ...) go to stderr")
    boolean json;

    @Option(names = "--hlog", paramLabel = "FILE",
            description = "also write each round's round-trip latency histogram to FILE as an HdrHistogram log "
                    + "(tagged warmup-K or round-K), for HistogramLogAnalyzer")
    Path hlog;

    @Option(names = "--buffers", paramLabel = "STRATEGY",
            description = "own server only: unpooled, netty-pooled, netty-adaptive or thread-local (default: netty-adaptive)")
    String buffers;

    @Option(names = "--copy-per-event", description = "own server only: deepCopy() every event before replying")
    boolean copyPerEvent;

    @Option(names = "--io-threads", paramLabel = "N", description = "own server only: its I/O threads (default: one per core)")
    Integer ioThreads;

    @Option(names = "--server-jvm-arg", paramLabel = "ARG",
            description = "own server only: a JVM flag for the server JVM, e.g. -XX:+UseZGC (repeatable)")
    List<String> serverJvmArgs = new ArrayList<>();

    /** The bench settings; {@link IllegalArgumentException} names a bad value. */
    BenchSettings settings() {
        return new BenchSettings(clients, EchoCommand.duration("--duration", duration, false),
                EchoCommand.duration("--warmup", warmup, true), EventKind.parse(event), window, rate, messageBytes,
                clientThreads == null ? BenchSettings.defaultClientThreads() : clientThreads,
                EchoCommand.duration("--round-time", roundTime, false), maxRounds);
    }

    @Override
    public Integer call() {
        BenchSettings settings = settings();
        LeakDetection.offUnlessConfigured();
        String buffersLabel = buffers == null ? BufferStrategy.NETTY_ADAPTIVE.label() : BufferStrategy.parse(buffers).label();
        if (port != null) {
            if (buffers != null || copyPerEvent || ioThreads != null || !serverJvmArgs.isEmpty()) {
                throw new IllegalArgumentException("--buffers, --copy-per-event, --io-threads and --server-jvm-arg "
                        + "set up bench's own server; with --port " + port + " the running server's settings apply");
            }
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("--port " + port + " is out of range; allowed: 1 to 65535");
            }
        }
        if (ioThreads != null && (ioThreads < 1 || ioThreads > 1024)) {
            throw new IllegalArgumentException("--io-threads " + ioThreads + " is out of range; allowed: 1 to 1024");
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        PrintStream human = new PrintStream(new LineWriterStream(json ? err : out), true, StandardCharsets.UTF_8);
        ResultRecord record;
        HistogramLogFile log = null;
        try {
            log = hlog == null ? null : HistogramLogFile.create(hlog, "allocpool echo bench, " + settings.event().label()
                    + ", " + settings.clients() + " clients: round-trip latency in ns, one interval per round",
                    Instant.now().toEpochMilli());
            if (port != null) {
                record = Bench.run(settings, new InetSocketAddress(host.strip(), port), human, log);
            } else {
                try (ServerProcess server = ServerProcess.start(serverCommand(buffersLabel), SERVER_START_TIMEOUT)) {
                    record = Bench.run(settings, server.address(), human, log);
                }
            }
        } catch (IOException | RuntimeException e) {
            String reason = e.getMessage() == null ? e.getClass().getName() : e.getMessage();
            if (json) {
                out.println(RecordJson.toLine(ResultRecord.failed(Bench.EXPERIMENT,
                        Bench.cell(settings, null, buffersLabel, copyPerEvent), Environment.current(), reason)));
                out.flush();
            } else {
                err.println("allocpool: echo bench failed: " + reason);
                err.flush();
            }
            return 1;
        } finally {
            if (log != null) {
                log.close();
            }
        }
        if (json) {
            out.println(RecordJson.toLine(record));
            out.flush();
        }
        return 0;
    }

    /** This program again, serving on a free port, stopping when our end of its stdin closes. */
    List<String> serverCommand(String buffersLabel) {
        List<String> args = new ArrayList<>(List.of("echo", "serve", "--host", "127.0.0.1", "--port", "0",
                "--stop-on-stdin-eof", "--buffers", buffersLabel));
        if (copyPerEvent) {
            args.add("--copy-per-event");
        }
        if (ioThreads != null) {
            args.addAll(List.of("--io-threads", Integer.toString(ioThreads)));
        }
        // the selector flags first, so that a --server-jvm-arg can still override them
        return AllocpoolMain.thisJvm().command(SelectorFlags.forThisLaunch(), serverJvmArgs, args);
    }
}

package org.allocpool.lab.echo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.allocpool.lab.text.DurationText;
import org.allocpool.lab.fork.ChildExit;
import org.allocpool.lab.fork.ChildProcess;
import org.allocpool.lab.fork.ChildRecord;
import org.allocpool.lab.fork.FailureReason;
import org.allocpool.lab.fork.ServerProcess;
import org.allocpool.lab.launch.ChildJvm;

/**
 * Runs one echo cell: starts the server JVM, waits for its {@code echo: listening on HOST:PORT}
 * line, runs the bench JVM against that port to its end, stops the server, and returns the one
 * record line to keep: the bench's record, or a failed one saying in one line what went wrong
 * (the server never listened, died, the bench crashed or timed out). The whole cell, server start to
 * stop, is bounded by the cell timeout and the stop's grace; the server never outlives the cell.
 * Keeps each JVM's stderr and the server's GC log in the results folder. Not thread-safe: one cell at
 * a time, on the lab's main thread.
 */
final class EchoCellRun {

    /** The server's line saying it is ready, as the echo contract fixes it. */
    static final Pattern LISTENING = Pattern.compile("^echo: listening on (\\S+):(\\d+)\\s*$");
    /** The longest a server may take to listen: a JVM start and 1 GB pre-touched, on a busy machine, with room. */
    static final Duration LISTEN_TIMEOUT = Duration.ofSeconds(30);

    /** How long a failed bench's server is given to show it died too. */
    static final Duration SERVER_DEATH_WAIT = Duration.ofSeconds(1);

    static final ChildRecord RECORDS = new ChildRecord(EchoLab.EXPERIMENT);

    private final ChildJvm jvm;
    private final EchoLabSettings settings;
    private final Path dir;
    private final Duration stopGrace;
    private final Consumer<String> note;

    /**
     * @param stopGrace how long the server may take to exit once its stdin is closed, and again once terminated
     * @param note      where to say what people should know (a server that had to be killed)
     */
    EchoCellRun(ChildJvm jvm, EchoLabSettings settings, Path dir, Duration stopGrace, Consumer<String> note) {
        this.jvm = jvm;
        this.settings = settings;
        this.dir = dir;
        this.stopGrace = stopGrace;
        this.note = note;
    }

    /** Runs {@code cell} and returns its record line. */
    String run(EchoCell cell) throws IOException {
        Map<String, Object> intended = cell.intendedCell(settings.duration(), settings.warmup());
        long deadline = System.nanoTime() + settings.cellTimeout().toNanos();
        Path serverLog = dir.resolve(cell.id() + ".server.log");
        Files.writeString(serverLog, "");
        List<String> serverCommand = jvm.command(cell.serverJvmFlags(dir.resolve(cell.id() + ".server.gc.log")),
                settings.jvmArgs(), cell.serverArgs());
        ServerProcess server;
        try {
            server = ServerProcess.start(serverCommand, serverLog);
        } catch (IOException cannotStart) {
            return RECORDS.failed(intended, "could not start the server with " + jvm.java() + ": " + cannotStart.getMessage());
        }
        try {
            Duration listen = min(LISTEN_TIMEOUT, left(deadline));
            Matcher listening = server.awaitLine(LISTENING, listen);
            if (listening == null) {
                boolean closed = server.hasClosedStdout();
                ChildExit stopped = server.stop(stopGrace);
                return RECORDS.failed(intended, closed && !stopped.timedOut()
                        ? "the server " + FailureReason.of(stopped.exitCode(), serverLog) + " before listening"
                        : "the server printed no 'echo: listening on' line within " + DurationText.format(listen)
                                + "; stopped");
            }
            return bench(cell, intended, listening.group(1), Integer.parseInt(listening.group(2)), deadline, server, serverLog);
        } finally {
            if (!server.hasEnded()) {
                ChildExit stopped = server.stop(stopGrace);
                if (stopped.timedOut()) {
                    note.accept(cell.label() + ": the server did not exit within " + DurationText.format(stopGrace)
                            + " of its input closing; " + (stopped.exitCode() == -1 ? "killed" : "terminated"));
                }
            }
            server.close(); // a server that ended by itself: forget its kill-on-exit hook
        }
    }

    private String bench(EchoCell cell, Map<String, Object> intended, String host, int port, long deadline,
                         ServerProcess server, Path serverLog) throws IOException {
        Path log = dir.resolve(cell.id() + ".bench.log");
        Path stdout = dir.resolve(cell.id() + ".bench.stdout");
        Files.writeString(log, "");
        List<String> command = jvm.command(EchoCell.BENCH_JVM_FLAGS, List.of(),
                cell.benchArgs(host, port, settings.duration(), settings.warmup()));
        ChildExit exit;
        try {
            exit = new ChildProcess(left(deadline)).run(command, stdout, log);
        } catch (IOException cannotStart) {
            Files.deleteIfExists(stdout);
            return RECORDS.failed(intended, "could not start the bench with " + jvm.java() + ": " + cannotStart.getMessage());
        }
        if (ChildRecord.isOnlyRecord(exit.stdout())) {
            Files.deleteIfExists(stdout);
        }
        String line = RECORDS.toLine(intended, exit, log);
        // a bench that failed because its server went away: the server's reason is the telling one (the
        // server's exit may trail the bench's by a moment, hence the short wait, on failures only)
        if (ChildRecord.failureOf(line) != null && !exit.timedOut() && server.hasEndedWithin(SERVER_DEATH_WAIT)) {
            return RECORDS.failed(intended, "the server " + FailureReason.of(server.exitCode(), serverLog)
                    + " during the bench");
        }
        return line;
    }

    private static Duration left(long deadline) {
        return Duration.ofNanos(Math.max(1_000_000, deadline - System.nanoTime()));
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}

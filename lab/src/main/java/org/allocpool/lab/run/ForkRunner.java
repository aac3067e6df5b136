package org.allocpool.lab.run;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.stream.Stream;
import org.allocpool.lab.records.CellFields;
import org.allocpool.lab.text.DurationText;
import org.allocpool.metrics.progress.ProgressMarker;
import org.allocpool.process.Child;
import org.allocpool.process.ChildExit;
import org.allocpool.process.FailureReason;
import org.allocpool.process.RunningChild;

/**
 * Runs one fork of a cell ({@link CellLaunch}) to its record line: its server first when it has
 * one (started, awaited until ready, stopped after the child and killed if it lingers), then the
 * child whose stdout carries the record, the whole bounded by the cell's timeout. Whatever goes
 * wrong becomes a failed record saying so in one line (the server never listened or died, the
 * child crashed, ran out of memory or timed out); it never throws for the cell's own failure. Keeps
 * each process's stderr in the results folder, and follows the child's there for the progress
 * markers that say where it is inside its cell. Not thread-safe: one fork at a time, on the lab's
 * main thread.
 */
final class ForkRunner {

    /** How long a failed child's server is given to show that it died too. */
    private static final Duration SERVER_DEATH_WAIT = Duration.ofSeconds(1);

    private final RecordLine lines;
    private final Consumer<String> note;
    private final Consumer<String> inCell;

    /**
     * @param lines how this experiment's record lines are made
     * @param note  where to say what people should know (a server that had to be killed)
     */
    ForkRunner(RecordLine lines, Consumer<String> note) {
        this(lines, note, where -> { });
    }

    /**
     * @param lines  how this experiment's record lines are made
     * @param note   where to say what people should know (a server that had to be killed)
     * @param inCell where to say where the child is inside its cell, as its progress markers on stderr
     *               say ({@link ProgressFollower}); called from another thread while the child runs
     */
    ForkRunner(RecordLine lines, Consumer<String> note, Consumer<String> inCell) {
        this.lines = lines;
        this.note = note;
        this.inCell = inCell;
    }

    /** The record of fork {@code fork} of a cell that cannot run here, for {@code reason}: nothing is started. */
    String skipped(CellFields intended, int fork, String reason) {
        return lines.skipped(intended, fork, reason);
    }

    /**
     * Runs fork {@code fork} of a cell whose records should carry {@code intended}.
     *
     * @throws IOException when the results folder cannot be written
     */
    String run(CellLaunch launch, CellFields intended, int fork, CellFiles files, Duration timeout, String label)
            throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            if (launch.server() == null) {
                return client(launch, launch.client().apply(null), intended, fork, files, deadline);
            }
            return withServer(launch, intended, fork, files, deadline, label);
        } finally {
            launch.cleanup().forEach(ForkRunner::deleteTree);
        }
    }

    private String withServer(CellLaunch launch, CellFields intended, int fork, CellFiles files, long deadline,
                              String label) throws IOException {
        CellLaunch.Server spec = launch.server();
        Files.writeString(files.serverLog(), "");
        RunningChild server;
        try {
            server = Child.of(spec.command()).stderrTo(files.serverLog()).start();
        } catch (IOException cannotStart) {
            return lines.failed(intended, fork, "could not start " + spec.name() + ": " + cannotStart.getMessage());
        }
        try {
            Duration listen = min(spec.readyTimeout(), left(deadline));
            Matcher ready = server.awaitLine(spec.ready(), listen);
            if (ready == null) {
                boolean closed = server.hasClosedStdout();
                ChildExit stopped = server.stop(spec.stopGrace());
                return lines.failed(intended, fork, closed && !stopped.timedOut()
                        ? spec.name() + " " + FailureReason.of(stopped.exitCode(), stopped.stderrTail()) + " before it was ready"
                        : spec.name() + " did not say it was ready within " + DurationText.format(listen) + "; stopped");
            }
            InetSocketAddress address = new InetSocketAddress(ready.group(1), Integer.parseInt(ready.group(2)));
            String line = client(launch, launch.client().apply(address), intended, fork, files, deadline);
            // a child that failed because its server went away: the server's reason is the telling one (its exit
            // may trail the child's by a moment, hence the short wait, on failures only)
            if (RecordLine.failureOf(line) != null && server.hasEndedWithin(SERVER_DEATH_WAIT)) {
                return lines.failed(intended, fork, spec.name() + " "
                        + FailureReason.of(server.exitCode(), server.stderrTail()) + " while it was measured");
            }
            return line;
        } finally {
            if (!server.hasEnded()) {
                ChildExit stopped = server.stop(spec.stopGrace());
                if (stopped.timedOut()) {
                    note.accept(label + ": " + spec.name() + " did not exit within " + DurationText.format(spec.stopGrace())
                            + " of its input closing; " + (stopped.exitCode() == -1 ? "killed" : "terminated"));
                }
            }
            server.close();
        }
    }

    private String client(CellLaunch launch, List<String> command, CellFields intended, int fork, CellFiles files,
                          long deadline) throws IOException {
        Files.writeString(files.log(), "");
        ChildExit exit;
        try (ProgressFollower follower = ProgressFollower.start(files.log(), inCell)) {
            exit = Child.of(command).environment(ProgressMarker.VARIABLE, "1").stdoutTo(files.stdout())
                    .stderrTo(files.log()).timeout(left(deadline)).run();
        } catch (IOException cannotStart) {
            Files.deleteIfExists(files.stdout());
            return lines.failed(intended, fork, "could not start " + command.getFirst() + ": " + cannotStart.getMessage());
        }
        if (RecordLine.isOnlyRecord(exit.stdout())) {
            Files.deleteIfExists(files.stdout());
        }
        if (launch.record() != null && exit.isSuccess()) {
            // a child that is not the lab's own: its record is made from the files it wrote
            exit = new ChildExit(exit.exitCode(), false, launch.record().get(), exit.stderrTail(), exit.elapsed());
        }
        return lines.of(intended, fork, exit);
    }

    private static Duration left(long deadline) {
        return Duration.ofNanos(Math.max(1_000_000, deadline - System.nanoTime()));
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    /** Removes a folder a cell wrote (a store of millions of entries is gigabytes; its figures are in the record). */
    private static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // left behind: it is inside the results folder, which the user owns
        }
    }
}

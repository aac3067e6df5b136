package org.allocpool.echo.bench;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import org.allocpool.echo.server.EchoServer;
import org.allocpool.process.Child;
import org.allocpool.process.ChildExit;
import org.allocpool.process.FailureReason;
import org.allocpool.process.ReadyLine;
import org.allocpool.process.RunningChild;

/**
 * An echo server in a JVM of its own, started from a full command line (built by the caller, e.g.
 * this program again with {@code echo serve --port 0 --stop-on-stdin-eof}) through the process
 * module: awaited until it prints its {@link ReadyLine} ({@code echo: listening on host:port}; lines
 * before it, such as the JVM's own notes, and its stderr go to our stderr), stopped by {@link #close}
 * (its stdin closed, then terminated, then killed), and killed if this JVM exits first. One owner
 * thread; not thread-safe.
 */
public final class ServerProcess implements AutoCloseable {

    /** How long the server may take to exit once its stdin closes, and again once terminated. */
    static final Duration STOP_GRACE = Duration.ofSeconds(10);

    private final RunningChild child;
    private final InetSocketAddress address;

    private ServerProcess(RunningChild child, InetSocketAddress address) {
        this.child = child;
        this.address = address;
    }

    /**
     * Starts {@code command} and waits up to {@code timeout} for it to listen.
     *
     * @throws IOException when it cannot start, ends, or does not say where it listens in time
     */
    public static ServerProcess start(List<String> command, Duration timeout) throws IOException {
        RunningChild child = Child.of(command).stdoutLines(System.err::println).start();
        Matcher ready = child.awaitLine(ReadyLine.pattern(EchoServer.SERVICE), timeout);
        if (ready == null) {
            boolean ended = child.hasClosedStdout();
            ChildExit stopped = child.stop(STOP_GRACE);
            throw new IOException(ended && !stopped.timedOut()
                    ? "the server JVM " + FailureReason.of(stopped.exitCode(), stopped.stderrTail()) + " before it listened"
                    : "the server JVM did not listen within " + timeout.toMillis() + " ms; stopped");
        }
        return new ServerProcess(child, ReadyLine.address(ready));
    }

    public InetSocketAddress address() {
        return address;
    }

    /** Closes the server's stdin (it stops), waits, and terminates or kills it if it does not. */
    @Override
    public void close() {
        child.stop(STOP_GRACE);
    }
}

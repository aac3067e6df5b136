package org.allocpool.lab.fork;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A child that serves while others run: started, waited on until it prints the line that says it
 * is ready, then stopped by closing its stdin (it is expected to exit at end of input), else
 * terminated, else killed with every process it started. It is killed too when this JVM shuts
 * down first (Ctrl-C), so a lab never leaves a server behind. Its stderr goes to a log file kept
 * for people; its stdout is read by one daemon thread of ours, which only queues the lines.
 * Not thread-safe: the lab's main thread starts, awaits and stops it.
 */
public final class ServerProcess implements AutoCloseable {

    /** What the reading thread queues when stdout ends (the child closed it or died). */
    private static final String END = new String("end of stdout");

    private final Process process;
    private final Thread killOnExit;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final long start = System.nanoTime();
    private boolean stopped;
    private boolean stdoutEnded;

    private ServerProcess(Process process) {
        this.process = process;
        this.killOnExit = new Thread(() -> ChildProcess.killTree(process.toHandle()), "lab-kill-server");
        Runtime.getRuntime().addShutdownHook(killOnExit);
        Thread reader = new Thread(this::readStdout, "lab-server-stdout-" + process.pid());
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Starts {@code command} with its stdin a pipe held open by us and its stderr into {@code stderrFile}.
     *
     * @throws IOException when the process cannot be started (e.g. no such executable)
     */
    public static ServerProcess start(List<String> command, Path stderrFile) throws IOException {
        Process process = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.PIPE)
                .redirectOutput(ProcessBuilder.Redirect.PIPE)
                .redirectError(stderrFile.toFile())
                .start();
        return new ServerProcess(process);
    }

    /** The process id, for people and tests. */
    public long pid() {
        return process.pid();
    }

    /**
     * Waits for the first line of stdout that {@code ready} finds in, for at most {@code timeout}.
     *
     * @return the match, or {@code null} when the server ended its stdout (see {@link #hasClosedStdout()})
     *         or the time ran out first
     */
    public Matcher awaitLine(Pattern ready, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            String line;
            try {
                line = left <= 0 ? null : lines.poll(left, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
            if (line == END) {
                stdoutEnded = true;
                return null;
            }
            if (line == null) {
                return null;
            }
            Matcher m = ready.matcher(line);
            if (m.find()) {
                return m;
            }
        }
    }

    /**
     * Whether {@link #awaitLine} met the end of the server's stdout: the server has exited or is
     * exiting, rather than still running without having printed the line.
     */
    public boolean hasClosedStdout() {
        return stdoutEnded;
    }

    /** Whether the server has exited. */
    public boolean hasEnded() {
        return !process.isAlive();
    }

    /** Whether the server has exited or does within {@code timeout}: for telling whether it died, not for pacing. */
    public boolean hasEndedWithin(Duration timeout) {
        return waitFor(timeout);
    }

    /** The exit code of a server that has ended. */
    public int exitCode() {
        return process.exitValue();
    }

    /**
     * Stops the server and waits for it to end: closes its stdin, then after {@code grace}
     * terminates it (SIGTERM), then after another {@code grace} kills it and its descendants.
     *
     * @return how it ended: its exit code (-1 when killed), and {@code timedOut} when it did not exit
     *         within {@code grace} of its stdin closing (it was then terminated or killed)
     */
    public ChildExit stop(Duration grace) {
        stopped = true;
        try {
            process.getOutputStream().close();
        } catch (IOException alreadyGone) {
            // it closed its end or died: waiting tells which
        }
        boolean forced = false;
        boolean killed = false;
        if (!waitFor(grace)) {
            forced = true;
            process.destroy();
            if (!waitFor(grace)) {
                ChildProcess.killTree(process.toHandle());
                waitUninterruptibly();
                killed = true;
            }
        }
        removeHook();
        return new ChildExit(killed ? -1 : process.exitValue(), forced, "", Duration.ofNanos(System.nanoTime() - start));
    }

    /** Kills the server and its descendants at once, unless {@link #stop} ended it already. */
    @Override
    public void close() {
        if (!stopped) {
            stopped = true;
            ChildProcess.killTree(process.toHandle());
            waitUninterruptibly();
            removeHook();
        }
    }

    private void readStdout() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lines.add(line);
            }
        } catch (IOException closed) {
            // the process is gone: the end below says so
        } finally {
            lines.add(END);
        }
    }

    private boolean waitFor(Duration timeout) {
        try {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void waitUninterruptibly() {
        boolean interrupted = false;
        while (true) {
            try {
                process.waitFor();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void removeHook() {
        try {
            Runtime.getRuntime().removeShutdownHook(killOnExit);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or about to: it kills the server, as intended
        }
    }
}

package org.allocpool.process;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A child that serves while others run ({@link Child#start()}): waited on until it prints the
 * line that says it is ready, then stopped by closing its stdin (it is expected to exit at end of
 * input), else terminated, else killed with every process it started. It is killed too when this
 * JVM shuts down first (Ctrl-C), so that no server is left behind. Its stdout is read by one daemon
 * thread, which only queues the lines. Not thread-safe: one owner thread starts, awaits and stops it.
 */
public final class RunningChild implements AutoCloseable {

    /** What the reading thread queues when stdout ends (the child closed it or died). */
    private static final String END = new String("end of stdout");

    private final Process process;
    private final Thread killOnExit;
    private final Consumer<String> otherLines;
    private final Supplier<List<String>> stderrTail;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final long start = System.nanoTime();
    private boolean stopped;
    private boolean stdoutEnded;

    RunningChild(Process process, Thread killOnExit, Consumer<String> otherLines, Supplier<List<String>> stderrTail) {
        this.process = process;
        this.killOnExit = killOnExit;
        this.otherLines = otherLines;
        this.stderrTail = stderrTail;
        Thread.ofPlatform().name("allocpool-server-stdout-" + process.pid()).daemon().start(this::readStdout);
    }

    /** The process id, for people and tests. */
    public long pid() {
        return process.pid();
    }

    /**
     * Waits for the first line of stdout that {@code ready} finds in, for at most {@code timeout};
     * lines before it go where the child's stdout was told to.
     *
     * @return the match, or {@code null} when the child ended its stdout (see {@link #hasClosedStdout()})
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
            otherLines.accept(line);
        }
    }

    /** Whether {@link #awaitLine} met the end of the child's stdout: it has exited or is exiting. */
    public boolean hasClosedStdout() {
        return stdoutEnded;
    }

    /** Whether the child has exited. */
    public boolean hasEnded() {
        return !process.isAlive();
    }

    /** Whether the child has exited or does within {@code timeout}: for telling whether it died, not for pacing. */
    public boolean hasEndedWithin(Duration timeout) {
        return ProcessTree.waitFor(process, timeout.toMillis());
    }

    /** The exit code of a child that has ended. */
    public int exitCode() {
        return process.exitValue();
    }

    /** The last lines of its stderr so far (all of them once it has ended). */
    public List<String> stderrTail() {
        return stderrTail.get();
    }

    /**
     * Stops the child and waits for it to end: closes its stdin, then after {@code grace}
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
        if (!ProcessTree.waitFor(process, grace.toMillis())) {
            forced = true;
            process.destroy();
            if (!ProcessTree.waitFor(process, grace.toMillis())) {
                ProcessTree.kill(process.toHandle());
                ProcessTree.awaitDeath(process);
                killed = true;
            }
        }
        ProcessTree.forget(killOnExit);
        return new ChildExit(killed ? -1 : process.exitValue(), forced, "", stderrTail.get(),
                Duration.ofNanos(System.nanoTime() - start));
    }

    /** Kills the child and its descendants at once, unless {@link #stop} ended it already. */
    @Override
    public void close() {
        if (!stopped) {
            stopped = true;
            ProcessTree.kill(process.toHandle());
            ProcessTree.awaitDeath(process);
            ProcessTree.forget(killOnExit);
        }
    }

    private void readStdout() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lines.add(line);
            }
        } catch (IOException closed) {
            // the process is gone: the end below says so
        } finally {
            lines.add(END);
        }
    }
}

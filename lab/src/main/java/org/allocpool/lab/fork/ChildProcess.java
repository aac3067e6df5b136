package org.allocpool.lab.fork;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs one child process to its end or its timeout: stdout into a file the caller reads back,
 * stderr into a log file kept for people. On timeout, or when this JVM shuts down first, the
 * child and every process it started are killed. Files are redirected by the OS, so no thread of
 * ours pumps the child's output. Not thread-safe: one {@link #run} at a time per instance.
 */
public final class ChildProcess {

    private final Duration timeout;

    /** A runner that kills a child after {@code timeout}. */
    public ChildProcess(Duration timeout) {
        this.timeout = timeout;
    }

    /**
     * Runs {@code command}, writing its stdout to {@code stdoutFile} and its stderr to {@code stderrFile}
     * (both replaced), and waits for it to end or time out.
     *
     * @throws IOException when the process cannot be started (e.g. no such executable)
     */
    public ChildExit run(List<String> command, Path stdoutFile, Path stderrFile) throws IOException {
        long start = System.nanoTime();
        Process process = new ProcessBuilder(command)
                .redirectOutput(stdoutFile.toFile())
                .redirectError(stderrFile.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(nullDevice()))
                .start();
        Thread killOnExit = new Thread(() -> killTree(process.toHandle()), "lab-kill-child");
        Runtime.getRuntime().addShutdownHook(killOnExit);
        try {
            boolean ended = waitFor(process, timeout);
            if (!ended) {
                killTree(process.toHandle());
                waitUninterruptibly(process);
            }
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            String stdout = Files.readString(stdoutFile, StandardCharsets.UTF_8);
            return new ChildExit(ended ? process.exitValue() : -1, !ended, stdout, elapsed);
        } finally {
            removeHook(killOnExit);
        }
    }

    /** Kills {@code root} and its descendants, listed before the root dies: once re-parented they could be missed. */
    static void killTree(ProcessHandle root) {
        List<ProcessHandle> descendants = root.descendants().toList();
        root.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
    }

    private static boolean waitFor(Process process, Duration timeout) {
        try {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static void waitUninterruptibly(Process process) {
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

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or about to: it kills the child, as intended
        }
    }

    private static java.io.File nullDevice() {
        return new java.io.File(System.getProperty("os.name", "").startsWith("Windows") ? "NUL" : "/dev/null");
    }
}

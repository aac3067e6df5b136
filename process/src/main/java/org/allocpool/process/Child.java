package org.allocpool.process;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A child process to start: its command line, where its stdout and stderr go, and how long it may
 * run. {@link #run()} runs it to its end (killing it, with every process it started, when it
 * outlives its timeout); {@link #start()} starts one that serves while others run (a server,
 * stopped through {@link RunningChild}). Either way the child is killed if this JVM shuts down
 * first, and the last lines of its stderr are kept to say why it failed.
 *
 * <p>Immutable: each {@code with}-style method returns a new description. Thread-safe; each
 * {@code run} or {@code start} is a process of its own. Files are redirected by the OS, so a child
 * whose output goes to files costs no thread of ours; output handed over line by line costs one
 * daemon thread per stream.
 */
public final class Child {

    /** How many of its last stderr lines are kept to say why a child failed. */
    public static final int STDERR_TAIL_LINES = 40;

    /** How long the threads reading a dead child's pipes are waited for (a grandchild may hold them open). */
    private static final long PUMP_JOIN_MS = 5_000;

    private final List<String> command;
    private final Output stdout;
    private final Output stderr;
    private final Duration timeout;
    private final Map<String, String> environment;

    private Child(List<String> command, Output stdout, Output stderr, Duration timeout) {
        this(command, stdout, stderr, timeout, Map.of());
    }

    private Child(List<String> command, Output stdout, Output stderr, Duration timeout, Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
        this.command = List.copyOf(command);
        if (this.command.isEmpty()) {
            throw new IllegalArgumentException("a child needs a command");
        }
        this.stdout = stdout;
        this.stderr = stderr;
        this.timeout = timeout;
    }

    /** {@code command}, its stdout kept and returned, its stderr on this JVM's stderr (tail kept), no timeout. */
    public static Child of(List<String> command) {
        return new Child(command, Output.KEEP, Output.lines(System.err::println), null);
    }

    /** Its stdout also written to {@code file} (replaced); the text is still returned by {@link #run()}. */
    public Child stdoutTo(Path file) {
        return new Child(command, Output.file(file), stderr, timeout, environment);
    }

    /** Its stdout handed to {@code lines} as each line comes, not kept. */
    public Child stdoutLines(Consumer<String> lines) {
        return new Child(command, Output.lines(lines), stderr, timeout, environment);
    }

    /** Its stderr written to {@code file} (replaced), kept there for people. */
    public Child stderrTo(Path file) {
        return new Child(command, stdout, Output.file(file), timeout, environment);
    }

    /** Its stderr handed to {@code lines} as each line comes. */
    public Child stderrLines(Consumer<String> lines) {
        return new Child(command, stdout, Output.lines(lines), timeout, environment);
    }

    /** Killed, with every process it started, once it has run for {@code limit}. */
    public Child timeout(Duration limit) {
        if (limit.isNegative() || limit.isZero()) {
            throw new IllegalArgumentException("a timeout must be positive, was " + limit);
        }
        return new Child(command, stdout, stderr, limit, environment);
    }

    /** With the environment variable {@code name} set to {@code value}, beside this JVM's environment. */
    public Child environment(String name, String value) {
        Map<String, String> more = new HashMap<>(environment);
        more.put(name, value);
        return new Child(command, stdout, stderr, timeout, more);
    }

    /** The command line. */
    public List<String> command() {
        return command;
    }

    /**
     * Runs the child to its end or its timeout, its stdin empty.
     *
     * @throws IOException when it cannot be started (no such executable) or its stdout cannot be read back
     */
    public ChildExit run() throws IOException {
        long start = System.nanoTime();
        Path keptStdout = stdout.kind == Kind.KEEP ? Files.createTempFile("allocpool-child", ".out") : stdout.file;
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
            builder.environment().putAll(environment);
            redirectStdout(builder, keptStdout);
            redirectStderr(builder);
            Process process = builder.start();
            Thread hook = ProcessTree.killOnExit(process, "allocpool-kill-child-" + process.pid());
            try {
                StreamPump out = stdout.kind == Kind.LINES ? StreamPump.start(process.getInputStream(), stdout.lines,
                        0, "allocpool-child-stdout") : null;
                StreamPump err = stderr.kind == Kind.LINES ? StreamPump.start(process.getErrorStream(), stderr.lines,
                        STDERR_TAIL_LINES, "allocpool-child-stderr") : null;
                boolean ended = timeout == null ? waitForever(process) : ProcessTree.waitFor(process, timeout.toMillis());
                if (!ended) {
                    ProcessTree.kill(process.toHandle());
                    ProcessTree.awaitDeath(process);
                }
                if (out != null) {
                    out.join(PUMP_JOIN_MS);
                }
                List<String> tail = err != null ? err.join(PUMP_JOIN_MS) : fileTail(stderr);
                String text = keptStdout == null ? "" : Files.readString(keptStdout, StandardCharsets.UTF_8);
                return new ChildExit(ended ? process.exitValue() : -1, !ended, text, tail,
                        Duration.ofNanos(System.nanoTime() - start));
            } finally {
                ProcessTree.forget(hook);
            }
        } finally {
            if (stdout.kind == Kind.KEEP) {
                Files.deleteIfExists(keptStdout);
            }
        }
    }

    /**
     * Starts the child to serve while others run: its stdin a pipe held open (closing it asks the
     * child to stop), its stdout read line by line by a daemon thread for {@link RunningChild#awaitLine}
     * (lines it does not wait for go where {@link #stdoutLines} said, else nowhere). The timeout,
     * if any, is not enforced here: the caller stops the child.
     *
     * @throws IOException when it cannot be started
     */
    public RunningChild start() throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.PIPE)
                .redirectOutput(ProcessBuilder.Redirect.PIPE);
        builder.environment().putAll(environment);
        redirectStderr(builder);
        Process process = builder.start();
        Thread hook = ProcessTree.killOnExit(process, "allocpool-kill-server-" + process.pid());
        StreamPump err = stderr.kind == Kind.LINES ? StreamPump.start(process.getErrorStream(), stderr.lines,
                STDERR_TAIL_LINES, "allocpool-server-stderr") : null;
        Consumer<String> otherLines = stdout.kind == Kind.LINES ? stdout.lines : line -> { };
        return new RunningChild(process, hook, otherLines, () -> err != null ? err.join(PUMP_JOIN_MS) : fileTail(stderr));
    }

    private void redirectStdout(ProcessBuilder builder, Path file) {
        if (file != null) {
            builder.redirectOutput(file.toFile());
        } else {
            builder.redirectOutput(ProcessBuilder.Redirect.PIPE);
        }
    }

    private void redirectStderr(ProcessBuilder builder) {
        if (stderr.kind == Kind.FILE) {
            builder.redirectError(stderr.file.toFile());
        } else {
            builder.redirectError(ProcessBuilder.Redirect.PIPE);
        }
    }

    private static boolean waitForever(Process process) {
        ProcessTree.awaitDeath(process);
        return true;
    }

    private static List<String> fileTail(Output output) {
        if (output.kind != Kind.FILE) {
            return List.of();
        }
        try {
            List<String> lines = new String(Files.readAllBytes(output.file), StandardCharsets.UTF_8).lines().toList();
            return lines.subList(Math.max(0, lines.size() - STDERR_TAIL_LINES), lines.size());
        } catch (IOException e) {
            return List.of();
        }
    }

    private static File nullDevice() {
        return new File(System.getProperty("os.name", "").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    private enum Kind { KEEP, FILE, LINES }

    /** Where one stream goes. */
    private record Output(Kind kind, Path file, Consumer<String> lines) {
        static final Output KEEP = new Output(Kind.KEEP, null, null);

        static Output file(Path file) {
            return new Output(Kind.FILE, Objects.requireNonNull(file, "file"), null);
        }

        static Output lines(Consumer<String> lines) {
            return new Output(Kind.LINES, null, Objects.requireNonNull(lines, "lines"));
        }
    }
}

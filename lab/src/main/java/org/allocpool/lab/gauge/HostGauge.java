package org.allocpool.lab.gauge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.allocpool.nativelib.BundledProgram;
import org.allocpool.process.Child;
import org.allocpool.process.ChildExit;

/**
 * The host gauge: runs the C probe {@code allocpool-host-gauge} ({@code native/gauge/host_gauge.c}, about
 * {@value #DEFAULT_MS} ms, a memory-bound and a CPU-bound loop) in a child process and reads its one JSON
 * line, so that the lab can see how far the host's speed moved between the start and the end of a fork.
 * It only flags: no figure is ever rescaled by it. A gauge that cannot be read is a result
 * ({@link GaugeResult.Unreadable}), never an exception: the lab goes on without it.
 *
 * <p>Thread-safe: each {@link #read} runs a process of its own; {@link #readOrTell} says each kind of
 * failure once per instance. Memory ownership: none; the bundled program's temporary copy is
 * {@link BundledProgram#locate}'s, deleted when this JVM exits.
 */
public final class HostGauge {

    /** A built program to run instead of the bundled one, e.g. {@code native/target/cmake/...}. */
    public static final String OVERRIDE_PROPERTY = "allocpool.native.host-gauge";
    public static final String NAME = "allocpool-host-gauge";
    /** How long the program runs its two loops, in all; its own default too. */
    public static final int DEFAULT_MS = 200;
    /**
     * How long a reading may take before it is killed and given up: fifty times what it needs on a quiet
     * machine (the program also allocates and touches 64 MiB), so only a hung or starved gauge reaches it.
     */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Supplier<Path> program;
    private final Duration timeout;
    private final Set<GaugeResult.Why> told = EnumSet.noneOf(GaugeResult.Why.class);

    private HostGauge(Supplier<Path> program, Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("a gauge's timeout must be positive, was " + timeout);
        }
        this.program = program;
        this.timeout = timeout;
    }

    /** The program the lab runs: {@value #OVERRIDE_PROPERTY}'s file, else the bundled one; found at each read. */
    public static HostGauge bundled() {
        return new HostGauge(HostGauge::locate, DEFAULT_TIMEOUT);
    }

    /** The program at {@code program} (any executable printing the same line), killed after {@code timeout}. */
    public static HostGauge of(Path program, Duration timeout) {
        return new HostGauge(() -> program, timeout);
    }

    /**
     * The bundled program's file, or the override's.
     *
     * @throws IllegalStateException saying what is missing and how to get it
     */
    public static Path locate() {
        return BundledProgram.locate(NAME, OVERRIDE_PROPERTY);
    }

    /** Runs the gauge once, {@value #DEFAULT_MS} ms, and says what it read or why it read nothing. */
    public GaugeResult read() {
        Path file;
        try {
            file = program.get();
        } catch (IllegalStateException e) {
            return new GaugeResult.Unreadable(GaugeResult.Why.MISSING, e.getMessage());
        }
        Instant at = Instant.now();
        ChildExit exit;
        try {
            // its stderr (how the repetitions spread) is for people running it by hand; the tail stays for failure()
            exit = Child.of(List.of(file.toString(), "--ms", Integer.toString(DEFAULT_MS)))
                    .stderrLines(line -> { })
                    .timeout(timeout)
                    .run();
        } catch (IOException e) {
            return new GaugeResult.Unreadable(GaugeResult.Why.MISSING, "cannot start " + file + ": " + e.getMessage());
        }
        if (exit.timedOut()) {
            return new GaugeResult.Unreadable(GaugeResult.Why.TIMED_OUT, exit.failure());
        }
        if (exit.exitCode() != 0) {
            return new GaugeResult.Unreadable(GaugeResult.Why.CRASHED, exit.failure());
        }
        return parse(exit.lastJsonLine(), at);
    }

    /**
     * Runs the gauge once; when it reads nothing, hands {@code tell} one line saying why, the first time
     * this gauge fails that way only (a missing program is said once per run, not once per fork).
     */
    public Optional<GaugeReading> readOrTell(Consumer<String> tell) {
        GaugeResult result = read();
        if (result instanceof GaugeResult.Unreadable unreadable && firstTime(unreadable.why())) {
            tell.accept(unreadable.message() + "; the run goes on without it");
        }
        return result.reading();
    }

    private synchronized boolean firstTime(GaugeResult.Why why) {
        return told.add(why);
    }

    /** The reading in {@code line}, {@code {"memoryNsPerLine":2.5,"cpuNsPerOp":1.35}}, taken at {@code at}. */
    static GaugeResult parse(String line, Instant at) {
        if (line == null) {
            return new GaugeResult.Unreadable(GaugeResult.Why.BAD_OUTPUT, "no JSON line on stdout");
        }
        try {
            JsonNode node = JSON.readTree(line);
            JsonNode memory = node.get("memoryNsPerLine");
            JsonNode cpu = node.get("cpuNsPerOp");
            if (memory == null || cpu == null || !memory.isNumber() || !cpu.isNumber()
                    || !isPositive(memory.doubleValue()) || !isPositive(cpu.doubleValue())) {
                return new GaugeResult.Unreadable(GaugeResult.Why.BAD_OUTPUT,
                        "expected positive memoryNsPerLine and cpuNsPerOp, got " + clip(line));
            }
            return new GaugeResult.Read(new GaugeReading(at, memory.doubleValue(), cpu.doubleValue()));
        } catch (IOException e) {
            return new GaugeResult.Unreadable(GaugeResult.Why.BAD_OUTPUT, "not JSON: " + clip(line));
        }
    }

    private static boolean isPositive(double value) {
        return value > 0 && Double.isFinite(value);
    }

    private static String clip(String line) {
        return line.length() <= 120 ? line : line.substring(0, 117) + "...";
    }
}

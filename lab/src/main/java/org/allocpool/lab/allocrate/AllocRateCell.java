package org.allocpool.lab.allocrate;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.allocpool.lab.run.JvmFileFlags;
import org.allocpool.lab.run.LabCell;

/**
 * One cell of the alloc-rate matrix: {@code threads} threads running {@code loop} in a JVM under
 * {@code gc}, with escape analysis on or off, timed in rounds of {@code roundTime} or, for an Epsilon
 * heap that never frees, of {@code roundEvents} sized to fit it. Says the child's JVM flags and program
 * arguments and the cell fields its records should carry. Immutable.
 *
 * @param gc             the collector
 * @param loop           {@code alloc} or {@code reuse}
 * @param escapeAnalysis whether C2's escape analysis runs
 * @param threads        worker threads
 * @param heap           the heap, {@code -Xms} = {@code -Xmx}, e.g. {@code 1g}
 * @param roundTime      one round's time, or {@code null} for rounds of events
 * @param roundEvents    one round's events over all threads, or 0 for rounds of time
 * @param warmup         warm-up rounds
 * @param rounds         timed rounds that count
 * @param maxRounds      timed rounds at most
 */
public record AllocRateCell(AllocRateGc gc, String loop, boolean escapeAnalysis, int threads, String heap,
                            Duration roundTime, long roundEvents, int warmup, int rounds, int maxRounds)
        implements LabCell<AllocRateCellFields> {

    /** The heap of every collector but Epsilon: fixed, pre-touched, as the echo server's. */
    public static final String HEAP = "1g";
    /** Pre-touch the heap: a first write to a page of a virtual machine's memory is the machine's cost, not the allocator's. */
    public static final String PRE_TOUCH = "-XX:+AlwaysPreTouch";
    /** Turns C2's escape analysis off. */
    public static final String NO_ESCAPE_ANALYSIS = "-XX:-DoEscapeAnalysis";

    public AllocRateCell {
        Objects.requireNonNull(gc, "gc");
        Objects.requireNonNull(loop, "loop");
        if ((roundTime == null) == (roundEvents == 0)) {
            throw new IllegalArgumentException("a cell is timed in rounds of time or of events, not both or neither");
        }
    }

    /** {@code G1-alloc-4t}, {@code G1-alloc-4t-no-ea}. */
    @Override
    public String id() {
        return gc.label() + "-" + loop + "-" + threads + "t" + (escapeAnalysis ? "" : "-no-ea");
    }

    @Override
    public String label() {
        return fields().label();
    }

    @Override
    public AllocRateCellFields fields() {
        return new AllocRateCellFields(loop, threads, gc.label(), escapeAnalysis, null,
                roundTime == null ? null : roundTime.toMillis(), roundEvents == 0 ? null : roundEvents, warmup, rounds,
                maxRounds);
    }

    /** The collector's flags, the fixed pre-touched heap, escape analysis off when asked, the GC log into {@code gcLog}. */
    public List<String> jvmFlags(Path gcLog) {
        List<String> flags = new ArrayList<>(gc.flags());
        flags.addAll(List.of("-Xms" + heap, "-Xmx" + heap, PRE_TOUCH));
        if (!escapeAnalysis) {
            flags.add(NO_ESCAPE_ANALYSIS);
        }
        flags.add(JvmFileFlags.gcLog(gcLog));
        return List.copyOf(flags);
    }

    /** {@code alloc-rate --loop L --threads T --round-time R|--round-events N --warmup W --rounds R --max-rounds M --json}. */
    public List<String> programArgs() {
        List<String> args = new ArrayList<>(List.of("alloc-rate", "--loop", loop, "--threads", Integer.toString(threads)));
        if (roundTime != null) {
            args.addAll(List.of("--round-time", roundTime.toMillis() + "ms"));
        } else {
            args.addAll(List.of("--round-events", Long.toString(roundEvents)));
        }
        args.addAll(List.of("--warmup", Integer.toString(warmup), "--rounds", Integer.toString(rounds), "--max-rounds",
                Integer.toString(maxRounds), "--json"));
        return List.copyOf(args);
    }
}

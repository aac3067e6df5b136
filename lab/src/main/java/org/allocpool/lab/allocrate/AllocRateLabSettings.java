package org.allocpool.lab.allocrate;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.allocpool.process.JvmCommand;

/**
 * Everything an alloc-rate lab run needs to know about its cells, validated, the profile's defaults
 * filled in: after construction every component holds what will run. Names in lists may be
 * comma-separated and ignore case. Where the records go, resuming and sharding are the lab runner's.
 * Immutable.
 *
 * @param profile        quick (default) or full
 * @param gcs            collector labels; {@code null} or empty for the profile's
 * @param loops          {@code alloc}, {@code reuse}; {@code null} or empty for the profile's choice
 * @param escapeAnalysis {@code true} (on), {@code false} (off); {@code null} or empty for the profile's choice
 * @param threads        thread counts, sorted; {@code null} or empty for the profile's on {@code cores}
 * @param cores          the machine's cores, from which the profile's thread counts follow
 * @param roundTime      one round; {@code null} for the profile's
 * @param forks          JVMs per cell, at least 1; {@code null} for the profile's
 * @param jvmArgs        JVM arguments appended for every cell ({@code --jvm-arg})
 * @param javaHome       a JDK whose {@code bin/java} runs the cells, or {@code null} for this one
 * @param cellTimeout    how long one fork may take; {@code null} for its rounds + {@link AllocRateProfile#FORK_OVERHEAD}
 * @throws IllegalArgumentException with one line naming the bad value (and the allowed ones)
 */
public record AllocRateLabSettings(AllocRateProfile profile, List<String> gcs, List<String> loops,
                                   List<Boolean> escapeAnalysis, List<Integer> threads, int cores, Duration roundTime,
                                   Integer forks, List<String> jvmArgs, Path javaHome, Duration cellTimeout) {

    /** The loops, in table order. */
    public static final List<String> LOOPS = List.of("alloc", "reuse");
    /** More threads than this is a typo. */
    public static final int MAX_THREADS = 1024;
    /** The most bytes one event of the allocating loop takes (56 measured, with compressed class pointers): what an Epsilon heap is sized by. */
    static final long EVENT_BYTES_BOUND = 64;
    /** The share of an Epsilon heap the rounds may fill; the rest is the JVM's own (JFR, the JIT's, class data). */
    static final double EPSILON_FILL = 0.85;

    public AllocRateLabSettings {
        profile = profile == null ? AllocRateProfile.QUICK : profile;
        if (cores < 1) {
            throw new IllegalArgumentException("cores must be at least 1, was " + cores);
        }
        gcs = names(gcs, n -> AllocRateGc.byName(n).label(), profile.collectors());
        loops = names(loops, AllocRateLabSettings::loop, List.of());
        escapeAnalysis = escapeAnalysis == null ? List.of() : List.copyOf(new LinkedHashSet<>(escapeAnalysis));
        threads = threadCounts(threads, profile.threads(cores));
        roundTime = roundTime == null ? profile.roundTime() : roundTime;
        if (roundTime.toMillis() < 1) {
            throw new IllegalArgumentException("--round-time must be at least 1ms, was " + roundTime);
        }
        if (forks != null && forks < 1) {
            throw new IllegalArgumentException("--forks must be at least 1, was " + forks);
        }
        forks = forks == null ? profile.forks() : forks;
        jvmArgs = jvmArgs == null ? List.of() : List.copyOf(jvmArgs);
        if (javaHome != null) {
            JvmCommand.javaIn(javaHome);
        }
        if (cellTimeout != null && (cellTimeout.isZero() || cellTimeout.isNegative())) {
            throw new IllegalArgumentException("--cell-timeout must be positive, not " + cellTimeout);
        }
        cellTimeout = cellTimeout != null ? cellTimeout
                : roundTime.multipliedBy(profile.warmup() + profile.maxRounds()).plus(AllocRateProfile.FORK_OVERHEAD);
    }

    /** The profile with every default on a machine of {@code cores}. */
    public static AllocRateLabSettings of(AllocRateProfile profile, int cores) {
        return new AllocRateLabSettings(profile, null, null, null, null, cores, null, null, null, null, null);
    }

    /**
     * Every cell, thread count by thread count (so that the cells a ratio compares run close together in
     * time, under the same load), then collector, then loop and escape analysis. With loops or escape
     * analysis named, every one named under every collector; else the profile's: all (full), or the
     * allocating loop with escape analysis on under every collector and, under the first (the reference),
     * also with it off and the reusing loop (quick).
     */
    public List<AllocRateCell> cells() {
        List<AllocRateCell> cells = new ArrayList<>();
        boolean named = !loops.isEmpty() || !escapeAnalysis.isEmpty();
        List<String> loopValues = loops.isEmpty() ? LOOPS : loops;
        List<Boolean> eaValues = escapeAnalysis.isEmpty() ? List.of(true, false) : escapeAnalysis;
        boolean every = named || profile.isComplete();
        for (int t : threads) {
            for (String gcName : gcs) {
                AllocRateGc gc = AllocRateGc.byName(gcName);
                for (String loop : loopValues) {
                    for (boolean ea : eaValues) {
                        if (every || isQuickCell(gcName, loop, ea)) {
                            cells.add(cell(gc, loop, ea, t));
                        }
                    }
                }
            }
        }
        return List.copyOf(cells);
    }

    /** Quick's choice: the allocating loop with escape analysis on anywhere; with it off, and reuse with it on, under the reference. */
    private boolean isQuickCell(String gc, String loop, boolean ea) {
        boolean alloc = loop.equals("alloc");
        return (alloc && ea) || (gc.equals(reference()) && (alloc || ea));
    }

    /** The reference collector: the first named, under which quick also runs escape analysis off and the reusing loop. */
    public String reference() {
        return gcs.getFirst();
    }

    /** What every child is told of its rounds, whatever its cell: what {@code lab-alloc-rate.json} records. */
    public List<String> childArgs() {
        return List.of("--round-time", roundTime.toMillis() + "ms", "--warmup", Integer.toString(profile.warmup()),
                "--rounds", Integer.toString(profile.rounds()), "--max-rounds", Integer.toString(profile.maxRounds()));
    }

    private AllocRateCell cell(AllocRateGc gc, String loop, boolean ea, int t) {
        if (gc.isEpsilon() && loop.equals("alloc")) {
            return new AllocRateCell(gc, loop, ea, t, profile.epsilonHeap(), null, epsilonRoundEvents(), profile.warmup(),
                    profile.rounds(), profile.maxRounds());
        }
        return new AllocRateCell(gc, loop, ea, t, gc.isEpsilon() ? profile.epsilonHeap() : AllocRateCell.HEAP, roundTime, 0,
                profile.warmup(), profile.rounds(), profile.maxRounds());
    }

    /** Events per round such that every round a child may run (warm-up and the most timed ones) fits the Epsilon heap. */
    long epsilonRoundEvents() {
        long heapBytes = bytes(profile.epsilonHeap());
        return (long) (heapBytes * EPSILON_FILL / ((profile.warmup() + profile.maxRounds()) * EVENT_BYTES_BOUND));
    }

    static long bytes(String size) {
        String s = size.strip().toLowerCase(Locale.ROOT);
        long unit = switch (s.charAt(s.length() - 1)) {
            case 'g' -> 1L << 30;
            case 'm' -> 1L << 20;
            case 'k' -> 1L << 10;
            default -> 1;
        };
        return Long.parseLong(Character.isDigit(s.charAt(s.length() - 1)) ? s : s.substring(0, s.length() - 1)) * unit;
    }

    /**
     * The loop called {@code name}, ignoring case.
     *
     * @throws IllegalArgumentException naming the bad value and the allowed ones
     */
    public static String loop(String name) {
        String wanted = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        if (!LOOPS.contains(wanted)) {
            throw new IllegalArgumentException("unknown loop '" + (name == null ? "" : name.strip()) + "'; allowed: "
                    + String.join(", ", LOOPS));
        }
        return wanted;
    }

    /**
     * {@code true} for {@code on}, {@code false} for {@code off}, ignoring case.
     *
     * @throws IllegalArgumentException naming the bad value
     */
    public static boolean escapeAnalysis(String value) {
        String wanted = value == null ? "" : value.strip().toLowerCase(Locale.ROOT);
        return switch (wanted) {
            case "on" -> true;
            case "off" -> false;
            default -> throw new IllegalArgumentException("unknown --escape-analysis value '"
                    + (value == null ? "" : value.strip()) + "'; allowed: on, off");
        };
    }

    private static List<Integer> threadCounts(List<Integer> given, List<Integer> defaults) {
        if (given == null || given.isEmpty()) {
            return defaults;
        }
        Set<Integer> sorted = new TreeSet<>();
        for (Integer n : given) {
            if (n == null || n < 1 || n > MAX_THREADS) {
                throw new IllegalArgumentException("bad thread count '" + n + "'; expected 1 to " + MAX_THREADS
                        + ", e.g. 1,2,4");
            }
            sorted.add(n);
        }
        return List.copyOf(sorted);
    }

    private static List<String> names(List<String> given, java.util.function.UnaryOperator<String> canonical,
                                      List<String> defaults) {
        if (given == null) {
            return defaults;
        }
        Set<String> names = new LinkedHashSet<>();
        for (String item : given) {
            for (String name : item.split(",")) {
                if (!name.isBlank()) {
                    names.add(canonical.apply(name));
                }
            }
        }
        return names.isEmpty() ? defaults : List.copyOf(names);
    }
}

package org.allocpool.lab.allocrate;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The alloc-rate lab's profiles: which collectors, thread counts and loops run when none are named, and
 * how each child is timed. Quick runs the allocating loop (escape analysis on) under every collector, and
 * under the first (the reference, G1) also with escape analysis off and the reusing loop (which allocates
 * nothing, so that no collector has work to do with it): 1, the cores and twice the cores threads. Full
 * runs every loop both ways under every collector on every thread count from 1 to twice the cores.
 * Immutable.
 */
public enum AllocRateProfile {

    QUICK("quick", List.of("G1", "Parallel", "ZGC", AllocRateGc.EPSILON_LABEL), false, Duration.ofMillis(300), 2, 5, 8,
            2, "3g"),
    FULL("full", AllocRateGc.all().stream().map(AllocRateGc::label).toList(), true, Duration.ofSeconds(1), 3, 10, 20, 2,
            "8g");

    /** Time a fork may take beyond its rounds: a JVM start, pre-touching an Epsilon heap, JFR, the exit. */
    static final Duration FORK_OVERHEAD = Duration.ofSeconds(90);

    private final String label;
    private final List<String> collectors;
    private final boolean everyThreadCount;
    private final Duration roundTime;
    private final int warmup;
    private final int rounds;
    private final int maxRounds;
    private final int forks;
    private final String epsilonHeap;

    AllocRateProfile(String label, List<String> collectors, boolean everyThreadCount, Duration roundTime, int warmup,
                     int rounds, int maxRounds, int forks, String epsilonHeap) {
        this.label = label;
        this.collectors = List.copyOf(collectors);
        this.everyThreadCount = everyThreadCount;
        this.roundTime = roundTime;
        this.warmup = warmup;
        this.rounds = rounds;
        this.maxRounds = maxRounds;
        this.forks = forks;
        this.epsilonHeap = epsilonHeap;
    }

    /** {@code quick} or {@code full}. */
    public String label() {
        return label;
    }

    /** The collectors run when none are named. */
    public List<String> collectors() {
        return collectors;
    }

    /** Whether every loop runs both ways under every collector (full), or only the allocating one beyond the first (quick). */
    public boolean isComplete() {
        return this == FULL;
    }

    /** The thread counts run on a machine of {@code cores} when none are named: 1, cores, 2 × cores (quick) or every one up to 2 × cores (full). */
    public List<Integer> threads(int cores) {
        TreeSet<Integer> counts = new TreeSet<>();
        int most = 2 * Math.max(1, cores);
        if (everyThreadCount) {
            for (int t = 1; t <= most; t++) {
                counts.add(t);
            }
        } else {
            counts.addAll(List.of(1, Math.max(1, cores), most));
        }
        return List.copyOf(counts);
    }

    /** One round's time. */
    public Duration roundTime() {
        return roundTime;
    }

    /** Warm-up rounds. */
    public int warmup() {
        return warmup;
    }

    /** Timed rounds that count. */
    public int rounds() {
        return rounds;
    }

    /** Timed rounds at most, while not steady. */
    public int maxRounds() {
        return maxRounds;
    }

    /** JVMs per cell. */
    public int forks() {
        return forks;
    }

    /** Epsilon's heap ({@code -Xms} = {@code -Xmx}), which holds every event the allocating loop makes. */
    public String epsilonHeap() {
        return epsilonHeap;
    }

    /**
     * The profile called {@code name}, ignoring case.
     *
     * @throws IllegalArgumentException naming the bad value and the allowed ones
     */
    public static AllocRateProfile byName(String name) {
        String wanted = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        for (AllocRateProfile profile : values()) {
            if (profile.label.equals(wanted)) {
                return profile;
            }
        }
        throw new IllegalArgumentException("unknown profile '" + name + "'; allowed: "
                + Arrays.stream(values()).map(AllocRateProfile::label).collect(Collectors.joining(", ")));
    }
}

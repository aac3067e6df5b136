package org.allocpool.lab.analyzer;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How much of the matrix a lab run covers and how long each cell measures. The quick profile's
 * round sizes live here and nowhere else. Immutable.
 */
public enum Profile {

    /**
     * G1 and ZGC, every strategy and case: 54 cells in under 10 minutes on 2 cores. One cell runs
     * 8 rounds of 1,000,000 packets (3 of them warm-up): the article's slowest G1 cell (alloc, C,
     * 4,300 ns/packet) then takes about 35 s, and the 54 cells together about 20 µs × 8 M packets
     * ≈ 160 s of measuring at the article's speeds, leaving room for JVM start, pre-filling case C
     * and a shared, noisier machine. Five timed rounds still give a median and a spread.
     */
    QUICK("quick", List.of(Collector.G1, Collector.ZGC),
            new WorkloadOverrides(null, null, null, null, 1_000_000L, 5, 3),
            Duration.ofMinutes(2)),

    /**
     * Every collector with the article's round sizes (the analyzer's defaults: 10,000,000 packets
     * per round, 10 rounds, 5 of them warm-up). The slowest cell at the article's speed takes
     * about 7 minutes; the timeout leaves a factor of four for a slower machine.
     */
    FULL("full", List.of(Collector.values()), WorkloadOverrides.NONE, Duration.ofMinutes(30));

    private final String label;
    private final List<Collector> collectors;
    private final WorkloadOverrides workload;
    private final Duration cellTimeout;

    Profile(String label, List<Collector> collectors, WorkloadOverrides workload, Duration cellTimeout) {
        this.label = label;
        this.collectors = List.copyOf(collectors);
        this.workload = workload;
        this.cellTimeout = cellTimeout;
    }

    /** {@code quick} or {@code full}. */
    public String label() {
        return label;
    }

    /** The collectors run when none are named. */
    public List<Collector> collectors() {
        return collectors;
    }

    /** The workload options passed to every child unless overridden. */
    public WorkloadOverrides workload() {
        return workload;
    }

    /** The time a cell may take before it is killed and recorded as failed. */
    public Duration cellTimeout() {
        return cellTimeout;
    }

    /**
     * The profile called {@code name}, ignoring case.
     *
     * @throws IllegalArgumentException naming the bad value and the allowed ones
     */
    public static Profile byName(String name) {
        String wanted = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        for (Profile profile : values()) {
            if (profile.label.equals(wanted)) {
                return profile;
            }
        }
        throw new IllegalArgumentException("unknown profile '" + name + "'; allowed: "
                + Arrays.stream(values()).map(Profile::label).collect(Collectors.joining(", ")));
    }
}

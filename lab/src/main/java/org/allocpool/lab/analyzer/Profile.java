package org.allocpool.lab.analyzer;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How much of the matrix a lab run covers and how long each cell measures, in batch and in real-time
 * mode. The quick profile's round sizes and probe timings live here and nowhere else. Immutable.
 */
public enum Profile {

    /**
     * Batch: G1 and ZGC, every strategy and case: 54 cells in under 10 minutes on 2 cores. One cell
     * runs 8 rounds of 1,000,000 packets (3 of them warm-up): the article's slowest G1 cell (alloc, C,
     * 4,300 ns/packet) then takes about 35 s, and the 54 cells together about 20 µs × 8 M packets
     * ≈ 160 s of measuring at the article's speeds, leaving room for JVM start, pre-filling case C
     * and a shared, noisier machine. Five timed rounds still give a median and a spread.
     *
     * <p>Real time: G1 and ZGC × {alloc, pool, flat} × cases {A, C}, 12 cells, each probe warming up
     * 3 s and measuring 2 s: 8 minutes measured on 2 cores, under 20 with room for a busier machine.
     * A search is a short batch run plus one fresh JVM per probe (5 to 10 probes; one when even
     * 1000 ns loses), and a probe costs its warm-up and duration plus 2-4 s of JVM start and pool
     * creation (1,000,000 pooled packets). Measured on a shared 2-core Xeon: with 1 s warm-ups the 12
     * cells took 7m27s (53 probes; 16 s to 67 s a cell) under a load of 2-3 from other work; but 1 s
     * leaves the JIT compiling on two cores already busy with the source and the processor, and the
     * losses it causes spill into the measured window: G1 alloc A answered 520 ns with 1 s and 300 ns
     * with 3 s. With 3 s warm-ups the 12 cells took 8m00s (10 s to 86 s a cell) on the same machine.
     * The five strategies × three cases the article shows would take 30
     * cells, 20-25 minutes, so quick keeps the three kinds (allocate, pool on the heap, flat off the
     * heap) and the two ends of the workload; {@code --strategy}/{@code --case} add the rest. A 2 s
     * window still holds young collections at these rates. The 6 minute timeout covers a search's
     * 16 probes at most.
     *
     * <p>C++ cells (both modes): {@code cpp} and {@code cpp-flat} × {mix, pool} × the cases, run once, not
     * per collector: 6 batch cells of a few seconds each (C++ pool A runs about 60 ns/packet), and 8
     * real-time searches over cases A and C (not yet timed in a whole quick run).
     */
    QUICK("quick", List.of(Collector.G1, Collector.ZGC), List.of("mix", "pool"),
            new WorkloadOverrides(null, null, null, null, 1_000_000L, 5, 3),
            Duration.ofMinutes(2),
            new Plan(List.of(Collector.G1, Collector.ZGC), List.of("alloc", "pool", "flat"), List.of("A", "C"),
                    new RealtimeOptions(Duration.ofSeconds(2), 3.0, null, null, null), Duration.ofMinutes(6))),

    /**
     * Batch: every collector with the article's round sizes (the analyzer's defaults: 10,000,000
     * packets per round, 10 rounds, 5 of them warm-up). The slowest cell at the article's speed takes
     * about 7 minutes; the timeout leaves a factor of four for a slower machine.
     *
     * <p>Real time: every collector, strategy and case (135 cells), each probe after the article's
     * 10 s warm-up measuring 20 s rather than its 60 s: a search runs about 10 probes, so a cell
     * takes 5-6 minutes and the profile 11-13 hours on 2 cores, where 60 s would take over 30. Twenty
     * seconds still spans many young collections and, for the heap strategies of case C, several old
     * or concurrent cycles, the pauses that lose packets; where the last word matters, run the cell
     * again with {@code --duration 60s}. The timeout covers 16 probes of 35 s and the batch start.
     *
     * <p>C++ cells: {@code cpp} and {@code cpp-flat} × every C++ strategy (dummy, alloc, mix, pool) × case.
     */
    FULL("full", List.of(Collector.values()), AnalyzerRuntime.CPP_STRATEGIES, WorkloadOverrides.NONE,
            Duration.ofMinutes(30),
            new Plan(List.of(Collector.values()), AnalyzerMatrix.STRATEGIES, AnalyzerMatrix.CASES,
                    new RealtimeOptions(Duration.ofSeconds(20), 10.0, null, null, null), Duration.ofMinutes(20)));

    private final String label;
    private final List<Collector> collectors;
    private final List<String> cppStrategies;
    private final WorkloadOverrides workload;
    private final Duration cellTimeout;
    private final Plan realtime;

    Profile(String label, List<Collector> collectors, List<String> cppStrategies, WorkloadOverrides workload,
            Duration cellTimeout, Plan realtime) {
        this.label = label;
        this.collectors = List.copyOf(collectors);
        this.cppStrategies = List.copyOf(cppStrategies);
        this.workload = workload;
        this.cellTimeout = cellTimeout;
        this.realtime = realtime;
    }

    /** {@code quick} or {@code full}. */
    public String label() {
        return label;
    }

    /** The collectors run in {@code mode} when none are named. */
    public List<Collector> collectors(AnalyzerMode mode) {
        return mode == AnalyzerMode.REALTIME ? realtime.collectors() : collectors;
    }

    /** The strategies run in {@code mode} when none are named. */
    public List<String> strategies(AnalyzerMode mode) {
        return mode == AnalyzerMode.REALTIME ? realtime.strategies() : AnalyzerMatrix.STRATEGIES;
    }

    /** The cases run in {@code mode} when none are named. */
    public List<String> cases(AnalyzerMode mode) {
        return mode == AnalyzerMode.REALTIME ? realtime.cases() : AnalyzerMatrix.CASES;
    }

    /** The C++ strategies run (in both modes, with {@code cpp} and {@code cpp-flat}) when no strategies are named. */
    public List<String> cppStrategies() {
        return cppStrategies;
    }

    /** The batch workload options passed to every child unless overridden (sizes also apply in real time). */
    public WorkloadOverrides workload() {
        return workload;
    }

    /** The real-time options passed to every real-time child unless overridden. */
    public RealtimeOptions realtime() {
        return realtime.options();
    }

    /** The time a cell of {@code mode} may take before it is killed and recorded as failed. */
    public Duration cellTimeout(AnalyzerMode mode) {
        return mode == AnalyzerMode.REALTIME ? realtime.cellTimeout() : cellTimeout;
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

    /** The real-time part of a profile: its matrix, probe timing and cell timeout. */
    private record Plan(List<Collector> collectors, List<String> strategies, List<String> cases,
                        RealtimeOptions options, Duration cellTimeout) {
    }
}

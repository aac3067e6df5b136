package org.allocpool.lab.analyzer;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How much of the matrix a lab run covers, how long each cell measures and how many JVMs (forks)
 * each cell runs in, in batch and in real-time mode. The profiles' round sizes and probe timings
 * live here and nowhere else. Immutable.
 */
public enum Profile {

    /**
     * Batch: G1 and ZGC × {alloc, pool, flat} × cases A, B, C, and the C++ pool builds ({@code cpp
     * pool}, {@code cpp-flat pool}) beside them: 24 cells, run in two passes of one fork each (about 8
     * minutes on 2 cores), then in up to six more passes for the cells of the article's questions the
     * verdict cannot answer yet, while the run stays within 14 minutes: the passes go where they decide
     * (a question answered after two passes has an interval about 9 times as wide as a large sample's:
     * it is answered beyond doubt).
     * The three strategies answer the question (allocate, pool on the heap, or go off it); {@code
     * --strategy all} adds dummy, mix and the native ones (about 23 minutes).
     *
     * <p>Each fork first fills the workload to the state a long run reaches (store, queue, a full
     * GC), warms up for 6 rounds of a quarter of a second and until the collector has collected 20 times
     * (G1's refinement of dirty cards learns over about 20 collections; until then the analyser's
     * own thread refines cards, 40-60% of its time, measured with {@code -Xlog:gc+refine=debug}),
     * then times rounds of a quarter of a second: rounds of equal time rather than equal packets, since
     * the cells differ a hundredfold in speed. The figures are those of 10 rounds that pass the
     * steady-state check; while they do not, more rounds run, up to 24. Ten rounds rather than five
     * longer ones: the check finds a trend in ten that five hide in their noise. Rounds of a quarter
     * second rather than half: what varies most is one JVM against the next, not one round against
     * the next (two forks of one cell differed by up to 2.2x), so the run spends its time on more
     * forks, which a comparison's interval rests on, rather than on longer ones.
     *
     * <p>Real time: G1 and ZGC × {alloc, pool, flat} × cases {A, C} and the C++ pool builds, two forks
     * of a search each. A search brings its workload to its steady state once, in batch before any source
     * starts (rounds of a second until five in a row are steady, at most 20), then probes one interval
     * after another on it, each probe warming its source up for 3 s and measuring 2 s. The five
     * strategies × three cases the article shows take {@code --strategy}/{@code --case}.
     */
    QUICK("quick", List.of(Collector.G1, Collector.ZGC), List.of("alloc", "pool", "flat"), List.of("pool"),
            new WorkloadOverrides(null, null, null, null, null, Duration.ofMillis(250), 10, 6, 24, null), 2,
            8, Duration.ofMinutes(14), Duration.ofMinutes(3),
            new Plan(List.of(Collector.G1, Collector.ZGC), List.of("alloc", "pool", "flat"), List.of("A", "C"),
                    new RealtimeOptions(Duration.ofSeconds(2), 3.0, null, null, null), Duration.ofMinutes(10))),

    /**
     * Batch: every collector, strategy and case, with the article's rounds (10,000,000 packets, 5
     * warm-up and 10 timed, up to 20 while not steady), three forks each (three passes: the fewest a
     * ratio's interval can rest on): many hours on 2 cores; run it sharded across machines ({@code --shard}).
     *
     * <p>Real time: every collector, strategy and case, three forks of a search each, each probe
     * warming its source up for the article's 10 s and measuring 20 s rather than its 60 s (a search
     * runs about 10 probes: 60 s would take days).
     *
     * <p>C++ cells: {@code cpp} and {@code cpp-flat} × every C++ strategy (dummy, alloc, mix, pool) × case.
     */
    FULL("full", List.of(Collector.values()), AnalyzerMatrix.STRATEGIES, AnalyzerRuntime.CPP_STRATEGIES,
            new WorkloadOverrides(null, null, null, null, null, null, null, null, 20, null), 3,
            3, null, Duration.ofMinutes(45),
            new Plan(List.of(Collector.values()), AnalyzerMatrix.STRATEGIES, AnalyzerMatrix.CASES,
                    new RealtimeOptions(Duration.ofSeconds(20), 10.0, null, null, null), Duration.ofMinutes(25)));

    private final String label;
    private final List<Collector> collectors;
    private final List<String> strategies;
    private final List<String> cppStrategies;
    private final WorkloadOverrides workload;
    private final int forks;
    private final int maxForks;
    private final Duration budget;
    private final Duration cellTimeout;
    private final Plan realtime;

    Profile(String label, List<Collector> collectors, List<String> strategies, List<String> cppStrategies,
            WorkloadOverrides workload, int forks, int maxForks, Duration budget, Duration cellTimeout, Plan realtime) {
        this.label = label;
        this.collectors = List.copyOf(collectors);
        this.strategies = List.copyOf(strategies);
        this.cppStrategies = List.copyOf(cppStrategies);
        this.workload = workload;
        this.forks = forks;
        this.maxForks = maxForks;
        this.budget = budget;
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
        return mode == AnalyzerMode.REALTIME ? realtime.strategies() : strategies;
    }

    /** The cases run in {@code mode} when none are named. */
    public List<String> cases(AnalyzerMode mode) {
        return mode == AnalyzerMode.REALTIME ? realtime.cases() : AnalyzerMatrix.CASES;
    }

    /** The C++ strategies run (in both modes, with {@code cpp} and {@code cpp-flat}) when no strategies are named. */
    public List<String> cppStrategies() {
        return cppStrategies;
    }

    /** The workload and round options passed to every batch child unless overridden (sizes also apply in real time). */
    public WorkloadOverrides workload() {
        return workload;
    }

    /** JVMs per cell: the passes every cell runs in. */
    public int forks() {
        return forks;
    }

    /** The most passes a batch cell runs in when a comparison it is part of is still undecided. */
    public int maxForks() {
        return maxForks;
    }

    /** How long a batch run may take when it adds passes for undecided comparisons; {@code null}: it adds none. */
    public Duration budget() {
        return budget;
    }

    /** The real-time options passed to every real-time child unless overridden. */
    public RealtimeOptions realtime() {
        return realtime.options();
    }

    /** The time one fork of a cell of {@code mode} may take before it is killed and recorded as failed. */
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

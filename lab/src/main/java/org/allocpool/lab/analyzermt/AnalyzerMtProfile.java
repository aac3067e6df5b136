package org.allocpool.lab.analyzermt;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * How big an {@code analyzer-mt} lab run is. Immutable.
 *
 * @param label     its name
 * @param gcs       collectors
 * @param cases     cases
 * @param threads   processor counts
 * @param roundMs   one batch round
 * @param warmup    untimed rounds
 * @param rounds    timed rounds that count
 * @param pool      packets made up front, in all
 * @param duration  real time: measured seconds
 * @param warmupS   real time: paced seconds forgiven
 * @param timeout   one fork at most
 */
public record AnalyzerMtProfile(String label, List<String> gcs, List<String> cases, List<Integer> threads, int roundMs,
                                int warmup, int rounds, int pool, Duration duration, double warmupS, Duration timeout) {

    /**
     * G1 and ZGC, case A and B, 1, 2 and 4 processors (4 oversubscribes 2 cores), every strategy: rounds
     * of 300 ms, 2 warm-up and 5 timed (up to 8); a pool of 60,000 packets (case B needs 200,000 + rings:
     * raised for it). Real time: 1 s forgiven, 2 s measured.
     */
    public static final AnalyzerMtProfile QUICK = new AnalyzerMtProfile("quick", List.of("G1", "ZGC"), List.of("A", "B"),
            List.of(1, 2, 4), 300, 2, 5, 0, Duration.ofSeconds(2), 1, Duration.ofMinutes(2));

    /** Every case, 1 to 4 processors, rounds of 1 s, 3 warm-up, 5 timed; the article's pool of 1,000,000. Real time 10 s. */
    public static final AnalyzerMtProfile FULL = new AnalyzerMtProfile("full", List.of("G1", "ZGC", "Parallel"),
            List.of("A", "B", "C"), List.of(1, 2, 3, 4), 1000, 3, 5, 1_000_000, Duration.ofSeconds(10), 5,
            Duration.ofMinutes(10));

    /** The profile called {@code name}. */
    public static AnalyzerMtProfile byName(String name) {
        return switch (name == null ? "" : name.strip().toLowerCase(Locale.ROOT)) {
            case "quick" -> QUICK;
            case "full" -> FULL;
            default -> throw new IllegalArgumentException("unknown profile '" + name + "'; allowed: quick, full");
        };
    }

    /** The pool for {@code workloadCase}: the profile's, or (0) what the case needs with room: queue + stored + 40,000. */
    public int poolFor(String workloadCase) {
        if (pool > 0) {
            return pool;
        }
        return switch (workloadCase) {
            case "A" -> 60_000;
            case "B" -> 240_000;
            default -> 1_030_000;
        };
    }
}

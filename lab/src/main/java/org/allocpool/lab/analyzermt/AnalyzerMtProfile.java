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
     * G1 and ZGC, case A and B, 1 and 2 processors (with the source, 2 already oversubscribes 2 cores;
     * {@code --threads 1,2,4} for more), every strategy: 32 cells, rounds of 250 ms, 2 warm-up and 4
     * timed (up to 7), about 3 to 4 minutes on a loaded 2-core machine; a pool of queue + stored + rings
     * + 40,000 packets. Real time: 1 s forgiven, 2 s measured.
     */
    public static final AnalyzerMtProfile QUICK = new AnalyzerMtProfile("quick", List.of("G1", "ZGC"), List.of("A", "B"),
            List.of(1, 2), 250, 2, 4, 0, Duration.ofSeconds(2), 1, Duration.ofMinutes(2));

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
}

package org.allocpool.analyzer;

import java.util.Objects;

/**
 * Everything one analyser run needs. The compact constructor validates: a bad value ends in an
 * {@link IllegalArgumentException} naming the command-line option and the value. Immutable.
 *
 * @param strategy        where packets come from
 * @param workloadCase    the case the queue and stored sizes were taken from (recorded in results)
 * @param queue           packets queued before parsing, at least 1
 * @param stored          slots of the stored-TCP-packets array, at least 1
 * @param pool            pool size (slab slots) of {@code pool}, the native strategies and {@code flat}, at least 1
 * @param mixPool         pool size of {@code mix} and {@code native-mix}, at least 1 (at most {@code pool} for native-mix)
 * @param packetsPerRound packets per round, at least 1
 * @param rounds          timed rounds, at least 1
 * @param warmup          untimed rounds before them, at least 0
 */
public record AnalyzerSettings(Strategy strategy, WorkloadCase workloadCase, int queue, int stored, int pool,
                               int mixPool, long packetsPerRound, int rounds, int warmup) {

    /** The article's pool size. */
    public static final int DEFAULT_POOL = 1_000_000;
    /** The article's mix pool size. */
    public static final int DEFAULT_MIX_POOL = 200_000;
    /** The article's round: 10 million packets. */
    public static final long DEFAULT_PACKETS = 10_000_000L;
    /** Timed rounds. */
    public static final int DEFAULT_ROUNDS = 10;
    /** Warm-up rounds: the article's first 5. */
    public static final int DEFAULT_WARMUP = 5;

    public AnalyzerSettings {
        if (strategy == null) {
            throw new IllegalArgumentException("--strategy is required; allowed: " + Strategy.allowed());
        }
        Objects.requireNonNull(workloadCase, "workloadCase");
        atLeast("--queue", queue, 1);
        atLeast("--stored", stored, 1);
        atLeast("--pool", pool, 1);
        atLeast("--mix-pool", mixPool, 1);
        atLeast("--packets", packetsPerRound, 1);
        atLeast("--rounds", rounds, 1);
        atLeast("--warmup", warmup, 0);
        if (strategy == Strategy.NATIVE_MIX && mixPool > pool) {
            throw new IllegalArgumentException("--mix-pool must not exceed --pool for native-mix (its packets "
                    + "hold slab slots), was " + mixPool + " > " + pool);
        }
    }

    /** The article's settings for {@code strategy} in {@code workloadCase}. */
    public static AnalyzerSettings defaults(Strategy strategy, WorkloadCase workloadCase) {
        return new AnalyzerSettings(strategy, workloadCase, workloadCase.queue(), workloadCase.stored(),
                DEFAULT_POOL, DEFAULT_MIX_POOL, DEFAULT_PACKETS, DEFAULT_ROUNDS, DEFAULT_WARMUP);
    }

    private static void atLeast(String option, long value, long min) {
        if (value < min) {
            throw new IllegalArgumentException(option + " must be at least " + min + ", was " + value);
        }
    }
}

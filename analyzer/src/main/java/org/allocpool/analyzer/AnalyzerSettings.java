package org.allocpool.analyzer;

import java.util.Objects;

/**
 * Everything one analyser run needs: the workload (strategy, case, sizes, the packets' shape) and how its rounds are
 * timed. The compact constructor validates: a bad value ends in an {@link IllegalArgumentException}
 * naming the command-line option and the value. Immutable.
 *
 * @param strategy     where packets come from
 * @param workloadCase the case the queue and stored sizes were taken from (recorded in results)
 * @param queue        packets queued before parsing, at least 1
 * @param stored       slots of the stored-TCP-packets array, at least 1
 * @param pool         pool size (slab slots) of {@code pool}, the native strategies and {@code flat}, at least 1
 * @param mixPool      pool size of {@code mix} and {@code native-mix}, at least 1 (at most {@code pool} for native-mix)
 * @param plan         prefill, warm-up and timed rounds
 * @param shape        packet size and share of packets kept ({@link WorkloadShape#ARTICLE} unless given)
 */
public record AnalyzerSettings(Strategy strategy, WorkloadCase workloadCase, int queue, int stored, int pool,
                               int mixPool, RoundPlan plan, WorkloadShape shape) {

    /** The article's pool size. */
    public static final int DEFAULT_POOL = 1_000_000;
    /** The article's mix pool size. */
    public static final int DEFAULT_MIX_POOL = 200_000;

    public AnalyzerSettings {
        if (strategy == null) {
            throw new IllegalArgumentException("--strategy is required; allowed: " + Strategy.allowed());
        }
        Objects.requireNonNull(workloadCase, "workloadCase");
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(shape, "shape");
        atLeast("--queue", queue, 1);
        atLeast("--stored", stored, 1);
        atLeast("--pool", pool, 1);
        atLeast("--mix-pool", mixPool, 1);
        if (strategy == Strategy.NATIVE_MIX && mixPool > pool) {
            throw new IllegalArgumentException("--mix-pool must not exceed --pool for native-mix (its packets "
                    + "hold slab slots), was " + mixPool + " > " + pool);
        }
    }

    /** The article's packet shape. */
    public AnalyzerSettings(Strategy strategy, WorkloadCase workloadCase, int queue, int stored, int pool,
                            int mixPool, RoundPlan plan) {
        this(strategy, workloadCase, queue, stored, pool, mixPool, plan, WorkloadShape.ARTICLE);
    }

    /** Rounds of {@code packets} packets, {@code rounds} timed after {@code warmup}, prefilled, no extra rounds. */
    public AnalyzerSettings(Strategy strategy, WorkloadCase workloadCase, int queue, int stored, int pool,
                            int mixPool, long packets, int rounds, int warmup) {
        this(strategy, workloadCase, queue, stored, pool, mixPool, RoundPlan.ofPackets(packets, rounds, warmup));
    }

    /** The article's settings for {@code strategy} in {@code workloadCase}, with {@link RoundPlan#article()}. */
    public static AnalyzerSettings defaults(Strategy strategy, WorkloadCase workloadCase) {
        return new AnalyzerSettings(strategy, workloadCase, workloadCase.queue(), workloadCase.stored(),
                DEFAULT_POOL, DEFAULT_MIX_POOL, RoundPlan.article());
    }

    /** The same workload timed by {@code other}. */
    public AnalyzerSettings withPlan(RoundPlan other) {
        return new AnalyzerSettings(strategy, workloadCase, queue, stored, pool, mixPool, other, shape);
    }

    /** The same workload with packets of {@code other}'s shape. */
    public AnalyzerSettings withShape(WorkloadShape other) {
        return new AnalyzerSettings(strategy, workloadCase, queue, stored, pool, mixPool, plan, other);
    }

    private static void atLeast(String option, long value, long min) {
        if (value < min) {
            throw new IllegalArgumentException(option + " must be at least " + min + ", was " + value);
        }
    }
}

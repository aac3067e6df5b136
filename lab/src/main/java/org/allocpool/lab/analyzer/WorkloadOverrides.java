package org.allocpool.lab.analyzer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Workload and round options handed through to every analyzer child ({@code --queue},
 * {@code --stored}, {@code --pool}, {@code --mix-pool}; {@code --packets} or {@code --round-time},
 * {@code --rounds}, {@code --warmup}, {@code --max-rounds}, {@code --no-prefill}); {@code null}
 * leaves the child's default (the article's). In real time the rounds are those run in batch before
 * the source starts, until steady.
 * Immutable; safe to share.
 *
 * @param queue     packets the processor keeps before parsing the oldest
 * @param stored    slots of the store of TCP packets
 * @param pool      preallocated packets of the {@code pool} strategies
 * @param mixPool   preallocated packets of the {@code mix} strategies
 * @param packets   packets per round
 * @param roundTime rounds of this long instead of {@code packets}
 * @param rounds    timed rounds that count
 * @param warmup    warm-up rounds (may be zero)
 * @param maxRounds timed rounds at most, while the last {@code rounds} are not steady
 * @param prefill   whether the child prefills the workload ({@code false}: {@code --no-prefill})
 */
public record WorkloadOverrides(Integer queue, Integer stored, Integer pool, Integer mixPool, Long packets,
                                Duration roundTime, Integer rounds, Integer warmup, Integer maxRounds, Boolean prefill) {

    /** No overrides: the child's defaults throughout. */
    public static final WorkloadOverrides NONE = new WorkloadOverrides(null, null, null, null, null, null, null, null,
            null, null);

    public WorkloadOverrides {
        requirePositive("--queue", queue);
        requirePositive("--stored", stored);
        requirePositive("--pool", pool);
        requirePositive("--mix-pool", mixPool);
        requirePositive("--packets", packets);
        requirePositive("--rounds", rounds);
        requirePositive("--max-rounds", maxRounds);
        if (roundTime != null && (roundTime.isZero() || roundTime.isNegative())) {
            throw new IllegalArgumentException("--round-time must be positive, not " + roundTime.toMillis() + "ms");
        }
        if (warmup != null && warmup < 0) {
            throw new IllegalArgumentException("--warmup must be zero or more, not " + warmup);
        }
        if (packets != null && roundTime != null) {
            throw new IllegalArgumentException("--packets and --round-time both size a round; give one");
        }
    }

    /** Only the sizes: queue, stored, pool and mix pool. */
    public static WorkloadOverrides sizes(Integer queue, Integer stored, Integer pool, Integer mixPool) {
        return new WorkloadOverrides(queue, stored, pool, mixPool, null, null, null, null, null, null);
    }

    /** These overrides, with each value left {@code null} here taken from {@code base} (a round size given here replaces both of base's). */
    public WorkloadOverrides over(WorkloadOverrides base) {
        boolean sized = packets != null || roundTime != null;
        return new WorkloadOverrides(
                queue != null ? queue : base.queue,
                stored != null ? stored : base.stored,
                pool != null ? pool : base.pool,
                mixPool != null ? mixPool : base.mixPool,
                sized ? packets : base.packets,
                sized ? roundTime : base.roundTime,
                rounds != null ? rounds : base.rounds,
                warmup != null ? warmup : base.warmup,
                maxRounds != null ? maxRounds : base.maxRounds,
                prefill != null ? prefill : base.prefill);
    }

    /**
     * The child's command-line options for the values set, in a fixed order; the maximum of timed
     * rounds is raised to the rounds when only the rounds were given a larger value.
     */
    public List<String> toArgs() {
        List<String> args = new ArrayList<>();
        add(args, "--queue", queue);
        add(args, "--stored", stored);
        add(args, "--pool", pool);
        add(args, "--mix-pool", mixPool);
        add(args, "--packets", packets);
        if (roundTime != null) {
            args.addAll(List.of("--round-time", roundTime.toMillis() + "ms"));
        }
        add(args, "--rounds", rounds);
        add(args, "--warmup", warmup);
        add(args, "--max-rounds", maxRounds == null ? null : rounds == null ? maxRounds : Math.max(maxRounds, rounds));
        if (Boolean.FALSE.equals(prefill)) {
            args.add("--no-prefill");
        }
        return List.copyOf(args);
    }

    private static void add(List<String> args, String option, Number value) {
        if (value != null) {
            args.add(option);
            args.add(value.toString());
        }
    }

    private static void requirePositive(String option, Number value) {
        if (value != null && value.longValue() <= 0) {
            throw new IllegalArgumentException(option + " must be positive, not " + value);
        }
    }
}

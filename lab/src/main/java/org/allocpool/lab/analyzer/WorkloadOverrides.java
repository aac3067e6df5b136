package org.allocpool.lab.analyzer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Workload options handed through to every analyzer child ({@code --queue}, {@code --stored},
 * {@code --pool}, {@code --mix-pool}, {@code --packets}, {@code --rounds}, {@code --warmup});
 * {@code null} leaves the child's default (the article's). Immutable; safe to share.
 *
 * @param queue   packets the processor keeps before parsing the oldest
 * @param stored  slots of the store of TCP packets
 * @param pool    preallocated packets of the {@code pool} strategies
 * @param mixPool preallocated packets of the {@code mix} strategies
 * @param packets packets per round
 * @param rounds  rounds per cell
 * @param warmup  warm-up rounds per cell (may be zero)
 */
public record WorkloadOverrides(Integer queue, Integer stored, Integer pool, Integer mixPool,
                                Long packets, Integer rounds, Integer warmup) {

    /** No overrides: the child's defaults throughout. */
    public static final WorkloadOverrides NONE = new WorkloadOverrides(null, null, null, null, null, null, null);

    public WorkloadOverrides {
        requirePositive("--queue", queue);
        requirePositive("--stored", stored);
        requirePositive("--pool", pool);
        requirePositive("--mix-pool", mixPool);
        requirePositive("--packets", packets);
        requirePositive("--rounds", rounds);
        if (warmup != null && warmup < 0) {
            throw new IllegalArgumentException("--warmup must be zero or more, not " + warmup);
        }
    }

    /** These overrides, with each value left {@code null} here taken from {@code base}. */
    public WorkloadOverrides over(WorkloadOverrides base) {
        return new WorkloadOverrides(
                queue != null ? queue : base.queue,
                stored != null ? stored : base.stored,
                pool != null ? pool : base.pool,
                mixPool != null ? mixPool : base.mixPool,
                packets != null ? packets : base.packets,
                rounds != null ? rounds : base.rounds,
                warmup != null ? warmup : base.warmup);
    }

    /** The child's command-line options for the values set, in a fixed order. */
    public List<String> toArgs() {
        List<String> args = new ArrayList<>();
        options().forEach((option, value) -> {
            args.add(option);
            args.add(value.toString());
        });
        return List.copyOf(args);
    }

    /** The values set that identify a cell (sizes, not round counts), under the record's cell field names. */
    Map<String, Object> cellFields() {
        Map<String, Object> fields = new LinkedHashMap<>();
        putIfSet(fields, "queue", queue);
        putIfSet(fields, "stored", stored);
        putIfSet(fields, "pool", pool);
        putIfSet(fields, "mixPool", mixPool);
        return fields;
    }

    private Map<String, Object> options() {
        Map<String, Object> options = new LinkedHashMap<>();
        putIfSet(options, "--queue", queue);
        putIfSet(options, "--stored", stored);
        putIfSet(options, "--pool", pool);
        putIfSet(options, "--mix-pool", mixPool);
        putIfSet(options, "--packets", packets);
        putIfSet(options, "--rounds", rounds);
        putIfSet(options, "--warmup", warmup);
        return options;
    }

    private static void putIfSet(Map<String, Object> map, String key, Number value) {
        if (value != null) {
            map.put(key, value);
        }
    }

    private static void requirePositive(String option, Number value) {
        if (value != null && value.longValue() <= 0) {
            throw new IllegalArgumentException(option + " must be positive, not " + value);
        }
    }
}

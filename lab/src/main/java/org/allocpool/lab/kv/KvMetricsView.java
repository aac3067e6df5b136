package org.allocpool.lab.kv;

import java.util.List;
import org.allocpool.metrics.stats.RoundStatistics;
import org.allocpool.metrics.stats.SteadyState;

/**
 * The {@code metrics} of a kv record, as the lab reads it: a store cell's figures, or the codecs
 * cell's {@code codecs}. What a record does not carry is {@code null} (records written before rounds
 * have the rates alone, without their rounds and check). Immutable; safe to share.
 *
 * @param heapUsedMb      heap in use after the full collections, with every user loaded
 * @param fullGcPauseMs   the median pause of the full collections
 * @param offHeapMb       the store's files
 * @param getsPerSecond   gets of loaded keys per second (the median round)
 * @param putsPerSecond   puts replacing loaded keys per second (the median round)
 * @param missesPerSecond gets of keys never loaded per second (the median round)
 * @param residentMb      the process's resident size at the end
 * @param loadSeconds     time to load every user
 * @param entries         entries held after loading
 * @param gcCount         collections during the timed full collections
 * @param fullGcPausesMs  each full collection's pause, in order
 * @param gets            the gets' rounds and their steady-state check
 * @param misses          the misses' rounds and check
 * @param puts            the puts' rounds and check
 * @param codecs          each codec's figures (the codecs cell)
 */
public record KvMetricsView(Double heapUsedMb, Double fullGcPauseMs, Double offHeapMb, Double getsPerSecond,
                            Double putsPerSecond, Double missesPerSecond, Double residentMb, Double loadSeconds,
                            Long entries, Long gcCount, List<Double> fullGcPausesMs, Rounds gets, Rounds misses,
                            Rounds puts, List<Codec> codecs) {

    /**
     * One timed phase: operations per second of the rounds that make its figure, their steady-state
     * check, and the rounds replaced while they were not steady.
     */
    public record Rounds(RoundStatistics perSecond, SteadyState steadyState, List<Double> discardedRounds) {
    }

    /**
     * One codec's figures.
     *
     * @param codec            {@code flyweight}, {@code fory}, {@code kryo}, {@code jdk}
     * @param encodesPerSecond encodes per second (the median round)
     * @param decodesPerSecond decodes per second (the median round)
     * @param encodedBytes     mean encoded size
     * @param encodes          the encodes' rounds and check
     * @param decodes          the decodes' rounds and check
     */
    public record Codec(String codec, Double encodesPerSecond, Double decodesPerSecond, Double encodedBytes,
                        Rounds encodes, Rounds decodes) {
    }
}

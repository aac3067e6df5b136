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
     * check, the rounds replaced while they were not steady, and the bytes the measuring thread
     * allocated per operation over the rounds that count ({@code null} in records from before it).
     */
    public record Rounds(RoundStatistics perSecond, SteadyState steadyState, List<Double> discardedRounds,
                         Double allocBytesPerOperation) {
    }

    /**
     * One codec's figures: the fresh way (a new {@code byte[]} per encode, a whole new {@code User}
     * per decode) and {@code best}, the codec at its best.
     *
     * @param codec            {@code flyweight}, {@code fory}, {@code kryo}, {@code jdk}
     * @param encodesPerSecond encodes to a fresh array per second (the median round)
     * @param decodesPerSecond decodes to a whole User per second (the median round)
     * @param encodedBytes     mean encoded size
     * @param encodes          the encodes' rounds and check
     * @param decodes          the decodes' rounds and check
     * @param best             the codec at its best ({@code null} in records from before it)
     */
    public record Codec(String codec, Double encodesPerSecond, Double decodesPerSecond, Double encodedBytes,
                        Rounds encodes, Rounds decodes, Best best) {
    }

    /**
     * A codec at its best: each codec encoding into a buffer it reuses where its API allows it, and
     * decoding what a reader needs (the flyweight reads fields in place; the others must build the
     * object).
     *
     * @param encodeWay        how it encodes, in words
     * @param decodeWay        how it decodes, in words
     * @param encodesPerSecond encodes per second (the median round)
     * @param decodesPerSecond decodes per second (the median round)
     * @param encodes          the encodes' rounds and check
     * @param decodes          the decodes' rounds and check
     */
    public record Best(String encodeWay, String decodeWay, Double encodesPerSecond, Double decodesPerSecond,
                       Rounds encodes, Rounds decodes) {
    }
}

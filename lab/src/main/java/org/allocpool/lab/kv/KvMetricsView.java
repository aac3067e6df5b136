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
 * @param server          what a servers cell measured
 * @param offHeapAfterPutsMb the store's files again after the timed puts (records from before it: {@code null})
 */
public record KvMetricsView(Double heapUsedMb, Double fullGcPauseMs, Double offHeapMb, Double getsPerSecond,
                            Double putsPerSecond, Double missesPerSecond, Double residentMb, Double loadSeconds,
                            Long entries, Long gcCount, List<Double> fullGcPausesMs, Rounds gets, Rounds misses,
                            Rounds puts, List<Codec> codecs, Server server, Double offHeapAfterPutsMb) {

    /** A store's or the codecs' figures, without the files after the puts. */
    public KvMetricsView(Double heapUsedMb, Double fullGcPauseMs, Double offHeapMb, Double getsPerSecond,
                         Double putsPerSecond, Double missesPerSecond, Double residentMb, Double loadSeconds,
                         Long entries, Long gcCount, List<Double> fullGcPausesMs, Rounds gets, Rounds misses,
                         Rounds puts, List<Codec> codecs) {
        this(heapUsedMb, fullGcPauseMs, offHeapMb, getsPerSecond, putsPerSecond, missesPerSecond, residentMb,
                loadSeconds, entries, gcCount, fullGcPausesMs, gets, misses, puts, codecs, null, null);
    }

    /** A store's figures, or a servers cell's ({@code server}), without the files after the puts. */
    public KvMetricsView(Double heapUsedMb, Double fullGcPauseMs, Double offHeapMb, Double getsPerSecond,
                         Double putsPerSecond, Double missesPerSecond, Double residentMb, Double loadSeconds,
                         Long entries, Long gcCount, List<Double> fullGcPausesMs, Rounds gets, Rounds misses,
                         Rounds puts, List<Codec> codecs, Server server) {
        this(heapUsedMb, fullGcPauseMs, offHeapMb, getsPerSecond, putsPerSecond, missesPerSecond, residentMb,
                loadSeconds, entries, gcCount, fullGcPausesMs, gets, misses, puts, codecs, server, null);
    }

    /**
     * A servers cell's figures: Redis or {@code kv serve} with {@code keys} keys loaded, its resident set,
     * and each {@code redis-benchmark} test of its grid.
     *
     * @param server                   {@code redis} or {@code kvserve}
     * @param durability               Redis's {@code appendfsync} or the store's durability
     * @param serverVersion            what the server's INFO says it is
     * @param benchmarkVersion         {@code redis-benchmark --version}
     * @param keys                     keys loaded before the grid; 0 for none (the durability rows)
     * @param loadSeconds              time to load them
     * @param residentEmptyMb          the server's resident set before loading
     * @param residentLoadedMb         its resident set with every key loaded
     * @param peakLoadedMb             its highest resident set by then
     * @param residentMbPerMillionKeys {@code residentLoadedMb} per million keys
     * @param addedMbPerMillionKeys    what loading added, per million keys
     * @param benchmarks               each test of the grid
     */
    public record Server(String server, String durability, String serverVersion, String benchmarkVersion, Long keys,
                         Double loadSeconds, Double residentEmptyMb, Double residentLoadedMb, Double peakLoadedMb,
                         Double residentMbPerMillionKeys, Double addedMbPerMillionKeys, List<Benchmark> benchmarks) {
    }

    /**
     * One {@code redis-benchmark} test at one connection count ({@code -c}) and pipeline depth ({@code -P}):
     * its requests per second in rounds of {@code requestsPerRound} requests; {@code run} names it
     * ({@code get-c4-P16}; {@code null} in records from before it). In a pair cell {@code requests} are
     * kv serve's, {@code redisRequests} Redis's rounds interleaved with them and {@code ratioToRedis}
     * kv serve's rate over Redis's, pair by pair; both {@code null} in other cells. {@code cpuMicrosPerRequest}:
     * the server's CPU time (user + system) per request over the timed rounds, kv serve's in a pair cell, where
     * {@code redisCpuMicrosPerRequest} is Redis's; {@code null} in records from before them.
     */
    public record Benchmark(String run, String test, Integer connections, Integer pipeline, Long requestsPerRound, Rounds requests,
                            Rounds redisRequests, Rounds ratioToRedis, Double cpuMicrosPerRequest,
                            Double redisCpuMicrosPerRequest) {

        /** A benchmark of one server. */
        public Benchmark(String run, String test, Integer connections, Integer pipeline, Long requestsPerRound, Rounds requests) {
            this(run, test, connections, pipeline, requestsPerRound, requests, null, null, null, null);
        }

        /** A benchmark of a pair cell, without CPU times. */
        public Benchmark(String run, String test, Integer connections, Integer pipeline, Long requestsPerRound, Rounds requests,
                         Rounds redisRequests, Rounds ratioToRedis) {
            this(run, test, connections, pipeline, requestsPerRound, requests, redisRequests, ratioToRedis, null, null);
        }
    }

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

package org.allocpool.kv.contenders;

import java.util.List;
import org.allocpool.metrics.stats.RoundStatistics;
import org.allocpool.metrics.stats.SteadyState;

/**
 * What a servers cell measured: the {@code metrics} of its record. Field names are fixed (the lab's
 * tables read them): add fields, never rename. Immutable.
 *
 * @param server                    {@code redis}, {@code kvserve}, or {@code pair} (both, rounds interleaved)
 * @param durability                Redis's {@code appendfsync} or the store's durability
 * @param serverVersion             what the server's {@code INFO} says it is
 * @param benchmarkVersion          what {@code redis-benchmark --version} says
 * @param keys                      keys loaded before the grid (0: none, the durability rows)
 * @param loadSeconds               time to load them over one pipelined connection, or {@code null}
 * @param residentEmptyMb           the server's resident set before loading ({@code VmRSS}), or {@code null}
 * @param residentLoadedMb          its resident set with every key loaded, or {@code null}
 * @param peakLoadedMb              its highest resident set by then ({@code VmHWM}), or {@code null}
 * @param residentMbPerMillionKeys  {@code residentLoadedMb} per million keys loaded, or {@code null}
 * @param addedMbPerMillionKeys     what loading added to the resident set, per million keys, or {@code null}
 * @param benchmarks                each cell of the grid, in the order run
 */
record ServerMetrics(String server, String durability, String serverVersion, String benchmarkVersion, long keys,
                     Double loadSeconds, Double residentEmptyMb, Double residentLoadedMb, Double peakLoadedMb,
                     Double residentMbPerMillionKeys, Double addedMbPerMillionKeys, List<Benchmark> benchmarks) {

    ServerMetrics {
        benchmarks = List.copyOf(benchmarks);
    }

    /**
     * One {@code redis-benchmark} test at one connection count and pipeline depth.
     *
     * @param run              {@code get-c4-P16}: names the element (records.csv's columns are named by it)
     * @param test             {@code get} or {@code set}
     * @param connections      {@code -c}
     * @param pipeline         {@code -P}
     * @param requestsPerRound {@code -n} of each round, sized by the warm-up to take about one round's time
     * @param requests         requests per second of the rounds that count (as {@code redis-benchmark} reports
     *                         each), their steady-state check and the rounds replaced while not steady; in a
     *                         {@code pair} cell, kv serve's
     * @param redisRequests    in a {@code pair} cell, Redis's rounds, each run right before or after kv serve's
     *                         round of the same index (the order alternates); {@code null} otherwise
     * @param ratioToRedis     in a {@code pair} cell, kv serve's rate over Redis's, round by round; {@code null} otherwise
     * @param cpuMicrosPerRequest the server's CPU time (user + system) per request over the timed rounds ({@link
     *                         ServerCpu}); in a {@code pair} cell, kv serve's; {@code null} where not read
     * @param redisCpuMicrosPerRequest in a {@code pair} cell, Redis's; {@code null} otherwise
     */
    record Benchmark(String run, String test, int connections, int pipeline, long requestsPerRound, Rounds requests,
                     Rounds redisRequests, Rounds ratioToRedis, Double cpuMicrosPerRequest,
                     Double redisCpuMicrosPerRequest) {

        /** A benchmark of one server. */
        Benchmark(String run, String test, int connections, int pipeline, long requestsPerRound, Rounds requests,
                  Double cpuMicrosPerRequest) {
            this(run, test, connections, pipeline, requestsPerRound, requests, null, null, cpuMicrosPerRequest, null);
        }
    }

    /**
     * Rounds of one test, as the lab reads every phase's rounds.
     *
     * @param perSecond       requests per second of each round that counts, with their median, min and max
     * @param steadyState     the check of those rounds
     * @param discardedRounds the rounds replaced while they were not steady, in order
     */
    record Rounds(RoundStatistics perSecond, SteadyState steadyState, List<Double> discardedRounds) {

        Rounds {
            discardedRounds = List.copyOf(discardedRounds);
        }
    }
}

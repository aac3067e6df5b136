package org.allocpool.analyzer;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import org.allocpool.metrics.gc.GcStatistics;
import org.allocpool.metrics.stats.RoundStatistics;
import org.allocpool.metrics.stats.SteadyState;

/**
 * What a batch run measured: the {@code metrics} object of an analyser result record (DESIGN.md).
 * Every figure but the workload's counts comes from the rounds that count (the last {@code rounds}
 * timed ones). Immutable.
 *
 * @param nsPerPacket         nanoseconds per packet, per counted round
 * @param overallNsPerPacket  the counted rounds' time over their packets: what one long round of them
 *                            reads, as the article's rounds of 10 M packets did; the run's figure
 * @param packetsPerSecond    packets per second over the counted rounds
 * @param allocBytesPerPacket heap bytes the running thread allocated per packet over the counted rounds
 * @param gc                  collections during the counted rounds
 * @param liveObjects         objects alive after a full collection at the end, packets still held
 * @param heapUsedMb          heap used then, MiB
 * @param workload            what the workload did, including prefill, warm-up and the final drain
 * @param stateDigest         {@link StateDigest} of what the workload held after the timed rounds (before the
 *                            drain): equal in Java and C++ when both ran the same packets
 * @param steadyState         the steady-state check of the counted rounds
 * @param warmupRounds        ns/packet of the untimed warm-up rounds
 * @param discardedRounds     ns/packet of timed rounds replaced by later ones while not steady
 * @param prefillMs           time to fill the store and queue and take in the live set; 0 when not prefilled
 */
@JsonPropertyOrder({"nsPerPacket", "overallNsPerPacket", "packetsPerSecond", "allocBytesPerPacket", "gc", "liveObjects",
        "heapUsedMb", "workload", "stateDigest", "steadyState", "warmupRounds", "discardedRounds", "prefillMs"})
public record AnalyzerMetrics(RoundStatistics nsPerPacket, double overallNsPerPacket, double packetsPerSecond,
                              double allocBytesPerPacket, GcStatistics gc, long liveObjects, double heapUsedMb, WorkloadCounts workload,
                              String stateDigest,
                              SteadyState steadyState, List<Double> warmupRounds, List<Double> discardedRounds,
                              double prefillMs) {

    public AnalyzerMetrics {
        warmupRounds = List.copyOf(warmupRounds);
        discardedRounds = List.copyOf(discardedRounds);
    }
}

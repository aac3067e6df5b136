package org.allocpool.analyzer;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.allocpool.metrics.gc.GcStatistics;
import org.allocpool.metrics.stats.RoundStatistics;

/**
 * What a batch run measured: the {@code metrics} object of an analyser result record (DESIGN.md).
 * Immutable.
 *
 * @param nsPerPacket         nanoseconds per packet, per timed round
 * @param packetsPerSecond    packets per second at the median round
 * @param allocBytesPerPacket heap bytes the running thread allocated per packet over the timed rounds
 * @param gc                  collections during the timed rounds
 * @param liveObjects         objects alive after a full collection at the end, packets still held
 * @param heapUsedMb          heap used then, MiB
 * @param workload            what the workload did, including warm-up and the final drain
 */
@JsonPropertyOrder({"nsPerPacket", "packetsPerSecond", "allocBytesPerPacket", "gc", "liveObjects", "heapUsedMb",
        "workload"})
public record AnalyzerMetrics(RoundStatistics nsPerPacket, double packetsPerSecond, double allocBytesPerPacket,
                              GcStatistics gc, long liveObjects, double heapUsedMb, WorkloadCounts workload) {
}

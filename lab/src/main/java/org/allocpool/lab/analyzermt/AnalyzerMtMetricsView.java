package org.allocpool.lab.analyzermt;

import org.allocpool.metrics.gc.GcStatistics;
import org.allocpool.metrics.stats.RoundStatistics;
import org.allocpool.metrics.stats.SteadyState;

/**
 * The {@code metrics} of an {@code analyzer-mt} record as the lab reads it. What a record does not carry
 * is {@code null}. Immutable.
 *
 * @param threads                      processor threads
 * @param packetsPerSecond             packets per second in all
 * @param nsPerPacket                  wall ns per packet of the pipeline
 * @param nsPerPacketRounds            ns per packet of the rounds that count (batch), median and range
 * @param sourceAllocBytesPerPacket    heap bytes the source allocated per packet
 * @param processorAllocBytesPerPacket heap bytes the processors allocated per packet
 * @param sourceWaitFraction           share of packets whose ring was full (batch)
 * @param sourceCpuNsPerPacket         CPU ns the source thread used per packet
 * @param processorCpuNsPerPacket      CPU ns the processor threads used per packet, together
 * @param gc                           collections
 * @param steadyState                  the rounds' check (batch)
 * @param allBack                      every pooled packet back after the drain
 * @param realtime                     the paced figures (real time)
 */
public record AnalyzerMtMetricsView(Integer threads, Double packetsPerSecond, Double nsPerPacket,
                                    RoundStatistics nsPerPacketRounds,
                                    Double sourceAllocBytesPerPacket, Double processorAllocBytesPerPacket,
                                    Double sourceWaitFraction, Double sourceCpuNsPerPacket,
                                    Double processorCpuNsPerPacket, GcStatistics gc, SteadyState steadyState, Boolean allBack,
                                    Realtime realtime) {

    /** Ticks sent and lost over the measured time. */
    public record Realtime(Long intervalNs, Long sent, Long received, Long lost, Double lossPercent) {
    }

    /** Whether the figure is steady (real time has no rounds: always). */
    public boolean isSteady() {
        return steadyState == null || steadyState.steady();
    }
}

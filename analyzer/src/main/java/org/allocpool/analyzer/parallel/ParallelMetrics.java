package org.allocpool.analyzer.parallel;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import org.allocpool.analyzer.WorkloadCounts;
import org.allocpool.metrics.gc.GcStatistics;
import org.allocpool.metrics.stats.RoundStatistics;
import org.allocpool.metrics.stats.SteadyState;

/**
 * What a multi-threaded analyser run measured: the {@code metrics} of an {@code analyzer-mt} record.
 * Rates and allocation are over the timed rounds that count (batch) or the measured time (real time).
 * Immutable.
 *
 * @param threads                     processor threads
 * @param packetsPerSecond            packets through the pipeline per second, in all (batch: as fast as it goes;
 *                                    real time: the packets received)
 * @param packetsPerSecondPerThread   that over the processors (each gets exactly one packet in N)
 * @param nsPerPacket                 wall-clock ns per packet of the whole pipeline (1e9 / packetsPerSecond)
 * @param nsPerPacketRounds           ns per packet of each round that counts (batch), with median and range
 * @param steadyState                 the steady-state check of those rounds (batch)
 * @param warmupRounds                ns per packet of the untimed rounds
 * @param discardedRounds             ns per packet of timed rounds replaced while not steady
 * @param sourceAllocBytesPerPacket   heap bytes the source thread allocated per packet
 * @param processorAllocBytesPerPacket heap bytes all processor threads allocated per packet, together
 * @param sourceWaitFraction          share of packets whose processor's ring was full when the source came
 *                                    to it (batch): near 1, the processors are the bottleneck; near 0, the source
 * @param sourceCpuNsPerPacket        CPU ns the source thread used per packet (spinning and yielding included)
 * @param processorCpuNsPerPacket     CPU ns all processor threads used per packet, together; beside
 *                                    {@code nsPerPacket} they say how much of the cores the pipeline got
 * @param gc                          collections during the rounds that count (or the measured time)
 * @param workload                    every processor's counts added up, after the drain
 * @param processors                  each processor's counts
 * @param allBack                     whether every pooled packet or slot was back after the drain
 * @param stateDigest                 what the processors held after the rounds, before the drain (one
 *                                    processor: equal to the single-threaded analyser's for the same settings)
 * @param prefillMs                   time to fill every store and queue and take in the live set
 * @param realtime                    the paced run's figures, or {@code null} in batch
 */
@JsonPropertyOrder({"threads", "packetsPerSecond", "packetsPerSecondPerThread", "nsPerPacket", "nsPerPacketRounds",
        "steadyState", "warmupRounds", "discardedRounds", "sourceAllocBytesPerPacket", "processorAllocBytesPerPacket",
        "sourceWaitFraction", "sourceCpuNsPerPacket", "processorCpuNsPerPacket", "gc", "workload", "processors",
        "allBack", "stateDigest", "prefillMs", "realtime"})
public record ParallelMetrics(int threads, double packetsPerSecond, double packetsPerSecondPerThread, double nsPerPacket,
                              RoundStatistics nsPerPacketRounds, SteadyState steadyState, List<Double> warmupRounds,
                              List<Double> discardedRounds, double sourceAllocBytesPerPacket,
                              double processorAllocBytesPerPacket, double sourceWaitFraction, double sourceCpuNsPerPacket,
                              double processorCpuNsPerPacket, GcStatistics gc,
                              WorkloadCounts workload, List<ProcessorCounts> processors, boolean allBack,
                              String stateDigest, double prefillMs, Realtime realtime) {

    public ParallelMetrics {
        warmupRounds = warmupRounds == null ? List.of() : List.copyOf(warmupRounds);
        discardedRounds = discardedRounds == null ? List.of() : List.copyOf(discardedRounds);
        processors = List.copyOf(processors);
    }

    /**
     * The paced run: ticks of the source over the measured time, and what became of them.
     *
     * @param intervalNs  time between two ticks
     * @param sent        ticks in the measured time
     * @param received    ticks whose packet reached a processor's ring
     * @param lost        ticks dropped because their processor's ring was full
     * @param lossPercent lost over sent, percent
     * @param ringEntries entries of each processor's ring: its share of maxDelayMs of ticks
     * @param lostInAll   ticks lost over the whole paced run, warm-up included, as the processors counted them
     *                    from the gaps in their sequence numbers (equal to the source's count: a check)
     */
    public record Realtime(long intervalNs, long sent, long received, long lost, double lossPercent, int ringEntries,
                           long lostInAll) {
    }
}

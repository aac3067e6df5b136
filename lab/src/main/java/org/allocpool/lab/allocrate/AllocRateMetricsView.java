package org.allocpool.lab.allocrate;

import java.util.List;
import org.allocpool.metrics.gc.GcStatistics;
import org.allocpool.metrics.stats.RoundStatistics;
import org.allocpool.metrics.stats.SteadyState;

/**
 * The {@code metrics} of an alloc-rate record, as the lab reads it: what {@code allocpool alloc-rate}
 * measured over the timed rounds that count. What a record does not carry is {@code null}. Immutable.
 *
 * @param eventsPerSecond          events handled per second by all threads
 * @param eventsPerSecondPerThread the same, per thread
 * @param allocBytesPerEvent       heap bytes the worker threads allocated per event
 * @param allocBytesPerSecond      heap bytes they allocated per second
 * @param gc                       collections and their pauses over those rounds
 * @param processCpuPerSecond      cores the whole JVM kept busy
 * @param workerCpuPerSecond       cores the worker threads kept busy
 * @param cpuNsPerEvent            CPU time the whole JVM used per event, ns
 * @param events                   events in those rounds
 * @param measuredS                their time, seconds
 * @param checksum                 what the threads read of their events, summed
 * @param eventsPerSecondRounds    events/s of each round that counts
 * @param allocBytesPerEventRounds allocated bytes per event of each round that counts
 * @param cpuNsPerEventRounds      the JVM's CPU ns per event of each round that counts
 * @param steadyState              the steady-state check of those rounds' events/s
 * @param warmupRounds             events/s of each warm-up round
 * @param discardedRounds          events/s of timed rounds replaced while not steady
 */
public record AllocRateMetricsView(Double eventsPerSecond, Double eventsPerSecondPerThread, Double allocBytesPerEvent,
                                   Double allocBytesPerSecond, GcStatistics gc, Double processCpuPerSecond,
                                   Double workerCpuPerSecond, Double cpuNsPerEvent, Long events, Double measuredS,
                                   Long checksum, RoundStatistics eventsPerSecondRounds,
                                   RoundStatistics allocBytesPerEventRounds, RoundStatistics cpuNsPerEventRounds,
                                   SteadyState steadyState, List<Double> warmupRounds, List<Double> discardedRounds) {
}

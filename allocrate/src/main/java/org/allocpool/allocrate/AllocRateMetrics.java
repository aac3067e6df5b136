package org.allocpool.allocrate;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import org.allocpool.metrics.gc.GcStatistics;
import org.allocpool.metrics.stats.RoundStatistics;
import org.allocpool.metrics.stats.SteadyState;

/**
 * The {@code metrics} of an alloc-rate record: what the timed rounds that count measured, every thread
 * together. Immutable; safe to share.
 *
 * @param eventsPerSecond          events handled per second by all threads: those rounds' events over their time
 * @param eventsPerSecondPerThread the same, per thread
 * @param allocBytesPerEvent       heap bytes the worker threads allocated per event (0: nothing allocated)
 * @param allocBytesPerSecond      heap bytes the worker threads allocated per second
 * @param gc                       collections and their stop-the-world pauses in those rounds (JFR)
 * @param processCpuPerSecond      CPU seconds the whole JVM used per second: cores kept busy
 * @param workerCpuPerSecond       CPU seconds the worker threads used per second; the rest is the collector's
 *                                 threads, the JIT and the JVM's own
 * @param cpuNsPerEvent            CPU time the whole JVM used per event, ns: the event's cost wherever it is paid
 *                                 (the workers, a concurrent collector's threads); unlike a rate, it does not count
 *                                 the time a thread waits for a core
 * @param events                   events handled in those rounds
 * @param measuredS                the time those rounds took, seconds
 * @param checksum                 the sum of what the threads read of every event they handled since the start
 * @param eventsPerSecondRounds    events/s of each round that counts
 * @param allocBytesPerEventRounds allocated bytes per event of each round that counts
 * @param cpuNsPerEventRounds      the JVM's CPU ns per event of each round that counts: the workers' own CPU time
 *                                 (to the nanosecond) and the rest of the process's over all those rounds (in clock
 *                                 ticks), shared out by each round's time
 * @param steadyState              the steady-state check of those rounds' events/s
 * @param warmupRounds             events/s of each warm-up round
 * @param discardedRounds          events/s of timed rounds replaced while not steady
 */
@JsonPropertyOrder({"eventsPerSecond", "eventsPerSecondPerThread", "allocBytesPerEvent", "allocBytesPerSecond", "gc",
        "processCpuPerSecond", "workerCpuPerSecond", "cpuNsPerEvent", "events", "measuredS", "checksum", "eventsPerSecondRounds",
        "allocBytesPerEventRounds", "cpuNsPerEventRounds", "steadyState", "warmupRounds", "discardedRounds"})
public record AllocRateMetrics(double eventsPerSecond, double eventsPerSecondPerThread, double allocBytesPerEvent,
                               double allocBytesPerSecond, GcStatistics gc, double processCpuPerSecond,
                               double workerCpuPerSecond, double cpuNsPerEvent, long events, double measuredS,
                               long checksum, RoundStatistics eventsPerSecondRounds,
                               RoundStatistics allocBytesPerEventRounds, RoundStatistics cpuNsPerEventRounds,
                               SteadyState steadyState, List<Double> warmupRounds, List<Double> discardedRounds) {

    public AllocRateMetrics {
        warmupRounds = List.copyOf(warmupRounds);
        discardedRounds = List.copyOf(discardedRounds);
    }
}

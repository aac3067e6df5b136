package org.allocpool.echo.bench;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import org.allocpool.metrics.gc.GcStatistics;
import org.allocpool.metrics.stats.RoundStatistics;
import org.allocpool.metrics.stats.SteadyState;

/**
 * What one bench run measured: the {@code metrics} of an echo record. Every figure comes from the
 * rounds that count (the last {@code rounds} timed ones, {@code measuredS} seconds in all); the
 * rounds themselves are kept, with their steady-state check. Immutable.
 *
 * @param eventsPerSecond          round trips completed per second (replies received by the clients)
 * @param sentPerSecond            events sent per second by the clients
 * @param receivedPerSecond        replies received per second (the same as {@code eventsPerSecond})
 * @param allocBytesPerEvent       bytes allocated by the server's I/O threads per event echoed
 * @param latencyNs                round trip, from each event's (intended) send time to its reply
 * @param gc                       the server JVM's garbage collections in those rounds
 * @param events                   replies received in those rounds
 * @param serverEvents             events the server echoed in those rounds
 * @param errors                   error replies received in those rounds
 * @param measuredS                the rounds' time, seconds
 * @param eventsPerSecondRounds    events/s of each round that counts, with their median, min and max
 * @param allocBytesPerEventRounds the server's allocated bytes per event of each round that counts
 * @param steadyState              the steady-state check of those rounds' events/s
 * @param warmupRounds             events/s of each warm-up round
 * @param discardedRounds          events/s of timed rounds replaced by later ones while not steady
 */
@JsonPropertyOrder({"eventsPerSecond", "sentPerSecond", "receivedPerSecond", "allocBytesPerEvent", "latencyNs", "gc",
        "events", "serverEvents", "errors", "measuredS", "eventsPerSecondRounds", "allocBytesPerEventRounds",
        "steadyState", "warmupRounds", "discardedRounds"})
public record EchoMetrics(double eventsPerSecond, double sentPerSecond, double receivedPerSecond,
                          double allocBytesPerEvent, LatencyNs latencyNs, GcStatistics gc, long events,
                          long serverEvents, long errors, double measuredS, RoundStatistics eventsPerSecondRounds,
                          RoundStatistics allocBytesPerEventRounds, SteadyState steadyState, List<Double> warmupRounds,
                          List<Double> discardedRounds) {

    public EchoMetrics {
        warmupRounds = List.copyOf(warmupRounds);
        discardedRounds = List.copyOf(discardedRounds);
    }
}

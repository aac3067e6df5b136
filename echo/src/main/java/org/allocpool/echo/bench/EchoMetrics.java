package org.allocpool.echo.bench;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.allocpool.metrics.gc.GcStatistics;

/**
 * What one bench run measured over its measured window. Immutable.
 *
 * @param eventsPerSecond    round trips completed per second (replies received by the clients)
 * @param sentPerSecond      events sent per second by the clients
 * @param receivedPerSecond  replies received per second (the same as {@code eventsPerSecond})
 * @param allocBytesPerEvent bytes allocated by the server's I/O threads per event echoed
 * @param latencyNs          round trip, from each event's (intended) send time to its reply
 * @param gc                 the server JVM's garbage collections in the window
 * @param events             replies received in the window
 * @param serverEvents       events the server echoed in the window
 * @param errors             error replies received in the window
 * @param measuredS          the window, seconds
 */
@JsonPropertyOrder({"eventsPerSecond", "sentPerSecond", "receivedPerSecond", "allocBytesPerEvent", "latencyNs", "gc",
        "events", "serverEvents", "errors", "measuredS"})
public record EchoMetrics(double eventsPerSecond, double sentPerSecond, double receivedPerSecond,
                          double allocBytesPerEvent, LatencyNs latencyNs, GcStatistics gc, long events,
                          long serverEvents, long errors, double measuredS) {
}

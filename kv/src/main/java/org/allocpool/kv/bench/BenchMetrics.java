package org.allocpool.kv.bench;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.allocpool.metrics.gc.GcStatistics;

/**
 * The metrics of one {@code kv bench} record. Immutable.
 *
 * @param hitsPerSecond    GETs of a stored key answered per second, all clients together
 * @param missesPerSecond  GETs of a key never stored answered per second
 * @param putsPerSecond    PUTs answered per second
 * @param latencyNs        round trip of every measured request (send to reply read), all kinds together
 * @param hits             measured hits
 * @param misses           measured misses
 * @param puts             measured puts
 * @param unexpected       hits that found nothing or misses that found something (0 unless the data changed under the run)
 * @param measuredS        the measured interval, seconds
 * @param gc               this JVM's collections while measuring (the server's too when it is embedded)
 */
@JsonPropertyOrder({"hitsPerSecond", "missesPerSecond", "putsPerSecond", "latencyNs", "hits", "misses", "puts",
        "unexpected", "measuredS", "gc"})
public record BenchMetrics(double hitsPerSecond, double missesPerSecond, double putsPerSecond, BenchLatency latencyNs,
                           long hits, long misses, long puts, long unexpected, double measuredS, GcStatistics gc) {
}

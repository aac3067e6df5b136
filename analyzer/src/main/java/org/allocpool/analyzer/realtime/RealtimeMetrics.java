package org.allocpool.analyzer.realtime;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import org.allocpool.analyzer.WorkloadCounts;
import org.allocpool.metrics.gc.GcStatistics;

/**
 * What a real-time run measured, after its warm-up: the {@code metrics} object of its result
 * record, and the ns/packet of the rounds run in batch before the source started ({@code
 * batchWarmupRounds}). With {@code --find-interval}, {@code search} holds every probe and the answer, and the
 * other fields are those of the probe the answer rests on. Immutable.
 */
@JsonPropertyOrder({"realtime", "allocBytesPerPacket", "gc", "liveObjects", "heapUsedMb", "workload", "search",
        "batchWarmupRounds"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RealtimeMetrics(RealtimeFigures realtime, double allocBytesPerPacket, GcStatistics gc,
                              long liveObjects, double heapUsedMb, WorkloadCounts workload, IntervalAnswer search,
                              List<Double> batchWarmupRounds) {

    public RealtimeMetrics {
        batchWarmupRounds = batchWarmupRounds == null ? List.of() : List.copyOf(batchWarmupRounds);
    }

    /** The same figures with the search that produced them. */
    RealtimeMetrics withSearch(IntervalAnswer answer) {
        return new RealtimeMetrics(realtime, allocBytesPerPacket, gc, liveObjects, heapUsedMb, workload, answer,
                batchWarmupRounds);
    }
}

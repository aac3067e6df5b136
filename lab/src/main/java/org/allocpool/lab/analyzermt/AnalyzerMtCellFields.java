package org.allocpool.lab.analyzermt;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.allocpool.lab.records.CellFields;

/**
 * The {@code cell} of an {@code analyzer-mt} record as the lab reads it (fields it does not use are
 * ignored). Fields a record does not carry are {@code null}. Immutable.
 *
 * @param strategy   alloc, pool-shared, pool-per-thread or flat
 * @param workloadCase the article's case, A, B or C (the record's {@code case})
 * @param threads    processor threads
 * @param mode       batch or realtime
 * @param gc         the collector
 * @param heap       the heap
 * @param intervalNs real time: the source's interval
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AnalyzerMtCellFields(String strategy, @com.fasterxml.jackson.annotation.JsonProperty("case") String workloadCase,
                                   Integer threads, String mode, String gc, String heap, Long intervalNs)
        implements CellFields {

    /** Collector, mode, case, strategy, threads (and interval in real time). */
    @Override
    public String key() {
        return String.join("|", String.valueOf(gc), String.valueOf(mode), String.valueOf(workloadCase),
                String.valueOf(strategy), String.valueOf(threads), intervalNs == null ? "" : intervalNs.toString());
    }

    /** How notes name it: {@code G1 batch B pool-shared x2}. */
    @JsonIgnore
    public String label() {
        return gc + " " + mode + " " + workloadCase + " " + strategy + " x" + threads;
    }
}

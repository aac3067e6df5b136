package org.allocpool.lab.allocrate;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.allocpool.lab.records.CellFields;

/**
 * The {@code cell} of an alloc-rate record, as {@code allocpool alloc-rate} writes it (the child reads
 * its collector, escape analysis and heap back from its own JVM) and the lab fills in when the fork
 * failed before it said anything. Fields a record does not carry are {@code null}. Immutable.
 *
 * @param loop           {@code alloc} or {@code reuse}
 * @param threads        worker threads
 * @param gc             the collector, e.g. {@code G1}, {@code Epsilon}
 * @param escapeAnalysis whether C2's escape analysis was on
 * @param heapMb         the maximum heap, MB
 * @param roundMs        one round's time, ms; {@code null} for rounds of events
 * @param roundEvents    one round's events over all threads; {@code null} for rounds of time
 * @param warmup         warm-up rounds
 * @param rounds         timed rounds that count
 * @param maxRounds      timed rounds at most
 */
@JsonPropertyOrder({"loop", "threads", "gc", "escapeAnalysis", "heapMb", "roundMs", "roundEvents", "warmup", "rounds",
        "maxRounds"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AllocRateCellFields(String loop, Integer threads, String gc, Boolean escapeAnalysis, Long heapMb,
                                  Long roundMs, Long roundEvents, Integer warmup, Integer rounds, Integer maxRounds)
        implements CellFields {

    /** A cell named by its identity only: for looking one up. */
    public static AllocRateCellFields of(String gc, String loop, boolean escapeAnalysis, int threads) {
        return new AllocRateCellFields(loop, threads, gc, escapeAnalysis, null, null, null, null, null, null);
    }

    /** Collector, loop, escape analysis and threads: the rounds and the heap are not part of it. */
    @Override
    public String key() {
        return String.join("|", nonNull(gc), nonNull(loop), escapeAnalysisOn() ? "ea" : "no-ea",
                Integer.toString(threadCount()));
    }

    /**
     * Whether escape analysis was on; {@code true} when the record does not say (the JVM's default). Not
     * named {@code isEscapeAnalysis}: Jackson would take it for the property's getter, and its
     * {@code @JsonIgnore} would then drop the property when a record is read.
     */
    @JsonIgnore
    public boolean escapeAnalysisOn() {
        return !Boolean.FALSE.equals(escapeAnalysis);
    }

    /** Worker threads, 0 when the record does not say. */
    @JsonIgnore
    public int threadCount() {
        return threads == null ? 0 : threads;
    }

    /** How notes name the cell: {@code G1 alloc, 4 threads, escape analysis off}. */
    @JsonIgnore
    public String label() {
        return nonNull(gc) + " " + nonNull(loop) + ", " + threadCount() + (threadCount() == 1 ? " thread" : " threads")
                + (escapeAnalysisOn() ? "" : ", escape analysis off");
    }

    private static String nonNull(String s) {
        return s == null ? "" : s;
    }
}

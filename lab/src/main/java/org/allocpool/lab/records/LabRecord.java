package org.allocpool.lab.records;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.allocpool.metrics.env.Environment;

/**
 * One result record as the lab reads it back (DESIGN.md, "The result record"): the envelope every
 * experiment shares, with the experiment's own typed cell and metrics. {@code fork} says which of
 * the JVMs run for the cell this record came from (1 when a cell runs once, and in records written
 * before forks). Immutable; safe to share.
 *
 * @param experiment which experiment
 * @param status     {@code ok}, {@code failed} or {@code skipped}
 * @param error      one line saying why, when failed
 * @param fork       the fork, from 1; {@code null} in records written before forks
 * @param cell       the cell's settings
 * @param env        where it ran; {@code null} when the child never reported it
 * @param metrics    what was measured; {@code null} when failed
 * @param <F>        the experiment's cell fields
 * @param <M>        the experiment's metrics
 */
@JsonPropertyOrder({"experiment", "status", "error", "fork", "cell", "env", "metrics"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LabRecord<F extends CellFields, M>(String experiment, String status, String error, Integer fork,
                                                 F cell, Environment env, M metrics) {

    /** The status of a record that measured its cell. */
    public static final String OK = "ok";
    /** The status of a record that did not. */
    public static final String FAILED = "failed";
    /** The status of a record of a cell that could not run here at all (its {@code error} says why), so never started. */
    public static final String SKIPPED = "skipped";

    /** Whether it measured its cell. */
    @JsonIgnore
    public boolean isOk() {
        return OK.equals(status) && metrics != null;
    }

    /** The fork it came from, 1 for records that name none. */
    @JsonIgnore
    public int forkNumber() {
        return fork == null ? 1 : fork;
    }

    /** Its cell's identity ({@link CellFields#key()}). */
    @JsonIgnore
    public String key() {
        return cell == null ? "" : cell.key();
    }
}

package org.allocpool.metrics.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.allocpool.metrics.env.Environment;

/**
 * One result record: one cell of one experiment, one run (DESIGN.md, "The result record").
 * Field names are fixed: add fields, never rename. Immutable; safe to share.
 *
 * @param experiment which experiment ({@code analyzer}, {@code kv}, {@code echo})
 * @param status     {@code ok} or {@code failed}
 * @param error      one line saying why, when failed; absent otherwise
 * @param cell       the settings that identify the cell, in a stable order
 * @param env        where it ran
 * @param metrics    what was measured: an experiment-specific object serialised by Jackson
 */
@JsonPropertyOrder({"experiment", "status", "error", "cell", "env", "metrics"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ResultRecord(String experiment, String status, String error, Map<String, Object> cell,
                           Environment env, Object metrics) {

    public static final String OK = "ok";
    public static final String FAILED = "failed";

    public ResultRecord {
        cell = Collections.unmodifiableMap(new LinkedHashMap<>(cell));
    }

    public static ResultRecord ok(String experiment, Map<String, Object> cell, Environment env, Object metrics) {
        return new ResultRecord(experiment, OK, null, cell, env, metrics);
    }

    public static ResultRecord failed(String experiment, Map<String, Object> cell, Environment env, String error) {
        return new ResultRecord(experiment, FAILED, oneLine(error), cell, env, null);
    }

    private static String oneLine(String error) {
        return error == null ? "unknown error" : error.replaceAll("\\s*[\\r\\n]+\\s*", " | ").strip();
    }
}

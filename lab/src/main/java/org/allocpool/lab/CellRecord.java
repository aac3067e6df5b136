package org.allocpool.lab;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.allocpool.lab.analyzer.AnalyzerCell;
import org.allocpool.lab.analyzer.DurationText;
import org.allocpool.lab.analyzer.WorkloadOverrides;
import org.allocpool.lab.fork.ChildExit;
import org.allocpool.lab.fork.FailureReason;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.metrics.result.ResultRecord;

/**
 * Turns how a cell's child ended into the one record line the lab keeps: the child's own record
 * when it printed one and exited cleanly (or printed a failed one itself), with any cell field it
 * left out filled in from what the lab intended; otherwise a failed record of the lab's, giving
 * the intended cell and a one-line reason. Serves every experiment's lab: the analyzer's methods
 * take its cells, the others name their experiment and intended cell. Thread-safe (stateless).
 */
public final class CellRecord {

    static final String EXPERIMENT = "analyzer";

    private CellRecord() {
    }

    /**
     * The record line for {@code cell}, whose child ended as {@code exit} with its stderr in {@code log}.
     */
    static String toLine(AnalyzerCell cell, WorkloadOverrides workload, ChildExit exit, Path log) {
        return toLine(EXPERIMENT, cell.intendedCell(workload), exit, log);
    }

    /** A failed record of the lab's, for a child that could not even be started. */
    static String failed(Map<String, Object> intended, String reason) {
        return failed(EXPERIMENT, intended, reason);
    }

    /**
     * The record line of a cell of {@code experiment} the lab meant as {@code intended}, whose child
     * ended as {@code exit} with its stderr in {@code log}.
     */
    public static String toLine(String experiment, Map<String, Object> intended, ChildExit exit, Path log) {
        if (exit.timedOut()) {
            return failed(experiment, intended, FailureReason.timedOut(DurationText.format(exit.elapsed())));
        }
        ObjectNode printed = lastRecord(exit.stdout());
        if (printed != null && ResultRecord.FAILED.equals(printed.path("status").asText())) {
            return completed(experiment, printed, intended);
        }
        if (exit.exitCode() != 0) {
            return failed(experiment, intended, FailureReason.of(exit.exitCode(), log));
        }
        if (printed == null || !ResultRecord.OK.equals(printed.path("status").asText())) {
            return failed(experiment, intended, "printed no result record on stdout (exit code 0)");
        }
        return completed(experiment, printed, intended);
    }

    /** A failed record of the lab's for {@code experiment}, for a child that could not even be started. */
    public static String failed(String experiment, Map<String, Object> intended, String reason) {
        return RecordJson.toLine(ResultRecord.failed(experiment, intended, null, reason));
    }

    /** Whether {@code stdout} holds nothing but one record (then the lab keeps no copy of it). */
    public static boolean isOnlyRecord(String stdout) {
        List<String> lines = stdout.lines().filter(l -> !l.isBlank()).toList();
        return lines.isEmpty() || (lines.size() == 1 && parseObject(lines.getFirst()) != null);
    }

    private static String completed(String experiment, ObjectNode printed, Map<String, Object> intended) {
        JsonNode cellNode = printed.get("cell");
        ObjectNode cell = cellNode instanceof ObjectNode object ? object : printed.putObject("cell");
        intended.forEach((field, value) -> {
            if (!cell.hasNonNull(field)) {
                cell.set(field, RecordJson.mapper().valueToTree(value));
            }
        });
        if (!printed.hasNonNull("experiment")) {
            printed.put("experiment", experiment);
        }
        if (ResultRecord.FAILED.equals(printed.path("status").asText())) {
            String error = printed.path("error").asText("no reason given");
            printed.put("error", error.replaceAll("\\s*[\\r\\n]+\\s*", " | ").strip());
        }
        try {
            return RecordJson.mapper().writeValueAsString(printed);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The last line of {@code stdout} that is a JSON object with a status: the child's record. */
    private static ObjectNode lastRecord(String stdout) {
        List<String> lines = stdout.lines().toList();
        for (int i = lines.size() - 1; i >= 0; i--) {
            ObjectNode node = parseObject(lines.get(i));
            if (node != null && node.has("status")) {
                return node;
            }
        }
        return null;
    }

    private static ObjectNode parseObject(String line) {
        String s = line.strip();
        if (!s.startsWith("{")) {
            return null;
        }
        try {
            return RecordJson.parse(s) instanceof ObjectNode object ? object : null;
        } catch (UncheckedIOException notJson) {
            return null;
        }
    }
}

package org.allocpool.lab.fork;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.allocpool.lab.text.DurationText;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.metrics.result.ResultRecord;

/**
 * Turns how a cell's child ended into the one record line a lab keeps: the child's own record
 * when it printed one and exited cleanly (or printed a failed one itself), with any cell field it
 * left out filled in from what the lab intended; otherwise a failed record of the lab's, giving
 * the intended cell and a one-line reason. One per experiment; immutable and thread-safe.
 */
public final class ChildRecord {

    private final String experiment;

    /** Records of {@code experiment} ({@code analyzer}, {@code echo}): the name failed records of the lab's carry. */
    public ChildRecord(String experiment) {
        this.experiment = experiment;
    }

    /**
     * The record line for a cell meant to be {@code intended}, whose child ended as {@code exit}
     * with its stderr in {@code log}.
     */
    public String toLine(Map<String, Object> intended, ChildExit exit, Path log) {
        if (exit.timedOut()) {
            return failed(intended, FailureReason.timedOut(DurationText.format(exit.elapsed())));
        }
        ObjectNode printed = lastRecord(exit.stdout());
        if (printed != null && ResultRecord.FAILED.equals(printed.path("status").asText())) {
            return completed(printed, intended);
        }
        if (exit.exitCode() != 0) {
            return failed(intended, FailureReason.of(exit.exitCode(), log));
        }
        if (printed == null || !ResultRecord.OK.equals(printed.path("status").asText())) {
            return failed(intended, "printed no result record on stdout (exit code 0)");
        }
        return completed(printed, intended);
    }

    /** A failed record of the lab's for a cell meant to be {@code intended}, failed for {@code reason}. */
    public String failed(Map<String, Object> intended, String reason) {
        return RecordJson.toLine(ResultRecord.failed(experiment, intended, null, reason));
    }

    /** Whether {@code stdout} holds nothing but one record (then the lab keeps no copy of it). */
    public static boolean isOnlyRecord(String stdout) {
        List<String> lines = stdout.lines().filter(l -> !l.isBlank()).toList();
        return lines.isEmpty() || (lines.size() == 1 && parseObject(lines.getFirst()) != null);
    }

    /** The error of the record {@code line}, or {@code null} when it is ok: what a progress line shows. */
    public static String failureOf(String line) {
        JsonNode record = RecordJson.parse(line);
        return ResultRecord.OK.equals(record.path("status").asText()) ? null : record.path("error").asText("failed");
    }

    private String completed(ObjectNode printed, Map<String, Object> intended) {
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

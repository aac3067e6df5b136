package org.allocpool.lab.run;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import org.allocpool.lab.records.CellFields;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.records.ScheduleFields;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.process.ChildExit;

/**
 * Turns how a fork's child ended into the one record line the lab keeps: the child's own record
 * when it printed one and exited cleanly (or printed a failed one itself), with the experiment, the
 * fork and any cell field it left out filled in from what the lab intended; otherwise a failed
 * record of the lab's, with the intended cell and a one-line reason (a timeout, an
 * {@code OutOfMemoryError}, a crash, an exit code). One per experiment; immutable and thread-safe.
 */
public final class RecordLine {

    private final String experiment;

    /** Record lines of {@code experiment}. */
    public RecordLine(String experiment) {
        this.experiment = experiment;
    }

    /** The record line of fork {@code fork} of a cell meant to be {@code intended}, whose child ended as {@code exit}. */
    public String of(CellFields intended, int fork, ChildExit exit) {
        if (exit.timedOut()) {
            return failed(intended, fork, exit.failure());
        }
        ObjectNode printed = parseObject(exit.lastJsonLine());
        if (printed != null && LabRecord.FAILED.equals(printed.path("status").asText())) {
            return completed(printed, intended, fork);
        }
        if (exit.exitCode() != 0) {
            return failed(intended, fork, exit.failure());
        }
        if (printed == null || !LabRecord.OK.equals(printed.path("status").asText())) {
            return failed(intended, fork, "printed no result record on stdout (exit code 0)");
        }
        return completed(printed, intended, fork);
    }

    /** A failed record of the lab's for fork {@code fork} of a cell meant to be {@code intended}. */
    public String failed(CellFields intended, int fork, String reason) {
        return unmeasured(LabRecord.FAILED, intended, fork, reason);
    }

    /** A skipped record of the lab's: fork {@code fork} of a cell that cannot run here, for {@code reason}. */
    public String skipped(CellFields intended, int fork, String reason) {
        return unmeasured(LabRecord.SKIPPED, intended, fork, reason);
    }

    private String unmeasured(String status, CellFields intended, int fork, String reason) {
        ObjectNode node = RecordJson.mapper().createObjectNode();
        node.put("experiment", experiment);
        node.put("status", status);
        node.put("error", oneLine(reason));
        node.put("fork", fork);
        node.set("cell", RecordJson.mapper().valueToTree(intended));
        return write(node);
    }

    /** The fields the runner adds to a record about where its fork ran: its place in its pass, the host gauge, the host. */
    public static final List<String> SCHEDULE_FIELDS = ScheduleFields.ALL;

    /**
     * The record {@code line} without {@link #SCHEDULE_FIELDS}: what was measured, which two runs of the
     * same cells (one whole, one in shards) have in common.
     */
    public static String measuredPart(String line) {
        JsonNode node = RecordJson.parse(line);
        if (node instanceof ObjectNode object) {
            object.remove(SCHEDULE_FIELDS);
        }
        return write((ObjectNode) node);
    }

    /** Whether {@code stdout} holds nothing but one record (then the lab keeps no copy of it). */
    public static boolean isOnlyRecord(String stdout) {
        List<String> lines = stdout.lines().filter(l -> !l.isBlank()).toList();
        return lines.isEmpty() || (lines.size() == 1 && parseObject(lines.getFirst()) != null);
    }

    /** The error of the record {@code line}, or {@code null} when it is ok: what a progress line shows. */
    public static String failureOf(String line) {
        JsonNode record = RecordJson.parse(line);
        return LabRecord.OK.equals(record.path("status").asText()) ? null : record.path("error").asText("failed");
    }

    private String completed(ObjectNode printed, CellFields intended, int fork) {
        JsonNode cellNode = printed.get("cell");
        ObjectNode cell = cellNode instanceof ObjectNode object ? object : RecordJson.mapper().createObjectNode();
        JsonNode lab = RecordJson.mapper().valueToTree(intended);
        lab.properties().forEach(field -> {
            if (!cell.hasNonNull(field.getKey()) && !field.getValue().isNull()) {
                cell.set(field.getKey(), field.getValue());
            }
        });
        ObjectNode record = RecordJson.mapper().createObjectNode();
        record.put("experiment", printed.path("experiment").asText(experiment));
        record.put("status", printed.path("status").asText());
        if (LabRecord.FAILED.equals(printed.path("status").asText())) {
            record.put("error", oneLine(printed.path("error").asText("no reason given")));
        }
        record.put("fork", fork);
        record.set("cell", cell);
        for (Map.Entry<String, JsonNode> field : printed.properties()) {
            if (!record.has(field.getKey())) {
                record.set(field.getKey(), field.getValue());
            }
        }
        return write(record);
    }

    private static String write(ObjectNode node) {
        try {
            return RecordJson.mapper().writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String oneLine(String text) {
        // strip first: a reason ending in a line break must not end in a dangling " |"
        return text == null ? "unknown error" : text.strip().replaceAll("\\s*[\\r\\n]+\\s*", " | ");
    }

    private static ObjectNode parseObject(String line) {
        if (line == null || !line.strip().startsWith("{")) {
            return null;
        }
        try {
            return RecordJson.parse(line.strip()) instanceof ObjectNode object && object.has("status") ? object : null;
        } catch (UncheckedIOException notJson) {
            return null;
        }
    }
}

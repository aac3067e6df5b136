package org.allocpool.lab.records;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.allocpool.metrics.result.RecordJson;

/**
 * How one experiment's records are read: the {@link LabRecord} envelope with the experiment's cell
 * and metrics types, bound by Jackson. Records of other experiments, and lines that do not bind, are
 * skipped (a record written by an older version binds: unknown fields are ignored, missing ones are
 * {@code null}). Immutable; thread-safe.
 *
 * @param <F> the cell fields
 * @param <M> the metrics
 */
public final class RecordType<F extends CellFields, M> {

    private final String experiment;
    private final JavaType type;

    private RecordType(String experiment, JavaType type) {
        this.experiment = experiment;
        this.type = type;
    }

    /** Records of {@code experiment} with cells of {@code cell} and metrics of {@code metrics}. */
    public static <F extends CellFields, M> RecordType<F, M> of(String experiment, Class<F> cell, Class<M> metrics) {
        return new RecordType<>(experiment,
                RecordJson.mapper().getTypeFactory().constructParametricType(LabRecord.class, cell, metrics));
    }

    /** The experiment whose records these are. */
    public String experiment() {
        return experiment;
    }

    /** The typed record of {@code node}, or {@code null} when it belongs to another experiment or does not bind. */
    public LabRecord<F, M> read(JsonNode node) {
        if (!experiment.equals(node.path("experiment").asText())) {
            return null;
        }
        try {
            return RecordJson.mapper().treeToValue(node, type);
        } catch (JsonProcessingException | IllegalArgumentException notThisShape) {
            return null;
        }
    }

    /** How many records of this experiment among {@code nodes} do not bind (a table would leave them out silently). */
    public int unreadable(List<JsonNode> nodes) {
        int count = 0;
        for (JsonNode node : nodes) {
            if (experiment.equals(node.path("experiment").asText()) && read(node) == null) {
                count++;
            }
        }
        return count;
    }

    /** The typed records of this experiment among {@code nodes}, in their order. */
    public List<LabRecord<F, M>> readAll(List<JsonNode> nodes) {
        List<LabRecord<F, M>> records = new ArrayList<>();
        for (JsonNode node : nodes) {
            LabRecord<F, M> record = read(node);
            if (record != null) {
                records.add(record);
            }
        }
        return List.copyOf(records);
    }
}

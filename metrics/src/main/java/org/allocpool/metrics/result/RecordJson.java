package org.allocpool.metrics.result;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.UncheckedIOException;

/**
 * The JSON form of result records: one record per line ({@code records.jsonl}).
 * Thread-safe: the shared {@link ObjectMapper} is configured once and only read afterwards.
 */
public final class RecordJson {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .disable(SerializationFeature.INDENT_OUTPUT)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            // records only ever gain fields (DESIGN.md): a reader must not trip on newer ones
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private RecordJson() {
    }

    /** The record as one line of JSON, no trailing newline. */
    public static String toLine(ResultRecord record) {
        try {
            return MAPPER.writeValueAsString(record);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses one line of JSON into a tree, for readers that do not know the experiment's metric types. */
    public static JsonNode parse(String line) {
        try {
            return MAPPER.readTree(line);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The shared mapper, for callers that need to (de)serialise other values the same way. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }
}

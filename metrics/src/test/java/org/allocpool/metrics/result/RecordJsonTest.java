package org.allocpool.metrics.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.allocpool.metrics.env.Environment;
import org.junit.jupiter.api.Test;

class RecordJsonTest {

    private static final Environment ENV = new Environment("25", "vm", "cpu", 2, "os", List.of("-Xmx2g"), "host");

    @Test
    void shouldWriteTheEnvelopeFieldsInDesignOrderOnOneLine() {
        Map<String, Object> cell = new LinkedHashMap<>();
        cell.put("strategy", "pool");
        cell.put("case", "B");
        String line = RecordJson.toLine(ResultRecord.ok("analyzer", cell, ENV, Map.of("packetsPerSecond", 1.5)));

        assertFalse(line.contains("\n"));
        assertTrue(line.startsWith("{\"experiment\":\"analyzer\",\"status\":\"ok\",\"cell\":{\"strategy\":\"pool\",\"case\":\"B\"},\"env\":"),
                line);
        JsonNode node = RecordJson.parse(line);
        assertEquals(2, node.path("env").path("cores").asInt());
        assertEquals(1.5, node.path("metrics").path("packetsPerSecond").asDouble());
        assertTrue(node.path("error").isMissingNode());
    }

    @Test
    void shouldKeepAFailureReasonOnOneLine() {
        ResultRecord failed = ResultRecord.failed("analyzer", Map.of("case", "C"), ENV,
                "java.lang.OutOfMemoryError: Java heap space\n\tat Foo.bar(Foo.java:1)");
        JsonNode node = RecordJson.parse(RecordJson.toLine(failed));

        assertEquals("failed", node.path("status").asText());
        assertEquals("java.lang.OutOfMemoryError: Java heap space | at Foo.bar(Foo.java:1)", node.path("error").asText());
        assertTrue(node.path("metrics").isMissingNode());
    }
}

package org.allocpool.lab.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.allocpool.lab.analyzer.Collector;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JmhResultsTest {

    private static final JmhCell ZGC_CELL = new JmhCell(JmhConfiguration.of(Collector.ZGC),
            "org.allocpool.benchmarks.UserCodecBenchmark.encodeFresh", Map.of(), JmhOptions.defaults(), List.of());

    @TempDir
    Path dir;

    @Test
    void shouldRecordTheScoreEveryIterationAndWhatProfGcMeasured() throws IOException {
        JsonNode record = RecordJson.parse(JmhResults.record(ZGC_CELL, sample()));

        assertEquals("ok", record.path("status").asText(), record.toString());
        assertEquals("jmh", record.path("experiment").asText());
        assertEquals("ZGC", record.path("cell").path("gc").asText());
        JsonNode metrics = record.path("metrics");
        assertEquals("avgt", metrics.path("mode").asText());
        assertEquals("ns/op", metrics.path("unit").asText());
        assertEquals(52.117, metrics.path("score").asDouble(), 0.001);
        assertTrue(metrics.path("scoreError").isNull() || metrics.path("scoreError").isMissingNode(),
                "JMH's NaN error of one fork's two iterations is no number");
        assertEquals(2, metrics.path("iterations").get(0).size());
        assertEquals(83.014, metrics.path("allocBytesPerOp").asDouble(), 0.001);
        assertEquals(16, metrics.path("gcCount").asDouble());
        assertEquals(39, metrics.path("gcTimeMs").asDouble());
        assertEquals("25.0.3", record.path("env").path("jdk").asText());
        assertEquals("[\"-XX:+UseZGC\",\"-Xmx256m\"]", record.path("env").path("jvmArgs").toString());
    }

    @Test
    void shouldTakeWhatJmhLeftOutAsZeroAllocatedBytesAndCollections() throws IOException {
        ArrayNode results = (ArrayNode) RecordJson.mapper().readTree(sample().toFile());
        ((ObjectNode) results.get(0)).putObject("secondaryMetrics");
        Path file = write(results);

        JsonNode metrics = RecordJson.parse(JmhResults.record(ZGC_CELL, file)).path("metrics");

        assertEquals(0.0, metrics.path("allocBytesPerOp").asDouble(-1));
        assertEquals(0.0, metrics.path("gcCount").asDouble(-1));
    }

    @Test
    void shouldFailACellJmhWroteNoResultFor() throws IOException {
        JsonNode missing = RecordJson.parse(JmhResults.record(ZGC_CELL, dir.resolve("none.json")));
        JsonNode empty = RecordJson.parse(JmhResults.record(ZGC_CELL, write(RecordJson.mapper().createArrayNode())));

        assertEquals("failed", missing.path("status").asText());
        assertTrue(missing.path("error").asText().contains("JMH wrote no result"), missing.toString());
        assertEquals("failed", empty.path("status").asText());
    }

    @Test
    void shouldFailACellWhoseBenchmarkRanSeveralModes() throws IOException {
        ArrayNode results = (ArrayNode) RecordJson.mapper().readTree(sample().toFile());
        results.add(results.get(0).deepCopy());
        ((ObjectNode) results.get(1)).put("mode", "thrpt");

        JsonNode record = RecordJson.parse(JmhResults.record(ZGC_CELL, write(results)));

        assertEquals("failed", record.path("status").asText());
        assertTrue(record.path("error").asText().contains("--mode"), record.toString());
    }

    @Test
    void shouldFailACellWhoseForksDidNotGetItsCollectorsFlag() throws IOException {
        JmhCell g1 = new JmhCell(JmhConfiguration.of(Collector.G1), ZGC_CELL.benchmark(), Map.of(),
                JmhOptions.defaults(), List.of());

        JsonNode record = RecordJson.parse(JmhResults.record(g1, sample()));

        assertEquals("failed", record.path("status").asText());
        assertTrue(record.path("error").asText().contains("did not get -XX:+UseG1GC"), record.toString());
    }

    private Path sample() throws IOException {
        try (InputStream in = getClass().getResourceAsStream("zgc-encode-fresh.json")) {
            Path file = dir.resolve("sample.jmh.json");
            Files.write(file, in.readAllBytes());
            return file;
        }
    }

    private Path write(JsonNode results) throws IOException {
        Path file = Files.createTempFile(dir, "results", ".json");
        Files.writeString(file, results.toString());
        return file;
    }
}

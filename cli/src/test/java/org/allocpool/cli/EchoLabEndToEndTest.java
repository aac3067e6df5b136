package org.allocpool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The echo lab through the lab runner with the real {@code echo serve} and {@code echo bench} in forked
 * JVMs, on the smallest matrix: one strategy with copy-per-event off and on, one client, one fork, four
 * rounds of 250 ms each; small server heaps. Both cells get an ok record with the server's own settings
 * and the bench's rounds, and the tables show the ratio and a verdict. Nothing here depends on the
 * figures measured.
 */
class EchoLabEndToEndTest {

    @TempDir
    Path results;

    @Test
    void shouldRecordBothHalvesOfACellAndTabulateTheirRatio() throws IOException {
        int exit = AllocpoolMain.execute("lab", "echo", "--gc", "G1", "--buffers", "thread-local", "--event", "top-of-book",
                "--clients", "1", "--duration", "1s", "--warmup", "0", "--round-time", "250ms", "--forks", "1",
                "--jvm-arg=-Xms128m", "--jvm-arg=-Xmx128m", "--jvm-arg=-XX:-AlwaysPreTouch", "--results", results.toString());
        assertEquals(0, exit);

        List<JsonNode> records = Files.readAllLines(results.resolve("records.jsonl")).stream().map(RecordJson::parse).toList();
        assertEquals(2, records.size());
        for (JsonNode record : records) {
            assertEquals("ok", record.path("status").asText(), record.toString());
            assertEquals("echo", record.path("experiment").asText());
            JsonNode cell = record.path("cell");
            assertEquals("G1", cell.path("gc").asText(), "the server's collector, from its STATS answer");
            assertEquals("thread-local", cell.path("buffers").asText());
            assertEquals(1, cell.path("clients").asInt());
            assertEquals(1, record.path("fork").asInt());
            JsonNode metrics = record.path("metrics");
            assertTrue(metrics.path("eventsPerSecond").asDouble() > 0, record.toString());
            assertTrue(metrics.path("eventsPerSecondRounds").path("rounds").size() >= 4, "the rounds that count:\n" + record);
            assertTrue(metrics.path("steadyState").has("steady"), record.toString());
        }
        assertEquals(Set.of(false, true), records.stream().map(r -> r.path("cell").path("copyPerEvent").asBoolean())
                .collect(Collectors.toSet()), "both halves, in the pass's own order");

        String tables = Files.readString(results.resolve("tables.md"));
        String ratios = tables.substring(tables.indexOf("### G1, top-of-book: copy-per-event / reuse, events/s"));
        assertTrue(ratios.lines().anyMatch(l -> l.matches("\\| thread-local \\| +\\d+\\.\\d\\d× \\([+-]\\d+%\\)"
                + " (spreads apart|too close to call|not steady) \\|")), tables);
        assertTrue(tables.contains("\n## Verdict\n"), tables);
        assertTrue(tables.contains("- Does one copy per event cost throughput? thread-local: "), tables);
    }
}

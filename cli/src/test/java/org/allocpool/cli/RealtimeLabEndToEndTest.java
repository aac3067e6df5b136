package org.allocpool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real-time lab with the real analyzer: one cell searches its smallest loss-free interval
 * through probe JVMs and native clock sources, and the real-time table shows the answer.
 */
class RealtimeLabEndToEndTest {

    @TempDir
    Path results;

    @Test
    void shouldSearchAnIntervalInForkedProbesAndTabulateIt() throws IOException {
        int exit = AllocpoolMain.execute("lab", "analyzer", "--mode", "realtime", "--gc", "Serial",
                "--strategy", "flat", "--case", "A", "--queue", "100", "--stored", "100", "--pool", "1000",
                "--duration", "300ms", "--warmup-s", "0.2", "--heap", "256m", "--no-include-cpp", "--forks", "1",
                // each probe's warm-up before the source starts: one round of 100 ms instead of three of a second
                "--round-time", "100ms", "--warmup", "1", "--results", results.toString());
        assertEquals(0, exit);

        List<JsonNode> records = Files.readAllLines(results.resolve("records.jsonl")).stream()
                .map(RecordJson::parse).toList();
        assertEquals(1, records.size());
        JsonNode record = records.getFirst();
        assertEquals("ok", record.path("status").asText(), record.toString());
        assertEquals(1, record.path("fork").asInt(), record.toString());
        JsonNode search = record.path("metrics").path("search");
        assertTrue(search.path("probes").size() >= 1, search.toString());
        String answer = search.has("minIntervalNs")
                ? search.path("minIntervalNs").asText()
                : "lost: ";
        String tables = Files.readString(results.resolve("tables.md"));
        String row = tables.lines().filter(l -> l.startsWith("| flat ")).findFirst()
                .orElseThrow(() -> new AssertionError("no flat row in\n" + tables));
        assertTrue(row.contains(answer), row + " should show " + answer);
    }
}

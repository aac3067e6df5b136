package org.allocpool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lab with the real analyzer in forked JVMs, on tiny sizes: every cell of two collectors and
 * all strategies gets an ok record with its rounds and steady-state check, and the tables show every
 * cell with the spread of its rounds, and a verdict.
 */
class LabEndToEndTest {

    private static final List<String> STRATEGIES = List.of("dummy", "alloc", "mix", "pool",
            "native-dummy", "native-alloc", "native-mix", "native-pool", "flat");

    @TempDir
    Path results;

    @Test
    void shouldRecordAndTabulateEveryCellOfTwoCollectorsAndAllStrategies() throws IOException {
        // one fork per cell: forks are not the point here, and each is a JVM
        int exit = AllocpoolMain.execute("lab", "analyzer", "--gc", "G1,Serial", "--strategy", "all", "--case", "A",
                "--forks", "1", "--queue", "100", "--stored", "100", "--pool", "1000", "--mix-pool", "200",
                "--packets", "20000", "--rounds", "4", "--max-rounds", "4", "--warmup", "1", "--heap", "256m",
                "--results", results.toString());
        assertEquals(0, exit);

        List<JsonNode> records = Files.readAllLines(results.resolve("records.jsonl")).stream()
                .map(RecordJson::parse).toList();
        assertEquals(2 * STRATEGIES.size() + 2 * 4, records.size(),
                "and cpp, cpp-flat x the C++ strategies among those named (dummy, alloc, mix, pool)");
        Set<String> cells = new HashSet<>();
        for (JsonNode record : records) {
            assertEquals("ok", record.path("status").asText(), record.toString());
            assertEquals(1, record.path("fork").asInt(), record.toString());
            assertTrue(record.path("metrics").path("nsPerPacket").path("median").asDouble() > 0, record.toString());
            assertEquals(4, record.path("metrics").path("nsPerPacket").path("rounds").size(), record.toString());
            assertTrue(record.path("metrics").path("steadyState").has("steady"), "every cell is checked: " + record);
            JsonNode cell = record.path("cell");
            cells.add(cell.has("runtime") ? cell.path("runtime").asText() + "/" + cell.path("strategy").asText()
                    : cell.path("gc").asText() + "/" + cell.path("strategy").asText());
        }
        assertTrue(cells.containsAll(List.of("cpp/mix", "cpp/pool", "cpp-flat/mix", "cpp-flat/pool")), cells.toString());
        for (String gc : List.of("G1", "Serial")) {
            for (String strategy : STRATEGIES) {
                assertTrue(cells.contains(gc + "/" + strategy), "no record for " + gc + "/" + strategy);
            }
        }

        String tables = Files.readString(results.resolve("tables.md"));
        for (String gc : List.of("G1", "Serial")) {
            String section = tables.substring(tables.indexOf("### " + gc + ": ns/packet"));
            for (String strategy : Stream.concat(STRATEGIES.stream(), Stream.of("cpp pool", "cpp-flat mix")).toList()) {
                String row = section.lines().filter(l -> l.startsWith("| " + strategy + " ")).findFirst()
                        .orElseThrow(() -> new AssertionError("no row for " + gc + "/" + strategy + " in\n" + tables));
                String cellA = row.split("\\|")[2].strip();
                assertTrue(cellA.matches("(\\*\\*)?[0-9.]+(\\*\\*)? \\([0-9.]+-[0-9.]+\\).*"),
                        gc + "/" + strategy + " shows '" + cellA + "'");
            }
        }
        assertTrue(tables.contains("\n## Verdict\n"), tables);
    }
}

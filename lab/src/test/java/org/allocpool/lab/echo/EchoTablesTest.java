package org.allocpool.lab.echo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.echo.tables.EchoTables;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;

/** The echo tables from records made up by {@link FakeEcho}: no process is started. */
class EchoTablesTest {

    private static final RunInfo RUN = new RunInfo("echo", "quick", List.of("--duration", "5s", "--warmup", "3s"), List.of());

    @Test
    void shouldCopyTheLabsBufferStrategiesIntoTheFake() {
        assertEquals(EchoMatrix.BUFFERS, FakeEcho.BUFFERS);
    }

    @Test
    void shouldShowEveryCellInEachFigureTableAndTheRatioPerCell() {
        List<JsonNode> records = new ArrayList<>();
        for (String gc : List.of("G1", "ZGC")) {
            for (String buffers : EchoMatrix.BUFFERS) {
                for (boolean copy : List.of(false, true)) {
                    records.add(record("top-of-book", buffers, copy, 16, gc));
                    records.add(record("message", buffers, copy, 3, gc));
                }
            }
        }
        String tables = squeeze(EchoTables.render(records, RUN));

        for (String gc : List.of("G1", "ZGC")) {
            for (String event : EchoMatrix.EVENTS) {
                String clients = event.equals("message") ? "3 clients" : "16 clients";
                String section = section(tables, "## " + gc + ", " + event + "\n");
                assertTrue(section.contains("| buffers | " + clients + ", reuse | " + clients + ", copy |"), section);
                for (String title : List.of("events/s", "p99 latency, µs", "allocated bytes per event", "GC fraction",
                        "copy-per-event / reuse, events/s", "copy-per-event - reuse, allocated bytes per event")) {
                    assertTrue(section.contains("### " + gc + ", " + event + ": " + title + "\n"), title + " in\n" + section);
                }
                for (String buffers : EchoMatrix.BUFFERS) {
                    assertEquals(6, section.lines().filter(l -> l.startsWith("| " + buffers + " ")).count(),
                            buffers + " in every table of\n" + section);
                }
            }
        }
        String g1 = section(tables, "## G1, top-of-book\n");
        assertTrue(g1.contains("| netty-pooled | 32.0M | 24.0M |"), g1);
        assertTrue(g1.contains("| thread-local | 20 | 40 |"), "p99 in µs:\n" + g1);
        assertTrue(g1.contains("| thread-local | 0.10% | 0.40% |"), g1);
        assertTrue(g1.contains("| unpooled | 0.75× (-25%) |"), g1);
        assertTrue(g1.contains("| thread-local | +64 |"), "the copy's bytes:\n" + g1);
        assertFalse(tables.contains("failed ["), tables);
    }

    @Test
    void shouldShowOurFiguresBesideBothArticles() {
        List<JsonNode> records = new ArrayList<>();
        for (int clients : List.of(1, 16)) {
            for (boolean copy : List.of(false, true)) {
                records.add(record("top-of-book", "thread-local", copy, clients, "G1"));
            }
        }
        records.add(record("message", "thread-local", false, 3, "G1"));
        records.add(record("message", "netty-pooled", false, 3, "G1"));
        String tables = squeeze(EchoTables.render(records, RUN));

        String beside = section(tables, "## Beside the articles\n");
        assertTrue(beside.contains("| G1, thread-local | 64.0M | 48.0M | 0.75× (-25%)"), beside);
        assertTrue(beside.contains("| Chronicle Wire 2022 | 68.6M | 50.3M | 0.73× (-27%), reported -25%"), beside);
        assertTrue(beside.contains("| G1, thread-local | 4.00M | 64.0M |"), beside);
        assertTrue(beside.contains("| Chronicle Wire 2022 | 10.4M | 64.7M |"), beside);
        assertTrue(beside.contains("| G1, 3 | 12.0M | 6.00M |"
                + " 2.00× (+100%) |"), beside);
        assertTrue(beside.contains("| Netty case study, 3 | 97.0k | 88.0k |"
                + " 1.10× (+10%) |"), beside);
    }

    @Test
    void shouldFootnoteAFailedCellAndLeaveItsRatioOut() {
        List<JsonNode> records = new ArrayList<>(List.of(record("message", "unpooled", false, 3, "ZGC")));
        records.add(RecordJson.parse("{\"experiment\":\"echo\",\"status\":\"failed\",\"error\":\"timed out after 1m38s; killed\","
                + "\"cell\":{\"event\":\"message\",\"buffers\":\"unpooled\",\"copyPerEvent\":true,\"clients\":3,\"gc\":\"ZGC\"}}"));
        String tables = squeeze(EchoTables.render(records, RUN));

        assertTrue(tables.contains("| unpooled | 3.00M | failed [1] |"), tables);
        assertTrue(tables.contains("[1] ZGC message, 3 clients, unpooled, copy-per-event: timed out after 1m38s; killed\n"), tables);
        assertFalse(tables.contains("copy-per-event / reuse"), "no ratio without both halves:\n" + tables);
        assertFalse(tables.contains("copy-per-event - reuse"), "no difference without both halves:\n" + tables);
        assertTrue(tables.contains("- cells: 2 (1 ok, 1 failed)"), tables);
    }

    @Test
    void shouldPreferAnOkRecordOfACellToALaterFailedOne() {
        JsonNode ok = record("message", "unpooled", false, 3, "G1");
        JsonNode failed = RecordJson.parse("{\"experiment\":\"echo\",\"status\":\"failed\",\"error\":\"x\",\"cell\":"
                + "{\"event\":\"message\",\"buffers\":\"unpooled\",\"copyPerEvent\":false,\"clients\":3,\"gc\":\"G1\"}}");
        String tables = EchoTables.render(List.of(ok, failed), RUN);

        assertTrue(tables.contains("- cells: 1 (1 ok, 0 failed)"), tables);
        assertFalse(tables.contains("failed ["), tables);
    }

    /** The tables with runs of spaces made one, so that a row reads the same whatever the columns' widths. */
    private static String squeeze(String tables) {
        return tables.replaceAll(" +", " ");
    }

    private static JsonNode record(String event, String buffers, boolean copy, int clients, String gc) {
        return RecordJson.parse(FakeEcho.record(event, buffers, copy, clients, gc));
    }

    /** The text from {@code heading} to the next heading of the same level. */
    private static String section(String tables, String heading) {
        int start = tables.indexOf(heading);
        assertTrue(start >= 0, "no " + heading.strip() + " in\n" + tables);
        int end = tables.indexOf("\n## ", start + heading.length());
        return tables.substring(start, end < 0 ? tables.length() : end);
    }
}

package org.allocpool.lab.echo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.echo.tables.EchoReport;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;

/** The echo tables from records made up by {@link FakeEcho}, read as the lab reads them: no process is started. */
class EchoReportTest {

    private static final RunInfo RUN = new RunInfo("echo", "quick",
            List.of("--duration", "5s", "--warmup", "3s", "--round-time", "1s", "--max-rounds", "10"), List.of());

    @Test
    void shouldCopyTheLabsBufferStrategiesIntoTheFake() {
        assertEquals(EchoMatrix.BUFFERS, FakeEcho.BUFFERS);
    }

    @Test
    void shouldShowEveryCellInEachFigureTableAndTheRatioPerCell() {
        List<String> records = new ArrayList<>();
        for (String gc : List.of("G1", "ZGC")) {
            for (String buffers : EchoMatrix.BUFFERS) {
                for (boolean copy : List.of(false, true)) {
                    records.add(FakeEcho.record("top-of-book", buffers, copy, 16, gc));
                    records.add(FakeEcho.record("message", buffers, copy, 3, gc));
                }
            }
        }
        String tables = squeeze(render(records));

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
        assertTrue(g1.contains("| netty-pooled | 32.0M (31.7M-32.0M) | 24.0M (23.8M-24.0M) |"), g1);
        assertTrue(g1.contains("| thread-local | 20 | 40 |"), "p99 in µs:\n" + g1);
        assertTrue(g1.contains("| thread-local | 0.10% | 0.40% |"), g1);
        assertTrue(g1.contains("| unpooled | 0.75× (-25%) spreads apart |"), g1);
        assertTrue(g1.contains("| thread-local | +64 |"), "the copy's bytes:\n" + g1);
        assertFalse(tables.contains("failed ["), tables);
        assertTrue(tables.contains("- profile: quick (every bench: `--duration 5s --warmup 3s --round-time 1s --max-rounds 10`)"),
                tables);
        assertTrue(tables.contains("- cells: 32 (32 ok, 0 failed), forks: 32 (32 ok, 0 failed)"), tables);
    }

    @Test
    void shouldShowTheSpreadOverForksBesideTheSpreadOverRounds() {
        List<String> records = List.of(
                fork(FakeEcho.record("message", "unpooled", false, 3, "G1", FakeEcho.steady(1e6, 5), true, 2300), 1),
                fork(FakeEcho.record("message", "unpooled", false, 3, "G1", FakeEcho.steady(1.1e6, 5), true, 2300), 2));

        String tables = squeeze(render(records));

        assertTrue(tables.contains("| unpooled | 1.05M (1.00M-1.10M) ±4.8% |"), tables);
        assertTrue(tables.contains("- cells: 1 (1 ok, 0 failed), forks: 2 (2 ok, 0 failed)"), tables);
    }

    @Test
    void shouldShowOurFiguresBesideBothArticles() {
        List<String> records = new ArrayList<>();
        for (int clients : List.of(1, 16)) {
            for (boolean copy : List.of(false, true)) {
                records.add(FakeEcho.record("top-of-book", "thread-local", copy, clients, "G1"));
            }
        }
        records.add(FakeEcho.record("message", "thread-local", false, 3, "G1"));
        records.add(FakeEcho.record("message", "netty-pooled", false, 3, "G1"));
        String tables = squeeze(render(records));

        String beside = section(tables, "## Beside the articles\n");
        assertTrue(beside.contains("| G1, thread-local | 64.0M | 48.0M | 0.75× (-25%)"), beside);
        assertTrue(beside.contains("| Chronicle Wire 2022 | 68.6M | 50.3M | 0.73× (-27%), reported -25%"), beside);
        assertTrue(beside.contains("| G1, thread-local | 4.00M | 64.0M |"), beside);
        assertTrue(beside.contains("| Chronicle Wire 2022 | 10.4M | 64.7M |"), beside);
        assertTrue(beside.contains("| G1, 3 | 12.0M | 6.00M | 2.00× (+100%) |"), beside);
        assertTrue(beside.contains("| Netty case study, 3 | 97.0k | 88.0k | 1.10× (+10%) |"), beside);
    }

    @Test
    void shouldFootnoteAFailedCellAndLeaveItsRatioOut() {
        List<String> records = List.of(FakeEcho.record("message", "unpooled", false, 3, "ZGC"),
                "{\"experiment\":\"echo\",\"status\":\"failed\",\"error\":\"timed out after 98 s; killed\",\"fork\":1,"
                        + "\"cell\":{\"event\":\"message\",\"buffers\":\"unpooled\",\"copyPerEvent\":true,\"clients\":3,\"gc\":\"ZGC\"}}");
        String tables = squeeze(render(records));

        assertTrue(tables.contains("| unpooled | 3.00M (2.97M-3.00M) | failed [1] |"), tables);
        assertTrue(tables.contains("[1] ZGC message, 3 clients, unpooled, copy-per-event: timed out after 98 s; killed\n"), tables);
        assertFalse(tables.contains("copy-per-event / reuse"), "no ratio without both halves:\n" + tables);
        assertFalse(tables.contains("copy-per-event - reuse"), "no difference without both halves:\n" + tables);
        assertTrue(tables.contains("- cells: 2 (1 ok, 1 failed)"), tables);
    }

    @Test
    void shouldPreferAnOkRecordOfAForkToALaterFailedOne() {
        String ok = FakeEcho.record("message", "unpooled", false, 3, "G1");
        String failed = "{\"experiment\":\"echo\",\"status\":\"failed\",\"error\":\"x\",\"cell\":"
                + "{\"event\":\"message\",\"buffers\":\"unpooled\",\"copyPerEvent\":false,\"clients\":3,\"gc\":\"G1\"}}";
        String tables = render(List.of(ok, failed));

        assertTrue(tables.contains("- cells: 1 (1 ok, 0 failed), forks: 1 (1 ok, 0 failed)"), tables);
        assertFalse(tables.contains("failed ["), tables);
    }

    @Test
    void shouldMarkARecordWithoutRoundsAsNotCheckedForASteadyState() {
        String old = "{\"experiment\":\"echo\",\"status\":\"ok\",\"cell\":{\"event\":\"message\",\"buffers\":\"unpooled\","
                + "\"copyPerEvent\":false,\"clients\":3,\"gc\":\"G1\"},\"metrics\":{\"eventsPerSecond\":455441.0,"
                + "\"allocBytesPerEvent\":2239.5,\"latencyNs\":{\"p50\":268000,\"p99\":4440000},\"gc\":{\"fraction\":0.037}}}";
        String tables = squeeze(render(List.of(old)));

        assertTrue(tables.contains("| unpooled | 455k (455k-455k) [1] |"), tables);
        assertTrue(tables.contains("[1] G1 message, 3 clients, unpooled, reuse: not steady (measured in one window, not in"
                + " rounds checked for a steady state); not a clean figure, never a winner"), tables);
        assertTrue(tables.contains("| unpooled | 2240 |"), "its bytes are still a count:\n" + tables);
    }

    /** The report of these record lines, read as the lab reads them. */
    static String render(List<String> lines) {
        EchoReport report = new EchoReport();
        List<LabRecord<EchoCellFields, EchoMetricsView>> records = report.recordType()
                .readAll(lines.stream().map(RecordJson::parse).toList());
        assertEquals(lines.size(), records.size(), "every line reads as an echo record");
        return report.render(records, List.of(RUN));
    }

    /** {@code line} as fork {@code fork}'s record. */
    static String fork(String line, int fork) {
        return line.replaceFirst("\"status\":\"ok\",", "\"status\":\"ok\",\"fork\":" + fork + ",");
    }

    /** The tables with runs of spaces made one, so that a row reads the same whatever the columns' widths. */
    static String squeeze(String tables) {
        return tables.replaceAll(" +", " ");
    }

    /** The text from {@code heading} to the next heading of the same level. */
    static String section(String tables, String heading) {
        int start = tables.indexOf(heading);
        assertTrue(start >= 0, "no " + heading.strip() + " in\n" + tables);
        int end = tables.indexOf("\n## ", start + heading.length());
        return tables.substring(start, end < 0 ? tables.length() : end);
    }
}

package org.allocpool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;

class AllocRateCommandTest {

    @Test
    void shouldPrintOneRecordOfTheCellWithJson() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = AllocpoolMain.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
                .execute("alloc-rate", "--loop", "reuse", "--threads", "2", "--round-events", "200000", "--warmup", "1",
                        "--rounds", "4", "--json");
        assertEquals(0, exit, err.toString());
        assertEquals(1, out.toString().lines().count(), out.toString());
        JsonNode record = RecordJson.parse(out.toString());
        assertEquals("alloc-rate", record.path("experiment").asText());
        assertEquals("reuse", record.path("cell").path("loop").asText());
        assertEquals(2, record.path("cell").path("threads").asInt());
        assertEquals(4 * 200_000, record.path("metrics").path("events").asLong());
        assertEquals(0.0, record.path("metrics").path("allocBytesPerEvent").asDouble(), "reuse allocates nothing");
        assertTrue(err.toString().contains("round 4/4"), err.toString());
    }

    @Test
    void shouldRefuseBadInputInOneLine() {
        assertOneLineError("--threads must be from 1 to 1024, was 0", "alloc-rate", "--threads", "0");
        assertOneLineError("unknown loop 'pool'; allowed: alloc, reuse", "alloc-rate", "--loop", "pool");
        assertOneLineError("give either --round-time or --round-events, not both", "alloc-rate", "--round-time", "1s",
                "--round-events", "10");
        assertOneLineError("unknown collector 'CMS'; allowed: Serial, Parallel, G1, ZGC, Shenandoah, Epsilon", "lab",
                "alloc-rate", "--gc", "G1,CMS");
        assertOneLineError("unknown --escape-analysis value 'yes'; allowed: on, off", "lab", "alloc-rate",
                "--escape-analysis", "yes");
    }

    private static void assertOneLineError(String expected, String... args) {
        StringWriter err = new StringWriter();
        int exit = AllocpoolMain.commandLine().setErr(new PrintWriter(err, true)).execute(args);
        assertEquals(AllocpoolMain.EXIT_USAGE, exit, err.toString());
        assertTrue(err.toString().startsWith("allocpool: " + expected), err.toString());
        assertEquals(1, err.toString().lines().count(), err.toString());
    }
}

package org.allocpool.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.process.ChildExit;
import org.junit.jupiter.api.Test;

/** How a fork's end becomes the one record line the lab keeps. */
class RecordLineTest {

    private static final FakeExperiment.Fields INTENDED = new FakeExperiment.Fields("pool", 7);
    private static final RecordLine LINES = new RecordLine("fake");

    private static final String OK = "{\"experiment\":\"fake\",\"status\":\"ok\",\"cell\":{\"name\":\"pool\",\"extra\":1},"
            + "\"env\":{\"jdk\":\"25\"},\"metrics\":{\"value\":3.5}}";

    @Test
    void shouldCompleteAnOkRecordWithTheForkAndTheCellFieldsTheChildLeftOut() {
        JsonNode record = RecordJson.parse(LINES.of(INTENDED, 2, exit(0, OK)));

        assertEquals("{\"experiment\":\"fake\",\"status\":\"ok\",\"fork\":2,\"cell\":{\"name\":\"pool\",\"extra\":1,"
                + "\"size\":7},\"env\":{\"jdk\":\"25\"},\"metrics\":{\"value\":3.5}}", record.toString());
    }

    @Test
    void shouldKeepWhatTheChildSaidOfItsCell() {
        String printed = "{\"experiment\":\"fake\",\"status\":\"ok\",\"cell\":{\"name\":\"pool\",\"size\":8},\"metrics\":{}}";

        JsonNode record = RecordJson.parse(LINES.of(INTENDED, 1, exit(0, printed)));

        assertEquals(8, record.path("cell").path("size").asInt(), "the child knows what it ran");
    }

    @Test
    void shouldTakeTheLastRecordLineOfStdout() {
        String stdout = "starting\n{\"not\":\"a record\"}\n" + OK + "\nbye\n";

        JsonNode record = RecordJson.parse(LINES.of(INTENDED, 1, exit(0, stdout)));

        assertEquals("ok", record.path("status").asText());
        assertEquals(3.5, record.path("metrics").path("value").asDouble());
    }

    @Test
    void shouldRecordATimeoutAsFailedWithTheIntendedCell() {
        ChildExit timedOut = new ChildExit(-1, true, OK, List.of(), Duration.ofMillis(125_400));

        assertEquals("{\"experiment\":\"fake\",\"status\":\"failed\",\"error\":\"timed out after 125 s; killed\","
                + "\"fork\":3,\"cell\":{\"name\":\"pool\",\"size\":7}}", LINES.of(INTENDED, 3, timedOut));
    }

    @Test
    void shouldRecordAnOutOfMemoryErrorAsItsReasonEvenAfterAnOkRecord() {
        ChildExit oom = new ChildExit(1, false, OK, List.of("round 1/5: 200 ns/packet",
                "Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space", "\tat Main.main"),
                Duration.ofSeconds(3));

        JsonNode record = RecordJson.parse(LINES.of(INTENDED, 1, oom));

        assertEquals("failed", record.path("status").asText());
        assertEquals("exited with code 1: Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space",
                record.path("error").asText());
    }

    @Test
    void shouldRecordACrashWithTheExitCodeAndTheTellingLine() {
        ChildExit crash = new ChildExit(134, false, "", List.of("#",
                "# A fatal error has been detected by the Java Runtime Environment:", "#"), Duration.ofSeconds(1));

        assertEquals("exited with code 134: the JVM crashed (see its hs_err file)",
                RecordJson.parse(LINES.of(INTENDED, 1, crash)).path("error").asText());
    }

    @Test
    void shouldRecordAChildThatPrintedNoRecord() {
        assertEquals("printed no result record on stdout (exit code 0)",
                RecordJson.parse(LINES.of(INTENDED, 1, exit(0, "hello\n"))).path("error").asText());
        assertEquals("printed no result record on stdout (exit code 0)",
                RecordJson.parse(LINES.of(INTENDED, 1, exit(0, "{\"status\":\"maybe\"}"))).path("error").asText());
    }

    @Test
    void shouldKeepTheChildsOwnFailedRecordOnOneLine() {
        String printed = "{\"experiment\":\"fake\",\"status\":\"failed\",\"error\":\"pool ran dry\\n  after 12 packets\","
                + "\"cell\":{\"name\":\"pool\"}}";

        JsonNode record = RecordJson.parse(LINES.of(INTENDED, 2, exit(1, printed)));

        assertEquals("failed", record.path("status").asText());
        assertEquals("pool ran dry | after 12 packets", record.path("error").asText());
        assertEquals(7, record.path("cell").path("size").asInt());
        assertEquals(2, record.path("fork").asInt());
    }

    @Test
    void shouldMakeEveryReasonOneLine() {
        JsonNode record = RecordJson.parse(LINES.failed(INTENDED, 1, "could not start\r\n  java: no such file\n"));

        assertEquals("could not start | java: no such file", record.path("error").asText());
        assertEquals("fake", record.path("experiment").asText());
    }

    @Test
    void shouldSayWhetherStdoutHeldOnlyTheRecord() {
        assertTrue(RecordLine.isOnlyRecord(""));
        assertTrue(RecordLine.isOnlyRecord(OK + "\n\n"));
        assertFalse(RecordLine.isOnlyRecord("round 1\n" + OK));
        assertFalse(RecordLine.isOnlyRecord("done, but no record\n"));
    }

    @Test
    void shouldGiveTheFailureOfARecordLineForProgress() {
        assertNull(RecordLine.failureOf(LINES.of(INTENDED, 1, exit(0, OK))));
        assertEquals("printed no result record on stdout (exit code 0)", RecordLine.failureOf(LINES.of(INTENDED, 1, exit(0, ""))));
    }

    private static ChildExit exit(int code, String stdout) {
        return new ChildExit(code, false, stdout, List.of(), Duration.ofSeconds(1));
    }
}

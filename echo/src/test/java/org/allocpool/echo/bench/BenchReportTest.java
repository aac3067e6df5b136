package org.allocpool.echo.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;

/** The figures of a bench run, from the server's STATS before and after the window and its GC window. */
class BenchReportTest {

    private static final BenchSettings SETTINGS = new BenchSettings(16, Duration.ofSeconds(10), Duration.ofSeconds(5),
            EventKind.TOP_OF_BOOK, 64, 0, 1024, 1);

    private static JsonNode json(String text) {
        return RecordJson.parse(text);
    }

    @Test
    void shouldDivideTheServersAllocationByTheEventsItEchoedInTheWindow() {
        JsonNode before = json("{\"eventsEchoed\": 1000, \"ioAllocatedBytes\": 50000, \"nowNs\": 1000000000}");
        JsonNode after = json("{\"eventsEchoed\": 5000, \"ioAllocatedBytes\": 250000, \"nowNs\": 3000000000}");
        JsonNode gc = json("{\"count\": 2, \"pauses\": 3, \"pauseTotalMs\": 20.0, \"pauseMaxMs\": 15.0}");

        EchoMetrics metrics = BenchReport.metrics(List.of(), 2_000_000_000L, before, after, gc);

        assertEquals(50.0, metrics.allocBytesPerEvent());
        assertEquals(4000, metrics.serverEvents());
        assertEquals(2, metrics.gc().count());
        assertEquals(3, metrics.gc().pauses());
        assertEquals(0.01, metrics.gc().fraction(), 1e-12, "20 ms paused in 2 s");
        assertEquals(2.0, metrics.measuredS());
        assertEquals(0, metrics.events());
    }

    @Test
    void shouldReportNoAllocationPerEventWhenTheServerEchoedNothing() {
        JsonNode stats = json("{\"eventsEchoed\": 7, \"ioAllocatedBytes\": 900, \"nowNs\": 5}");

        assertEquals(0.0, BenchReport.metrics(List.of(), 1_000_000_000L, stats, stats, json("{}")).allocBytesPerEvent());
    }

    @Test
    void shouldTakeTheServersSettingsIntoTheCellOnceItAnswered() {
        Map<String, Object> unknown = BenchReport.cell(SETTINGS, null, "thread-local", true);
        Map<String, Object> answered = BenchReport.cell(SETTINGS,
                json("{\"buffers\": \"unpooled\", \"copyPerEvent\": false, \"gc\": \"ZGC\"}"), "thread-local", true);

        assertEquals(List.of("event", "buffers", "copyPerEvent", "clients", "gc", "rate", "window", "durationS"),
                List.copyOf(unknown.keySet()));
        assertEquals("thread-local", unknown.get("buffers"));
        assertEquals(true, unknown.get("copyPerEvent"));
        assertEquals(null, unknown.get("gc"));
        assertEquals("unpooled", answered.get("buffers"));
        assertEquals(false, answered.get("copyPerEvent"));
        assertEquals("ZGC", answered.get("gc"));
        assertEquals("top-of-book", answered.get("event"));
        assertEquals(10.0, answered.get("durationS"));
    }
}

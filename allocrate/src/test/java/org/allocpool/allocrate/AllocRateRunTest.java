package org.allocpool.allocrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.allocpool.metrics.gc.GcStatistics;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.metrics.result.ResultRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class AllocRateRunTest {

    private static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    @Test
    void shouldRecordEveryEventOfTheWindowAndNothingAllocatedWhenReusing() {
        RoundPlan plan = new RoundPlan(null, 400_000, 2, 4, 4);
        ResultRecord record = AllocRateRun.run(new AllocRateSettings(EventLoop.REUSE, 2, plan), QUIET);
        AllocRateMetrics metrics = (AllocRateMetrics) record.metrics();
        assertEquals(ResultRecord.OK, record.status());
        assertEquals(4 * 400_000L, metrics.events());
        assertEquals(4, metrics.eventsPerSecondRounds().rounds().size());
        assertEquals(2, metrics.warmupRounds().size());
        assertEquals(0.0, metrics.allocBytesPerEvent(), "reuse allocates nothing per event");
        assertEquals(metrics.eventsPerSecond() / 2, metrics.eventsPerSecondPerThread(), 1e-6);
        assertEquals("reuse", record.cell().get("loop"));
        assertEquals(400_000L, record.cell().get("roundEvents"));
        assertEquals(Boolean.TRUE, record.cell().get("escapeAnalysis"));
    }

    @Test
    void shouldShareTheProcessCpuTicksOutOverTheRoundsByTime() {
        Instant now = Instant.now();
        // the process's CPU clock ticked once (10 ms) in the second round only; the workers' own is exact
        List<WorkerThreads.Round> window = List.of(new WorkerThreads.Round(1_000, 1_000_000, 56_000, 900_000, 0, now),
                new WorkerThreads.Round(1_000, 3_000_000, 56_000, 2_700_000, 10_000_000, now));
        AllocRateMetrics m = AllocRateRun.metrics(window, List.of(), List.of(), null,
                GcStatistics.of(0, 0, 0, 0, 4_000_000), 0, 1);
        assertEquals(List.of(2_500.0, 7_500.0), m.cpuNsPerEventRounds().rounds());
        assertEquals(5_000.0, m.cpuNsPerEvent(), 1e-9);
        assertEquals(500_000.0, m.eventsPerSecond(), 1e-6);
        assertEquals(56.0, m.allocBytesPerEvent(), 1e-9);
    }

    @Test
    void shouldRefuseAPlanWithBothOrNeitherRoundKind() {
        IllegalArgumentException both = assertThrows(IllegalArgumentException.class,
                () -> new RoundPlan(Duration.ofMillis(5), 10, 0, 1, 1));
        assertTrue(both.getMessage().contains("not both"), both.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new RoundPlan(null, 0, 0, 1, 1));
        IllegalArgumentException threads = assertThrows(IllegalArgumentException.class,
                () -> new AllocRateSettings(EventLoop.ALLOC, 0, new RoundPlan(null, 10, 0, 1, 1)));
        assertTrue(threads.getMessage().contains("--threads"), threads.getMessage());
        IllegalArgumentException loop = assertThrows(IllegalArgumentException.class, () -> EventLoop.byName("pool"));
        assertEquals("unknown loop 'pool'; allowed: alloc, reuse", loop.getMessage());
    }

    /** The proof, in a JVM with escape analysis off, that the record carries it and the loop allocates an event's worth. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldAllocateAnEventPerEventWithEscapeAnalysisOff() throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process child = new ProcessBuilder(List.of(java.toString(), "-XX:-DoEscapeAnalysis", "-XX:+UseSerialGC",
                "-Xmx128m", "-cp", System.getProperty("java.class.path"), RunOnce.class.getName(), "alloc"))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(child.waitFor(50, TimeUnit.SECONDS), "the child ends");
        JsonNode record = RecordJson.parse(out);
        assertFalse(record.path("cell").path("escapeAnalysis").asBoolean(true), out);
        double perEvent = record.path("metrics").path("allocBytesPerEvent").asDouble();
        assertTrue(perEvent >= TopOfBook.FIELD_BYTES && perEvent <= 64, "bytes per event: " + perEvent);
    }

    /** A child's main: one short run of the loop named by its argument, its record on stdout. */
    static final class RunOnce {

        public static void main(String[] args) {
            RoundPlan plan = new RoundPlan(null, 2_000_000, 1, 4, 4);
            ResultRecord record = AllocRateRun.run(new AllocRateSettings(EventLoop.byName(args[0]), 1, plan), System.err);
            System.out.println(RecordJson.toLine(record));
        }
    }
}

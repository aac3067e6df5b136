package org.allocpool.cli;

import static org.allocpool.cli.AnalyzerCommandTest.assertBadInput;
import static org.allocpool.cli.AnalyzerCommandTest.execute;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.allocpool.analyzer.capture.ClockSourceLibrary;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.metrics.progress.ProgressMarker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RealtimeCommandTest {

    /** The lab asks its children for progress markers (the cli's tests run without); these tests check them. */
    @BeforeEach
    void askForProgressMarkers() {
        System.setProperty(ProgressMarker.PROPERTY, "true");
    }

    @AfterEach
    void stopAskingForProgressMarkers() {
        System.setProperty(ProgressMarker.PROPERTY, "false");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--interval-ns|0|--interval-ns must be at least 10, was 0",
        "--interval-ns|-5|--interval-ns must be at least 10, was -5",
        "--interval-ns|9|--interval-ns must be at least 10, was 9",
        "--duration|0|--duration must be a positive time such as 60s, 5m or 500ms, was '0'",
        "--duration|soon|--duration must be a positive time such as 60s, 5m or 500ms, was 'soon'",
        "--max-delay-ms|0|--max-delay-ms must be at least 1, was 0",
        "--warmup-s|-1|--warmup-s must be 0 or more, was -1.0",
    })
    void shouldRejectABadRealtimeValueNamingIt(String option, String value, String message) {
        assertBadInput(execute("analyzer", "--mode", "realtime", option, value), message);
    }

    @Test
    void shouldRejectHlogInBatchMode() {
        assertBadInput(execute("analyzer", "--hlog", "x.hlog"), "--hlog needs --mode realtime");
    }

    @Test
    void shouldRejectHlogForTheCppAnalyser() {
        assertBadInput(execute("analyzer", "--runtime", "cpp", "--mode", "realtime", "--hlog", "x.hlog"),
                "the C++ analyser keeps no histogram");
    }

    @Test
    void shouldWriteTheLatencyHistogramThatTheRecordsPercentilesComeFrom(@TempDir Path dir) throws Exception {
        Path hlog = dir.resolve("run.hlog");
        AnalyzerCommandTest.Outcome outcome = execute("analyzer", "--mode", "realtime", "--strategy", "flat",
                "--queue", "100", "--stored", "100", "--pool", "1000", "--interval-ns", "20000",
                "--duration", "500ms", "--warmup-s", "0", "--max-delay-ms", "1000", "--round-time", "100ms",
                "--warmup", "0", "--rounds", "2", "--hlog", hlog.toString(), "--json");

        assertEquals(0, outcome.exitCode(), outcome.toString());
        JsonNode latency = RecordJson.parse(outcome.out().getFirst()).path("metrics").path("realtime").path("latencyNs");
        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        Histogram logged = (Histogram) reader.nextIntervalHistogram();
        assertEquals(null, reader.nextIntervalHistogram(), "one interval: one probe");
        assertEquals("interval-20000ns", logged.getTag());
        assertTrue(logged.getTotalCount() > 0);
        assertEquals(latency.path("max").asLong(), logged.getMaxValue());
        assertEquals(latency.path("p99").asLong(), logged.getValueAtPercentile(99));
        JsonNode spectrum = latency.path("spectrum");
        assertEquals(8, spectrum.size(), latency.toString());
        assertEquals(100.0, spectrum.get(7).path("percentile").asDouble());
        assertEquals(logged.getMaxValue(), spectrum.get(7).path("ns").asLong());
        for (int i = 1; i < spectrum.size(); i++) {
            assertTrue(spectrum.get(i).path("ns").asLong() >= spectrum.get(i - 1).path("ns").asLong(), latency.toString());
        }
        assertTrue(outcome.err().contains("progress: measuring at 20000 ns"), outcome.err().toString());
    }

    @Test
    void shouldRejectFindIntervalInBatchMode() {
        assertBadInput(execute("analyzer", "--find-interval"), "--find-interval needs --mode realtime");
    }

    @Test
    void shouldLoseNothingAtAComfortableInterval() {
        // A 1 s ring: on a loaded 2-core machine the scheduler alone may hold this thread off the
        // CPU for over 100 ms; the test pins exact accounting, not the machine's scheduling.
        AnalyzerCommandTest.Outcome outcome = execute("analyzer", "--mode", "realtime", "--strategy", "flat",
                "--queue", "100", "--stored", "100", "--pool", "1000", "--interval-ns", "20000",
                "--duration", "1s", "--warmup-s", "0.2", "--max-delay-ms", "1000", "--json");

        assertEquals(0, outcome.exitCode(), outcome.toString());
        assertEquals(1, outcome.out().size(), outcome.out().toString());
        JsonNode record = RecordJson.parse(outcome.out().getFirst());
        assertEquals("realtime", record.path("cell").path("mode").asText());
        JsonNode realtime = record.path("metrics").path("realtime");
        assertEquals(20000, realtime.path("intervalNs").asLong());
        assertEquals(0, realtime.path("lost").asLong(), realtime.toString());
        assertTrue(realtime.path("sent").asLong() > 10_000, realtime.toString());
        assertEquals(realtime.path("sent").asLong(), realtime.path("received").asLong());
        assertTrue(realtime.path("latencyNs").path("max").asLong() >= realtime.path("latencyNs").path("p50").asLong());
        assertTrue(outcome.err().stream().anyMatch(l -> l.contains("lost: 0")), outcome.err().toString());
        assertEquals(0, ClockSourceLibrary.liveThreads(), "the source thread is gone after the run");
    }
}

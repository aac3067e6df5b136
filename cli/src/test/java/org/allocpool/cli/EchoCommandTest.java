package org.allocpool.cli;

import static org.allocpool.cli.AnalyzerCommandTest.assertBadInput;
import static org.allocpool.cli.AnalyzerCommandTest.execute;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.allocpool.cli.AnalyzerCommandTest.Outcome;
import org.allocpool.echo.buffers.BufferStrategy;
import org.allocpool.echo.server.EchoServer;
import org.allocpool.echo.server.ServerSettings;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EchoCommandTest {

    private static final String ALLOWED_BUFFERS = "allowed: unpooled, netty-pooled, netty-adaptive, thread-local";

    @Test
    void shouldRejectAnUnknownBufferStrategyListingTheAllowedOnes() {
        assertBadInput(execute("echo", "serve", "--buffers", "bogus"), "unknown --buffers 'bogus'; " + ALLOWED_BUFFERS);
        assertBadInput(execute("echo", "bench", "--buffers", "bogus"), "unknown --buffers 'bogus'; " + ALLOWED_BUFFERS);
    }

    @Test
    void shouldRejectZeroClients() {
        assertBadInput(execute("echo", "bench", "--clients", "0"), "--clients 0 is out of range; allowed: 1 to 10000");
    }

    @Test
    void shouldRejectANegativeMaximumFrame() {
        assertBadInput(execute("echo", "serve", "--max-frame", "-1"),
                "--max-frame -1 is out of range; allowed: 1 to 2147483642 bytes");
    }

    @Test
    void shouldRejectAnUnknownEvent() {
        assertBadInput(execute("echo", "bench", "--event", "x"), "unknown --event 'x'; allowed: top-of-book, message");
    }

    @Test
    void shouldRejectBadDurationsAndServerOptionsWithARunningServer() {
        assertBadInput(execute("echo", "bench", "--duration", "0"), "--duration '0' is not a duration");
        assertBadInput(execute("echo", "bench", "--port", "7100", "--copy-per-event"),
                "with --port 7100 the running server's settings apply");
    }

    @Test
    void shouldRejectRoundsThatDoNotFitTheDuration() {
        assertBadInput(execute("echo", "bench", "--duration", "2s", "--round-time", "3s"),
                "--round-time must be from 1ms to --duration (2000ms), was 3000ms");
        assertBadInput(execute("echo", "bench", "--duration", "4s", "--max-rounds", "3"),
                "--max-rounds must be from the rounds of --duration (4) to 100000, was 3");
    }

    @Test
    void shouldNameTheDocumentAndFieldOfABadScenario(@TempDir Path dir) throws IOException {
        Path in = dir.resolve("in.yaml");
        Files.writeString(in, "topOfBook: {sendingTimeNS: 1, symbol: A, ecn: B, bidPrice: x, askPrice: 1, "
                + "bidQuantity: 1, askQuantity: 1}\n", StandardCharsets.UTF_8);
        assertBadInput(execute("echo", "replay", in.toString()),
                "document 1: topOfBook.bidPrice must be a number, was 'x'");
        assertBadInput(execute("echo", "replay", dir.resolve("none.yaml").toString()), "no such file");
    }

    @Test
    void shouldReplayAScenarioThroughAnEmbeddedServer(@TempDir Path dir) throws IOException {
        Path in = dir.resolve("in.yaml");
        String event = "topOfBook: {sendingTimeNS: 2022-09-05T12:34:56.789012345, symbol: EUR/USD, ecn: EBS, "
                + "bidPrice: 0.9913, askPrice: 0.9917, bidQuantity: 1000000, askQuantity: 2500000}";
        Files.writeString(in, event + "\n", StandardCharsets.UTF_8);
        Outcome outcome = execute("echo", "replay", in.toString(), "--buffers", "thread-local");
        assertEquals(0, outcome.exitCode(), outcome.toString());
        assertEquals(List.of("---", "topOfBook:", "  sendingTimeNS: \"2022-09-05T12:34:56.789012345\"",
                "  symbol: \"EUR/USD\"", "  ecn: \"EBS\"", "  bidPrice: 0.9913", "  askPrice: 0.9917",
                "  bidQuantity: 1000000", "  askQuantity: 2500000"), outcome.out());
    }

    @Test
    void shouldPrintOneRecordWithTheContractsFieldsForATwoSecondRun() throws IOException {
        ServerSettings settings = ServerSettings.defaults(BufferStrategy.THREAD_LOCAL).withPort(0).withIoThreads(1);
        try (EchoServer server = EchoServer.start(settings, line -> { })) {
            Outcome outcome = execute("echo", "bench", "--port", Integer.toString(server.address().getPort()),
                    "--clients", "2", "--warmup", "500ms", "--duration", "2s", "--round-time", "500ms", "--max-rounds", "6",
                    "--window", "8", "--json");
            assertEquals(0, outcome.exitCode(), outcome.toString());
            assertEquals(1, outcome.out().size(), "exactly one record: " + outcome.out());
            JsonNode record = RecordJson.parse(outcome.out().getFirst());
            assertContractRecord(record, "thread-local", false, 2);
            assertRoundsRecorded(record, 4, 6);
            assertEquals(1, record.path("metrics").path("warmupRounds").size(), record.toString());
            assertTrue(outcome.err().stream().anyMatch(l -> l.contains("events/s")), outcome.err().toString());
            assertTrue(outcome.err().stream().anyMatch(l -> l.startsWith("  round 1/4: ")), outcome.err().toString());
        }
    }

    @Test
    void shouldStartItsOwnServerJvmWithoutAPort() {
        Outcome outcome = execute("echo", "bench", "--clients", "1", "--warmup", "0", "--duration", "1s",
                "--round-time", "250ms", "--window", "4", "--buffers", "unpooled", "--copy-per-event", "--io-threads", "1",
                "--json");
        assertEquals(0, outcome.exitCode(), outcome.toString());
        assertEquals(1, outcome.out().size(), "exactly one record: " + outcome.out());
        JsonNode record = RecordJson.parse(outcome.out().getFirst());
        assertContractRecord(record, "unpooled", true, 1);
        assertRoundsRecorded(record, 4, 8);
    }

    /**
     * The rounds that count and their steady-state check are in the record, whatever they measured: at least
     * {@code rounds} and at most {@code maxRounds} timed rounds ran.
     */
    private static void assertRoundsRecorded(JsonNode record, int rounds, int maxRounds) {
        JsonNode metrics = record.path("metrics");
        JsonNode counted = metrics.path("eventsPerSecondRounds");
        assertEquals(rounds, counted.path("rounds").size(), metrics.toString());
        for (String field : List.of("median", "min", "max")) {
            assertTrue(counted.path(field).isNumber(), field);
        }
        assertEquals(rounds, metrics.path("allocBytesPerEventRounds").path("rounds").size(), metrics.toString());
        JsonNode check = metrics.path("steadyState");
        assertTrue(check.path("steady").isBoolean(), metrics.toString());
        assertEquals(rounds, check.path("rounds").asInt());
        assertFalse(check.path("reason").asText().isEmpty());
        int discarded = metrics.path("discardedRounds").size();
        assertTrue(discarded <= maxRounds - rounds, metrics.toString());
        assertTrue(check.path("steady").asBoolean() || discarded == maxRounds - rounds,
                "only a steady check ends the rounds before the cap: " + metrics);
        assertEquals(rounds, record.path("cell").path("rounds").asInt());
        assertEquals(maxRounds, record.path("cell").path("maxRounds").asInt());
    }

    private static void assertContractRecord(JsonNode record, String buffers, boolean copy, int clients) {
        assertEquals("echo", record.path("experiment").asText());
        assertEquals("ok", record.path("status").asText(), record.toString());
        JsonNode cell = record.path("cell");
        assertEquals("top-of-book", cell.path("event").asText());
        assertEquals(buffers, cell.path("buffers").asText());
        assertEquals(copy, cell.path("copyPerEvent").asBoolean());
        assertEquals(clients, cell.path("clients").asInt());
        assertFalse(cell.path("gc").asText().isEmpty());
        for (String field : List.of("rate", "window", "durationS")) {
            assertTrue(cell.has(field), field);
        }
        assertFalse(record.path("env").path("jdk").asText().isEmpty());
        JsonNode metrics = record.path("metrics");
        assertTrue(metrics.path("eventsPerSecond").asDouble() > 0, metrics.toString());
        assertTrue(metrics.path("sentPerSecond").asDouble() > 0);
        assertTrue(metrics.path("receivedPerSecond").asDouble() > 0);
        assertTrue(metrics.path("allocBytesPerEvent").isNumber());
        for (String p : List.of("p50", "p99", "p999", "max")) {
            assertTrue(metrics.path("latencyNs").path(p).asLong() > 0, p);
        }
        for (String g : List.of("count", "pauseTotalMs", "pauseMaxMs", "pauseAvgMs", "perSecond", "fraction")) {
            assertTrue(metrics.path("gc").has(g), g);
        }
    }
}

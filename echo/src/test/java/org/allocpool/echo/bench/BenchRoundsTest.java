package org.allocpool.echo.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.allocpool.echo.server.GcWindow;
import org.allocpool.metrics.latency.HistogramLogFile;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.metrics.result.ResultRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bench's rounds on made-up marks: no server, no clock, no waiting. Each mark is read at the
 * boundary asked for, and the load echoes at the rate the test gives for that round.
 */
class BenchRoundsTest {

    private static final long SECOND = 1_000_000_000L;

    private final ByteArrayOutputStream human = new ByteArrayOutputStream();

    @Test
    void shouldCountTheLastRoundsAndKeepEachWithItsSteadyStateCheck() throws Exception {
        BenchSettings settings = settings(Duration.ofSeconds(2), Duration.ofSeconds(5), null);
        FakeLoad load = new FakeLoad(List.of(100.0, 500.0), List.of(1000.0, 1010.0, 990.0, 1005.0, 995.0));

        BenchRounds.Result result = rounds(settings, load).run(0);

        assertEquals(List.of(100.0, 500.0), result.warmup());
        assertEquals(List.of(), result.discarded());
        assertEquals(List.of(1000.0, 1010.0, 990.0, 1005.0, 995.0),
                result.counted().stream().map(BenchRounds.Round::eventsPerSecond).toList());
        assertTrue(result.steadyState().steady(), result.steadyState().reason());
        assertEquals(5, result.steadyState().rounds());
        assertEquals(List.of(0L, SECOND, 2 * SECOND, 3 * SECOND, 4 * SECOND, 5 * SECOND, 6 * SECOND, 7 * SECOND),
                load.boundaries, "a boundary every round time from the start, warm-up included");
    }

    @Test
    void shouldRecordTheRoundsAndTheirCheckInTheMetrics() throws Exception {
        BenchSettings settings = settings(Duration.ZERO, Duration.ofSeconds(4), null);
        FakeLoad load = new FakeLoad(List.of(), List.of(2000.0, 2000.0, 2000.0, 2000.0));

        EchoMetrics metrics = BenchReport.metrics(rounds(settings, load).run(0),
                new GcWindow(0, 0, 2, 3, 20.0, 15.0, 0));
        JsonNode record = RecordJson.parse(RecordJson.toLine(ResultRecord.ok(Bench.EXPERIMENT,
                BenchReport.cell(settings, null, "thread-local", false), null, metrics)));

        JsonNode m = record.path("metrics");
        assertEquals(2000.0, m.path("eventsPerSecond").asDouble());
        assertEquals(4, m.path("eventsPerSecondRounds").path("rounds").size(), m.toString());
        assertEquals(2000.0, m.path("eventsPerSecondRounds").path("median").asDouble());
        assertEquals(4, m.path("allocBytesPerEventRounds").path("rounds").size(), m.toString());
        assertEquals(56.0, m.path("allocBytesPerEventRounds").path("median").asDouble());
        assertTrue(m.path("steadyState").path("steady").asBoolean(), m.toString());
        for (String field : List.of("reason", "rounds", "shift", "noise", "drift", "trendP")) {
            assertTrue(m.path("steadyState").has(field), field);
        }
        assertTrue(m.path("warmupRounds").isArray());
        assertTrue(m.path("discardedRounds").isArray());
        assertEquals(0.005, m.path("gc").path("fraction").asDouble(), 1e-12, "20 ms paused in 4 s of the server's clock");
        JsonNode cell = record.path("cell");
        assertEquals(1.0, cell.path("roundS").asDouble());
        assertEquals(4, cell.path("rounds").asInt());
        assertEquals(8, cell.path("maxRounds").asInt(), "twice the rounds by default");
        assertEquals(0.0, cell.path("warmupS").asDouble());
    }

    @Test
    void shouldRunMoreRoundsWhileNotSteadyUpToTheCap() throws Exception {
        BenchSettings settings = settings(Duration.ZERO, Duration.ofSeconds(4), 7);
        FakeLoad load = new FakeLoad(List.of(), List.of(1000.0, 1200.0, 1400.0, 1600.0, 1800.0, 2000.0, 2200.0));

        BenchRounds.Result result = rounds(settings, load).run(0);

        assertEquals(List.of(1000.0, 1200.0, 1400.0), result.discarded(), "the rounds replaced, in order");
        assertEquals(List.of(1600.0, 1800.0, 2000.0, 2200.0),
                result.counted().stream().map(BenchRounds.Round::eventsPerSecond).toList());
        assertFalse(result.steadyState().steady());
        assertTrue(result.steadyState().reason().startsWith("a step of +"), "four rounds are too few to call a trend: "
                + result.steadyState().reason());
        String said = human.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("rounds 1-4 are not steady (a step of +"), said);
        assertTrue(said.contains("round 7/7: 2,200 events/s"), said);
    }

    @Test
    void shouldStopAddingRoundsOnceTheLastOnesAreSteady() throws Exception {
        BenchSettings settings = settings(Duration.ZERO, Duration.ofSeconds(4), 20);
        FakeLoad load = new FakeLoad(List.of(),
                List.of(400.0, 700.0, 1000.0, 1000.0, 1010.0, 990.0, 1000.0, 1005.0, 995.0, 1000.0, 1002.0));

        BenchRounds.Result result = rounds(settings, load).run(0);

        assertTrue(result.steadyState().steady(), result.steadyState().reason());
        assertTrue(result.discarded().size() >= 1 && result.discarded().size() < 20 - 4, result.discarded().toString());
        assertEquals(400.0, result.discarded().getFirst());
        assertEquals(4, result.counted().size());
    }

    @Test
    void shouldEndAShortWarmUpWithAShorterRound() throws Exception {
        BenchSettings settings = settings(Duration.ofMillis(2500), Duration.ofSeconds(4), null);
        FakeLoad load = new FakeLoad(List.of(10.0, 20.0, 30.0), List.of(50.0, 50.0, 50.0, 50.0));

        BenchRounds.Result result = rounds(settings, load).run(0);

        assertEquals(3, result.warmup().size());
        assertEquals(List.of(0L, SECOND, 2 * SECOND, 2500_000_000L, 3500_000_000L), load.boundaries.subList(0, 5));
    }

    @Test
    void shouldLogEveryRoundsLatencyHistogramTaggedSoThatTheCountedOnesAddUpToTheRecords(@TempDir Path dir)
            throws Exception {
        BenchSettings settings = settings(Duration.ofSeconds(2), Duration.ofSeconds(4), null);
        FakeLoad load = new FakeLoad(List.of(100.0, 500.0), List.of(1000.0, 1000.0, 1000.0, 1000.0));
        Path file = dir.resolve("cell.hlog");

        BenchRounds.Result result;
        try (HistogramLogFile log = HistogramLogFile.create(file, "test", 1_000L)) {
            result = new BenchRounds(settings, load::at, new PrintStream(human, true, StandardCharsets.UTF_8), log)
                    .run(0);
        }

        HistogramLogReader reader = new HistogramLogReader(file.toFile());
        List<String> tags = new ArrayList<>();
        Histogram counted = new Histogram(LoadClient.MAX_LATENCY_NS, 3);
        for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
            tags.add(h.getTag());
            if (h.getTag().startsWith("round-")) {
                counted.add((Histogram) h);
            }
        }
        assertEquals(List.of("warmup-1", "warmup-2", "round-1", "round-2", "round-3", "round-4"), tags);
        assertEquals(result.latency().getTotalCount(), counted.getTotalCount());
        assertEquals(LatencyNs.of(result.latency()).max(), counted.getMaxValue());
    }

    @Test
    void shouldSayWhichRoundRunsInProgressMarkers() throws Exception {
        BenchSettings settings = settings(Duration.ofSeconds(1), Duration.ofSeconds(4), 5);
        rounds(settings, new FakeLoad(List.of(100.0), List.of(1000.0, 1200.0, 1400.0, 1600.0, 1800.0))).run(0);

        List<String> markers = human.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("progress: "))
                .toList();
        assertEquals(List.of("progress: warm-up round 1 of 1", "progress: round 1 of 4", "progress: round 2 of 4",
                "progress: round 3 of 4", "progress: round 4 of 4", "progress: round 5 of at most 5"), markers);
    }

    @Test
    void shouldGiveASpectrumEndingAtMax() {
        Histogram h = new Histogram(LoadClient.MAX_LATENCY_NS, 3);
        for (int i = 1; i <= 10_000; i++) {
            h.recordValue(i * 100L);
        }
        LatencyNs latency = LatencyNs.of(h);
        assertEquals(8, latency.spectrum().size());
        assertEquals(latency.max(), latency.spectrum().getLast().ns());
        JsonNode json = RecordJson.parse(RecordJson.toLine(ResultRecord.ok(Bench.EXPERIMENT, java.util.Map.of(), null,
                latency)));
        assertEquals(99.9, json.path("metrics").path("spectrum").get(4).path("percentile").asDouble());
    }

    @Test
    void shouldCallRoundsThatEchoedNothingNotSteady() {
        assertFalse(BenchRounds.check(List.of(0.0, 0.0, 5.0, 0.0)).steady());
        assertEquals("3 of 4 rounds echoed nothing", BenchRounds.check(List.of(0.0, 0.0, 5.0, 0.0)).reason());
        assertTrue(BenchRounds.check(List.of(5.0, 5.0, 5.0, 5.0)).steady());
    }

    private BenchRounds rounds(BenchSettings settings, FakeLoad load) {
        return new BenchRounds(settings, load::at, new PrintStream(human, true, StandardCharsets.UTF_8));
    }

    private static BenchSettings settings(Duration warmup, Duration duration, Integer maxRounds) {
        return new BenchSettings(4, duration, warmup, EventKind.TOP_OF_BOOK, 64, 0, 1024, 1, Duration.ofSeconds(1),
                maxRounds);
    }

    /**
     * Marks of a load that echoes, in each round, at the rate given for it (warm-up rounds first, then
     * timed ones), while the server allocates 56 bytes per event; the bench's clock is the boundary asked for.
     */
    private static final class FakeLoad {
        private final List<Double> rates = new ArrayList<>();
        final List<Long> boundaries = new ArrayList<>();
        private long events;
        private long lastNs;

        FakeLoad(List<Double> warmup, List<Double> timed) {
            rates.addAll(warmup);
            rates.addAll(timed);
        }

        RoundMark at(long ns) {
            if (!boundaries.isEmpty()) {
                int round = boundaries.size() - 1;
                events += Math.round(rates.get(round) * (ns - lastNs) / SECOND);
            }
            boundaries.add(ns);
            lastNs = ns;
            Histogram latency = new Histogram(LoadClient.MAX_LATENCY_NS, 3);
            latency.recordValue(5_000);
            return new RoundMark(ns, events, events, 0, latency, ns, events, 56 * events);
        }
    }
}

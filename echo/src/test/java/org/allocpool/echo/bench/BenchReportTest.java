package org.allocpool.echo.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.allocpool.echo.server.GcWindow;
import org.allocpool.echo.server.StatsAnswer;
import org.allocpool.metrics.stats.SteadyState;
import org.junit.jupiter.api.Test;

/** The figures of a bench run, from the marks at the boundaries of the rounds that count and the server's GC window. */
class BenchReportTest {

    private static final BenchSettings SETTINGS = new BenchSettings(16, Duration.ofSeconds(10), Duration.ofSeconds(5),
            EventKind.TOP_OF_BOOK, 64, 0, 1024, 1, null, null);

    @Test
    void shouldDivideTheServersAllocationByTheEventsItEchoedInTheRoundsThatCount() {
        RoundMark start = mark(0, 0, 1_000_000_000L, 1000, 50_000);
        RoundMark middle = mark(1_000_000_000L, 3000, 2_000_000_000L, 3000, 100_000);
        RoundMark end = mark(2_000_000_000L, 7000, 3_000_000_000L, 5000, 250_000);

        EchoMetrics metrics = BenchReport.metrics(result(start, middle, end), new GcWindow(0, 0, 2, 3, 20.0, 15.0, 0));

        assertEquals(50.0, metrics.allocBytesPerEvent());
        assertEquals(List.of(25.0, 75.0), metrics.allocBytesPerEventRounds().rounds());
        assertEquals(4000, metrics.serverEvents());
        assertEquals(7000, metrics.events());
        assertEquals(3500.0, metrics.eventsPerSecond());
        assertEquals(List.of(3000.0, 4000.0), metrics.eventsPerSecondRounds().rounds());
        assertEquals(2, metrics.gc().count());
        assertEquals(3, metrics.gc().pauses());
        assertEquals(0.01, metrics.gc().fraction(), 1e-12, "20 ms paused in 2 s");
        assertEquals(2.0, metrics.measuredS());
    }

    @Test
    void shouldReportNoAllocationPerEventWhenTheServerEchoedNothing() {
        RoundMark start = mark(0, 0, 5, 7, 900);
        RoundMark end = mark(1_000_000_000L, 0, 1_000_000_005L, 7, 900);

        assertEquals(0.0, BenchReport.metrics(result(start, end), new GcWindow(0, 0, 0, 0, 0, 0, 0)).allocBytesPerEvent());
    }

    @Test
    void shouldTakeTheServersSettingsIntoTheCellOnceItAnswered() {
        Map<String, Object> unknown = BenchReport.cell(SETTINGS, null, "thread-local", true);
        StatsAnswer server = new StatsAnswer("unpooled", false, 65536, 1024, 65536, 2, "ZGC", null, 0, 0, 0, 0, 0, 0, 0,
                null, null);
        Map<String, Object> answered = BenchReport.cell(SETTINGS, server, "thread-local", true);

        assertEquals(List.of("event", "buffers", "copyPerEvent", "clients", "gc", "rate", "window", "durationS", "warmupS",
                "roundS", "rounds", "maxRounds"), List.copyOf(unknown.keySet()));
        assertEquals("thread-local", unknown.get("buffers"));
        assertEquals(true, unknown.get("copyPerEvent"));
        assertEquals(null, unknown.get("gc"));
        assertEquals("unpooled", answered.get("buffers"));
        assertEquals(false, answered.get("copyPerEvent"));
        assertEquals("ZGC", answered.get("gc"));
        assertEquals("top-of-book", answered.get("event"));
        assertEquals(10.0, answered.get("durationS"));
        assertEquals(10, answered.get("rounds"));
        assertEquals(20, answered.get("maxRounds"));
    }

    private static RoundMark mark(long ns, long received, long serverNowNs, long echoed, long allocated) {
        return new RoundMark(ns, received, received, 0, new Histogram(LoadClient.MAX_LATENCY_NS, 3), serverNowNs, echoed,
                allocated);
    }

    private static BenchRounds.Result result(RoundMark... marks) {
        List<BenchRounds.Round> rounds = new java.util.ArrayList<>();
        for (int i = 1; i < marks.length; i++) {
            rounds.add(new BenchRounds.Round(marks[i - 1], marks[i]));
        }
        return new BenchRounds.Result(List.of(), List.of(), rounds, SteadyState.of(new double[] {1, 1, 1, 1}));
    }
}

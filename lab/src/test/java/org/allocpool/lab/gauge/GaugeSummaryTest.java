package org.allocpool.lab.gauge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link GaugeSummary}: each figure's range over its median, and the line under the tables. */
class GaugeSummaryTest {

    private static final Instant T0 = Instant.parse("2026-11-28T10:00:00Z");
    private static final GaugeLimit LIMIT = new GaugeLimit(0.6, 0.1);

    private static final List<GaugeReading> READINGS = List.of(
            new GaugeReading(T0, 2.0, 1.00),
            new GaugeReading(T0.plusSeconds(60), 2.5, 1.02),
            new GaugeReading(T0.plusSeconds(120), 1.8, 0.98),
            new GaugeReading(T0.plusSeconds(180), 3.0, 1.04),
            new GaugeReading(T0.plusSeconds(240), 2.5, 1.00));

    @Test
    void shouldGiveEachFiguresRangeOverItsMedian() {
        GaugeSummary summary = GaugeSummary.of(READINGS);

        assertEquals(5, summary.readings());
        assertEquals(2.5, summary.memoryMedian(), 1e-12);
        assertEquals(1.8 / 2.5, summary.memoryLow(), 1e-12);
        assertEquals(3.0 / 2.5, summary.memoryHigh(), 1e-12);
        assertEquals(1.00, summary.cpuMedian(), 1e-12);
        assertEquals(0.98, summary.cpuLow(), 1e-12);
        assertEquals(1.04, summary.cpuHigh(), 1e-12);
    }

    @Test
    void shouldTakeTheMeanOfTheTwoMiddleReadingsAsTheMedianOfAnEvenCount() {
        assertEquals(2.25, GaugeSummary.of(READINGS.subList(0, 4)).memoryMedian(), 1e-12);
    }

    @Test
    void shouldSayTheRangesTheRerunsAndTheLimitInOneLine() {
        assertEquals("host gauge over the run (5 readings): memory 0.72-1.20x its median, CPU 0.98-1.04x;"
                + " 2 forks rerun after it moved beyond memory 60%, CPU 10%", GaugeSummary.of(READINGS).line(2, LIMIT));
    }

    @Test
    void shouldSayNoForkWasRerun() {
        assertEquals("host gauge over the run (1 reading): memory 1.00-1.00x its median, CPU 1.00-1.00x;"
                + " no fork rerun after it moved beyond memory 60%, CPU 10%", GaugeSummary.of(READINGS.subList(0, 1)).line(0, LIMIT));
    }

    @Test
    void shouldSaySoWhenThereWasNoReading() {
        assertEquals("host gauge over the run: no reading", GaugeSummary.of(List.of()).line(0, LIMIT));
    }
}

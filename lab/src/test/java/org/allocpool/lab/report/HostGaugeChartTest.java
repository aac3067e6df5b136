package org.allocpool.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import org.allocpool.lab.gauge.GaugeReading;
import org.junit.jupiter.api.Test;

/** {@link HostGaugeChart}: both gauge figures over a run's time, relative to their medians. */
class HostGaugeChartTest {

    private static final Instant T0 = Instant.parse("2026-11-28T10:00:00Z");

    private static final List<GaugeReading> READINGS = List.of(
            new GaugeReading(T0, 2.0, 1.35),
            new GaugeReading(T0.plusSeconds(90), 6.5, 1.37),
            new GaugeReading(T0.plusSeconds(180), 2.2, 1.90),
            new GaugeReading(T0.plusSeconds(300), 2.1, 1.35));

    @Test
    void shouldDrawBothFiguresAsLinesThroughEveryReading() {
        Chart chart = HostGaugeChart.chart(READINGS);

        assertTrue(chart.svg().startsWith("<svg") && chart.svg().endsWith("</svg>"));
        assertEquals(2, PageText.between(chart.svg(), "<g class=\"mark line\">", "</g>").size(), chart.svg());
        assertEquals(8, PageText.between(chart.svg(), "<circle", "</circle>").size());
        assertTrue(chart.svg().contains("memory (median 2.15 ns per 64-byte line)"), chart.svg());
        assertTrue(chart.svg().contains("CPU (median 1.36 ns per step)"), chart.svg());
    }

    @Test
    void shouldPlaceEachReadingAtItsMinutesAndItsRatioToTheMedian() {
        String svg = HostGaugeChart.chart(READINGS).svg();

        assertTrue(svg.contains("memory at 1.5 min: 6.50 ns per line, 3.02x its median"), svg);
        assertTrue(svg.contains("CPU at 3.0 min: 1.90 ns per step, 1.40x its median"), svg);
        assertTrue(svg.contains("minutes since the first reading"), svg);
    }

    @Test
    void shouldGiveNoSectionWithoutReadings() {
        assertTrue(HostGaugeChart.section(List.of()).isEmpty());
        assertEquals(1, HostGaugeChart.section(READINGS).orElseThrow().charts().size());
    }
}

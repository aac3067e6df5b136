package org.allocpool.lab.figure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.allocpool.lab.analyzer.AnalyzerMetricsView;
import org.allocpool.lab.echo.EchoMetricsView;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;

/** A latency spectrum: the record's own where it carries one, else its four percentiles; read tolerantly. */
class LatencySpectrumTest {

    @Test
    void shouldTakeTheRecordsSpectrumInPercentileOrderWhenItCarriesOne() throws Exception {
        AnalyzerMetricsView.Latency latency = RecordJson.mapper().readValue("{\"p50\":1000,\"p99\":5000,\"p999\":8000,"
                + "\"max\":9000,\"spectrum\":[{\"percentile\":99.9,\"ns\":8000},{\"percentile\":50,\"ns\":1000},"
                + "{\"percentile\":90,\"ns\":2500}]}", AnalyzerMetricsView.Latency.class);

        LatencySpectrum spectrum = latency.toSpectrum();

        assertTrue(spectrum.measured());
        assertEquals(List.of(50.0, 90.0, 99.9), spectrum.points().stream().map(LatencySpectrum.Point::percentile).toList());
    }

    @Test
    void shouldFallBackToTheFourPercentilesOfARecordWithoutASpectrum() throws Exception {
        EchoMetricsView.Latency latency = RecordJson.mapper().readValue("{\"p50\":376063,\"p99\":4263935,"
                + "\"p999\":7933951,\"max\":47644671,\"mean\":500405.0}", EchoMetricsView.Latency.class);

        LatencySpectrum spectrum = latency.toSpectrum();

        assertFalse(spectrum.measured());
        assertEquals(List.of(new LatencySpectrum.Point(50.0, 376063.0), new LatencySpectrum.Point(99.0, 4263935.0),
                new LatencySpectrum.Point(99.9, 7933951.0), new LatencySpectrum.Point(100.0, 47644671.0)), spectrum.points());
    }

    @Test
    void shouldLeaveOutPointsWithoutBothNumbersAndPercentilesThatDoNotExist() {
        LatencySpectrum spectrum = LatencySpectrum.of(List.of(new LatencySpectrum.Point(null, 5.0),
                new LatencySpectrum.Point(150.0, 5.0), new LatencySpectrum.Point(99.0, null)), 10L, null, null, 90L);

        assertFalse(spectrum.measured(), "no whole point: the percentiles instead");
        assertEquals(List.of(50.0, 100.0), spectrum.points().stream().map(LatencySpectrum.Point::percentile).toList(),
                "a percentile the record lacks is left out");
    }
}

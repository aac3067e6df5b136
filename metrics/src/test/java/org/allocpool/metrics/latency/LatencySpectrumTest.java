package org.allocpool.metrics.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencySpectrumTest {

    @Test
    void shouldGiveEveryPercentileInOrderNeverFallingAndEndingAtMax() {
        SplittableRandom random = new SplittableRandom(13);
        for (int run = 0; run < 50; run++) {
            Histogram histogram = new Histogram(60_000_000_000L, 3);
            int n = 1 + random.nextInt(5_000);
            for (int i = 0; i < n; i++) {
                // a long tail: mostly hundreds of ns, sometimes milliseconds
                histogram.recordValue(random.nextInt(100) == 0 ? random.nextLong(1, 50_000_000) : random.nextLong(1, 1_000));
            }
            List<LatencySpectrum.Point> spectrum = LatencySpectrum.of(histogram);
            assertEquals(LatencySpectrum.PERCENTILES, spectrum.stream().map(LatencySpectrum.Point::percentile).toList());
            for (int i = 1; i < spectrum.size(); i++) {
                assertTrue(spectrum.get(i).ns() >= spectrum.get(i - 1).ns(), "falls at " + spectrum.get(i));
            }
            assertEquals(histogram.getMaxValue(), spectrum.getLast().ns());
            assertEquals(histogram.getMinValue(), spectrum.getFirst().ns());
        }
    }

    @Test
    void shouldBeEmptyForAnEmptyHistogram() {
        assertEquals(List.of(), LatencySpectrum.of(new Histogram(3)));
    }
}

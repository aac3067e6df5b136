package org.allocpool.metrics.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.FileNotFoundException;
import java.nio.file.Path;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistogramLogFileTest {

    @TempDir
    Path dir;

    @Test
    void shouldReadBackEachIntervalWithItsTagTimesAndCounts() throws FileNotFoundException {
        Path file = dir.resolve("cell.hlog");
        long start = 1_700_000_000_000L;
        Histogram first = new Histogram(60_000_000_000L, 3);
        Histogram second = new Histogram(60_000_000_000L, 3);
        for (int i = 1; i <= 1000; i++) {
            first.recordValue(100 + i);
            second.recordValue(10_000L * i);
        }
        try (HistogramLogFile log = HistogramLogFile.create(file, "a test", start)) {
            log.append("probe-1-120ns", first, start + 500, start + 2_500);
            log.append("probe-2-240ns", second, start + 3_000, start + 5_000);
        }

        HistogramLogReader reader = new HistogramLogReader(file.toFile());
        EncodableHistogram one = reader.nextIntervalHistogram();
        EncodableHistogram two = reader.nextIntervalHistogram();
        assertNull(reader.nextIntervalHistogram());
        assertEquals(start / 1000.0, reader.getStartTimeSec(), 0.001);
        assertEquals("probe-1-120ns", one.getTag());
        assertEquals("probe-2-240ns", two.getTag());
        assertEquals(first.getTotalCount(), ((Histogram) one).getTotalCount());
        assertEquals(second.getTotalCount(), ((Histogram) two).getTotalCount());
        assertEquals(first.getMaxValue(), ((Histogram) one).getMaxValue());
        assertEquals(second.getValueAtPercentile(99), ((Histogram) two).getValueAtPercentile(99));
        assertEquals(start + 3_000, two.getStartTimeStamp());
        assertEquals(start + 5_000, two.getEndTimeStamp());
    }

    @Test
    void shouldRefuseATagWithASpace() {
        try (HistogramLogFile log = HistogramLogFile.create(dir.resolve("x.hlog"), "a test", 0)) {
            assertThrows(IllegalArgumentException.class, () -> log.append("probe 1", new Histogram(3), 0, 1));
        }
    }
}

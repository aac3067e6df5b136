package org.allocpool.metrics.gc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GcPauseRecorderTest {

    @Test
    void shouldCountACollectionThatHappensWhileRecording() {
        GcPauseRecorder recorder = new GcPauseRecorder().start();
        System.gc();
        GcStatistics stats = recorder.stop();

        assertTrue(stats.count() >= 1, "collections seen: " + stats.count());
        assertTrue(stats.pauseTotalMs() > 0, "a full collection pauses");
        assertTrue(stats.pauseMaxMs() <= stats.pauseTotalMs());
        assertTrue(stats.fraction() >= 0 && stats.fraction() <= 1);
    }

    @Test
    void shouldDeriveAveragesAndRatesFromTheSums() {
        GcStatistics stats = GcStatistics.of(4, 100.0, 40.0, 2_000_000_000L);
        assertTrue(stats.pauseAvgMs() == 25.0);
        assertTrue(stats.perSecond() == 2.0);
        assertTrue(stats.fraction() == 0.05);
    }

    @Test
    void shouldReportZeroAveragesWithoutCollections() {
        GcStatistics stats = GcStatistics.of(0, 0, 0, 1_000_000_000L);
        assertTrue(stats.pauseAvgMs() == 0.0 && stats.perSecond() == 0.0 && stats.fraction() == 0.0);
    }
}

package org.allocpool.metrics.gc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import javax.management.JMException;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

class GcPauseRecorderTest {

    @Test
    void shouldCountACollectionThatHappensWhileRecording() throws JMException {
        GcPauseRecorder recorder = new GcPauseRecorder().start();
        fullCollection();
        GcStatistics stats = recorder.stop();

        assertTrue(stats.count() >= 1, "collections seen: " + stats.count());
        assertTrue(stats.pauseTotalMs() > 0, "a full collection pauses");
        assertTrue(stats.pauses() >= stats.count(), "at least one pause per collection: " + stats);
        assertTrue(stats.pauseMaxMs() <= stats.pauseTotalMs());
        assertTrue(stats.pauseAvgMs() <= stats.pauseMaxMs() + 1e-9, "an average pause is no longer than the longest");
        assertTrue(stats.fraction() >= 0 && stats.fraction() <= 1);
    }

    /**
     * A full collection as {@code jcmd <pid> GC.run} asks for one: unlike {@code System.gc()}, which
     * {@code -XX:+DisableExplicitGC} turns into nothing, it collects whatever the JVM's flags.
     */
    private static void fullCollection() throws JMException {
        ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"),
                "gcRun", new Object[] {new String[0]}, new String[] {String[].class.getName()});
    }

    @Test
    void shouldDeriveAveragesAndRatesFromTheSums() {
        GcStatistics stats = GcStatistics.of(4, 5, 100.0, 40.0, 2_000_000_000L);
        assertTrue(stats.pauseAvgMs() == 20.0, "average per pause, not per collection");
        assertTrue(stats.perSecond() == 2.0);
        assertTrue(stats.fraction() == 0.05);
    }

    @Test
    void shouldReportZeroAveragesWithoutCollections() {
        GcStatistics stats = GcStatistics.of(0, 0, 0, 0, 1_000_000_000L);
        assertTrue(stats.pauseAvgMs() == 0.0 && stats.perSecond() == 0.0 && stats.fraction() == 0.0);
    }
}

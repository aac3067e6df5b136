package org.allocpool.metrics.gc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * Records garbage-collection pauses over an interval, as the JVM itself reports them: JFR's
 * {@code jdk.GarbageCollection} events, whose {@code sumOfPauses} and {@code longestPause} count
 * only stop-the-world time for every collector (for ZGC and Shenandoah the pauses, not the
 * concurrent cycle), and {@code jdk.GCPhasePause} events, one per pause. No log file is parsed.
 *
 * <p>Use from one thread: {@link #start()}, the measured work, then {@link #stop()} once.
 * The JFR recording lives in this JVM's JFR repository and is deleted by {@link #stop()}.
 */
public final class GcPauseRecorder implements AutoCloseable {

    private static final String GC_EVENT = "jdk.GarbageCollection";
    /** One event per stop-the-world pause, for every collector; its durations add up to the sums above. */
    private static final String PAUSE_EVENT = "jdk.GCPhasePause";

    private final Recording recording = new Recording();
    private long startNs;

    public GcPauseRecorder() {
        recording.enable(GC_EVENT).withThreshold(Duration.ZERO);
        recording.enable(PAUSE_EVENT).withThreshold(Duration.ZERO);
        recording.setToDisk(true);
        recording.setName("allocpool-gc");
    }

    /** Starts recording; collections that end from now on are counted. */
    public GcPauseRecorder start() {
        recording.start();
        startNs = System.nanoTime();
        return this;
    }

    /** Stops recording and sums what was seen. */
    public GcStatistics stop() {
        return sum(System.nanoTime() - startNs, Instant.MIN);
    }

    /**
     * Stops recording and sums the collections that started at or after {@code from}: for a run
     * that records from its start, so as not to start JFR mid-run, but counts after a warm-up.
     */
    public GcStatistics stop(Instant from) {
        Instant now = Instant.now();
        return sum(Math.max(0, Duration.between(from, now).toNanos()), from);
    }

    private GcStatistics sum(long elapsedNs, Instant from) {
        recording.stop();
        Path file = null;
        try {
            file = Files.createTempFile("allocpool-gc", ".jfr");
            recording.dump(file);
            long count = 0;
            long pauses = 0;
            double totalMs = 0;
            double maxMs = 0;
            for (RecordedEvent event : RecordingFile.readAllEvents(file)) {
                if (event.getStartTime().isBefore(from)) {
                    continue;
                }
                String name = event.getEventType().getName();
                if (name.equals(GC_EVENT)) {
                    count++;
                    totalMs += event.getDuration("sumOfPauses").toNanos() / 1e6;
                    maxMs = Math.max(maxMs, event.getDuration("longestPause").toNanos() / 1e6);
                } else if (name.equals(PAUSE_EVENT)) {
                    pauses++;
                }
            }
            return GcStatistics.of(count, pauses, totalMs, maxMs, elapsedNs);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the JFR recording of GC pauses", e);
        } finally {
            recording.close();
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException ignored) {
                    // a temp file left behind is harmless
                }
            }
        }
    }

    @Override
    public void close() {
        recording.close();
    }
}

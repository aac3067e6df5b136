package org.allocpool.echo.server;

import java.time.Duration;
import java.time.Instant;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingStream;

/**
 * The garbage collections of this JVM since the server started, as the JVM reports them: JFR's
 * {@code jdk.GarbageCollection} events (stop-the-world {@code sumOfPauses} and {@code longestPause},
 * so ZGC and Shenandoah count their pauses, not their concurrent cycles) and {@code jdk.GCPhasePause}
 * events (one per pause), streamed as they are flushed (about once a second). Keeps the last
 * {@value #KEPT} of each in rings so that a window can be summed afterwards. JFR takes a second or
 * more to start on a busy machine, so it starts on a thread of its own and the server listens at
 * once; collections before it runs are not seen (the bench warms up first). Thread-safe: the JFR
 * thread writes, any thread reads, under this object's lock.
 */
final class GcLog implements AutoCloseable {

    static final int KEPT = 1 << 16;

    private RecordingStream stream;
    private boolean closed;
    private final long[] collectionStartNs = new long[KEPT];
    private final long[] collectionPausesNs = new long[KEPT];
    private final long[] collectionLongestNs = new long[KEPT];
    private final long[] pauseStartNs = new long[KEPT];
    private long collections;
    private long pauses;
    private long observedUntilNs;

    GcLog() {
        Thread thread = new Thread(this::follow, "echo-gc-log");
        thread.setDaemon(true);
        thread.start();
    }

    private void follow() {
        RecordingStream s = new RecordingStream();
        s.enable("jdk.GarbageCollection").withThreshold(Duration.ZERO);
        s.enable("jdk.GCPhasePause").withThreshold(Duration.ZERO);
        s.onEvent("jdk.GarbageCollection", this::onCollection);
        s.onEvent("jdk.GCPhasePause", this::onPause);
        s.onFlush(this::onFlush);
        synchronized (this) {
            if (closed) {
                s.close();
                return;
            }
            stream = s;
        }
        try {
            s.start(); // runs the callbacks on this thread until closed
        } catch (IllegalStateException closedMeanwhile) {
            // close() came first: nothing to follow
        }
    }

    private synchronized void onCollection(RecordedEvent event) {
        int i = (int) (collections++ % KEPT);
        collectionStartNs[i] = epochNs(event.getStartTime());
        collectionPausesNs[i] = event.getDuration("sumOfPauses").toNanos();
        collectionLongestNs[i] = event.getDuration("longestPause").toNanos();
    }

    private synchronized void onPause(RecordedEvent event) {
        pauseStartNs[(int) (pauses++ % KEPT)] = epochNs(event.getStartTime());
    }

    private synchronized void onFlush() {
        observedUntilNs = epochNs(Instant.now());
    }

    /**
     * Collections that started in {@code [sinceNs, untilNs]} (epoch nanoseconds; 0 for open ends),
     * among the last {@value #KEPT}.
     */
    synchronized GcWindow window(long sinceNs, long untilNs) {
        long until = untilNs == 0 ? Long.MAX_VALUE : untilNs;
        long count = 0;
        long totalNs = 0;
        long longestNs = 0;
        for (long n = Math.max(0, collections - KEPT); n < collections; n++) {
            int i = (int) (n % KEPT);
            if (collectionStartNs[i] >= sinceNs && collectionStartNs[i] <= until) {
                count++;
                totalNs += collectionPausesNs[i];
                longestNs = Math.max(longestNs, collectionLongestNs[i]);
            }
        }
        long pauseCount = 0;
        for (long n = Math.max(0, pauses - KEPT); n < pauses; n++) {
            long start = pauseStartNs[(int) (n % KEPT)];
            if (start >= sinceNs && start <= until) {
                pauseCount++;
            }
        }
        return new GcWindow(sinceNs, untilNs, count, pauseCount, totalNs / 1e6, longestNs / 1e6, observedUntilNs);
    }

    static long epochNs(Instant instant) {
        return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
    }

    @Override
    public void close() {
        RecordingStream s;
        synchronized (this) {
            closed = true;
            s = stream;
        }
        if (s != null) {
            s.close();
        }
    }
}

package org.allocpool.analyzer.realtime;

import java.time.Duration;
import java.util.Objects;
import org.allocpool.analyzer.AnalyzerSettings;
import org.allocpool.analyzer.capture.CaptureSource;

/**
 * One real-time run: the workload of a batch run, fed by a native clock source that produces a
 * packet every {@code intervalNs} into a capture ring holding {@code maxDelayMs} of them.
 * The compact constructor validates, naming the command-line option and the bad value. Immutable.
 *
 * @param workload   strategy, case and sizes (its round settings are not used here)
 * @param intervalNs nanoseconds between two packets of the source, at least 10
 * @param duration   how long losses and latency are measured, after the warm-up; positive
 * @param warmup     how long the run goes before measuring (the article tolerates initial loss)
 * @param maxDelayMs how much time of packets the capture ring holds (the article's 100 ms)
 * @param pin        pin the source and the processor to distinct CPUs, where there are enough
 */
public record RealtimeSettings(AnalyzerSettings workload, long intervalNs, Duration duration, Duration warmup,
                               int maxDelayMs, boolean pin) {

    /** The article's warm-up: losses in the first seconds are forgiven. */
    public static final Duration DEFAULT_WARMUP = Duration.ofSeconds(10);
    public static final Duration DEFAULT_DURATION = Duration.ofSeconds(60);

    public RealtimeSettings {
        Objects.requireNonNull(workload, "workload");
        if (intervalNs < CaptureSource.MIN_INTERVAL_NS) {
            throw new IllegalArgumentException("--interval-ns must be at least " + CaptureSource.MIN_INTERVAL_NS
                    + ", was " + intervalNs);
        }
        if (duration == null || duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("--duration must be positive, was " + RealtimeSettings.show(duration));
        }
        if (warmup == null || warmup.isNegative()) {
            throw new IllegalArgumentException("--warmup-s must be 0 or more, was " + RealtimeSettings.show(warmup));
        }
        if (maxDelayMs < 1) {
            throw new IllegalArgumentException("--max-delay-ms must be at least 1, was " + maxDelayMs);
        }
        CaptureSource.ringCapacity(intervalNs, maxDelayMs); // refuses a ring too large, naming the values
    }

    /** The same run at another interval: what an interval search probes. */
    public RealtimeSettings withInterval(long otherIntervalNs) {
        return new RealtimeSettings(workload, otherIntervalNs, duration, warmup, maxDelayMs, pin);
    }

    private static String show(Duration d) {
        return d == null ? "nothing" : d.toMillis() / 1000.0 + "s";
    }
}

package org.allocpool.lab.analyzer;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.text.DurationText;

/**
 * Real-time options handed through to every analyzer child ({@code --duration}, {@code --warmup-s},
 * {@code --max-delay-ms}, {@code --pin}, {@code --interval-ns}); {@code null} leaves the child's
 * default (the article's: 60 s, 10 s, 100 ms). Without {@code intervalNs} each child searches the
 * smallest loss-free interval ({@code --find-interval}); with it, it measures the loss at that one
 * interval. Immutable; safe to share.
 *
 * @param duration   how long each probe measures, after its warm-up
 * @param warmupS    seconds each probe runs before measuring (losses in them are forgiven)
 * @param maxDelayMs how much time of packets the capture ring holds
 * @param pin        pin the source and processor threads to distinct CPUs ({@code null}: not set)
 * @param intervalNs one fixed interval instead of the search
 */
public record RealtimeOptions(Duration duration, Double warmupS, Integer maxDelayMs, Boolean pin, Long intervalNs) {

    /** No options: the child's defaults throughout, and a search. */
    public static final RealtimeOptions NONE = new RealtimeOptions(null, null, null, null, null);

    /** The analyzer's narrowest source interval. */
    static final long MIN_INTERVAL_NS = 10;

    public RealtimeOptions {
        if (duration != null && (duration.isZero() || duration.isNegative())) {
            throw new IllegalArgumentException("--duration must be positive, not " + DurationText.format(duration));
        }
        if (warmupS != null && (!(warmupS >= 0) || warmupS.isInfinite())) {
            throw new IllegalArgumentException("--warmup-s must be zero or more seconds, not " + warmupS);
        }
        if (maxDelayMs != null && maxDelayMs < 1) {
            throw new IllegalArgumentException("--max-delay-ms must be at least 1, not " + maxDelayMs);
        }
        if (intervalNs != null && intervalNs < MIN_INTERVAL_NS) {
            throw new IllegalArgumentException("--interval-ns must be at least " + MIN_INTERVAL_NS + ", not " + intervalNs);
        }
    }

    /** Whether these options are all unset (then a batch run may carry them). */
    public boolean isEmpty() {
        return equals(NONE);
    }

    /** Whether each child searches the smallest loss-free interval (no fixed {@code --interval-ns}). */
    public boolean findsInterval() {
        return intervalNs == null;
    }

    /** These options, with each value left {@code null} here taken from {@code base}. */
    public RealtimeOptions over(RealtimeOptions base) {
        return new RealtimeOptions(
                duration != null ? duration : base.duration,
                warmupS != null ? warmupS : base.warmupS,
                maxDelayMs != null ? maxDelayMs : base.maxDelayMs,
                pin != null ? pin : base.pin,
                intervalNs != null ? intervalNs : base.intervalNs);
    }

    /**
     * The child's options, in a fixed order: {@code --mode realtime}, then {@code --find-interval} or
     * {@code --interval-ns N}, then the timing options set.
     */
    public List<String> toArgs() {
        List<String> args = new ArrayList<>(List.of("--mode", AnalyzerMode.REALTIME.label()));
        if (findsInterval()) {
            args.add("--find-interval");
        } else {
            args.addAll(List.of("--interval-ns", intervalNs.toString()));
        }
        if (duration != null) {
            args.addAll(List.of("--duration", durationArg(duration)));
        }
        if (warmupS != null) {
            args.addAll(List.of("--warmup-s", plain(warmupS)));
        }
        if (maxDelayMs != null) {
            args.addAll(List.of("--max-delay-ms", maxDelayMs.toString()));
        }
        if (Boolean.TRUE.equals(pin)) {
            args.add("--pin");
        }
        return List.copyOf(args);
    }

    /** {@code 2s} or {@code 1500ms}: a form the analyzer's {@code --duration} reads back exactly. */
    private static String durationArg(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms";
    }

    /** {@code 1} rather than {@code 1.0}, {@code 0.5} as is. */
    private static String plain(double seconds) {
        return BigDecimal.valueOf(seconds).stripTrailingZeros().toPlainString();
    }
}

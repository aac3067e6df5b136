package org.allocpool.echo.bench;

import java.time.Duration;
import org.allocpool.echo.wire.FrameLayout;
import org.allocpool.echo.wire.MessageLayout;
import org.allocpool.echo.wire.TopOfBookLayout;

/**
 * How {@code allocpool echo bench} loads a server and times it. After {@code warmup}, the load is
 * measured in rounds of {@code roundTime}; the figures are those of the last {@link #rounds()} rounds
 * ({@code duration} of them), and while those are not steady more rounds run, one at a time, up to
 * {@code maxRounds}. Immutable; validated on creation, each refusal naming the option and its value.
 *
 * @param clients       connections, each with its own window or share of the rate
 * @param duration      measured time whose figures count, after the warm-up: {@link #rounds()} rounds
 * @param warmup        time run before measuring (may be zero), in rounds of {@code roundTime} too
 * @param event         what is sent
 * @param window        events in flight per client when running flat out ({@code rate == 0})
 * @param rate          events per second over all clients at fixed intervals, latency measured from each
 *                      event's intended send time; 0 for as fast as the windows allow
 * @param messageBytes  body bytes of each message ({@code --event message}), at least 8
 * @param clientThreads event loop threads of the load client, shared by all clients
 * @param roundTime     how long one timed round lasts; {@code null} for {@link #DEFAULT_ROUND_TIME}
 * @param maxRounds     timed rounds at most, counting those replaced while not steady; {@code null} for
 *                      twice {@link #rounds()}
 */
public record BenchSettings(int clients, Duration duration, Duration warmup, EventKind event, int window, long rate,
                            int messageBytes, int clientThreads, Duration roundTime, Integer maxRounds) {

    public static final int MAX_CLIENTS = 10_000;
    public static final int MAX_WINDOW = 1 << 20;
    /**
     * A round of one second: long enough to hold a collection of a server that allocates per event (a
     * young collection every few seconds at most, so that one round with a pause does not stand out
     * from the others by more than the steady-state check's tolerance), short enough for several rounds
     * in a quick cell.
     */
    public static final Duration DEFAULT_ROUND_TIME = Duration.ofSeconds(1);
    /** More timed rounds than this is a typo, not a run. */
    public static final int MAX_ROUNDS = 100_000;

    public BenchSettings {
        if (clients < 1 || clients > MAX_CLIENTS) {
            throw new IllegalArgumentException("--clients " + clients + " is out of range; allowed: 1 to " + MAX_CLIENTS);
        }
        if (duration == null || duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("--duration must be positive, was " + duration);
        }
        if (warmup == null || warmup.isNegative()) {
            throw new IllegalArgumentException("--warmup must be 0 or more, was " + warmup);
        }
        if (window < 1 || window > MAX_WINDOW) {
            throw new IllegalArgumentException("--window " + window + " is out of range; allowed: 1 to " + MAX_WINDOW);
        }
        if (rate < 0) {
            throw new IllegalArgumentException("--rate " + rate + " is out of range; allowed: 0 (flat out) or more "
                    + "events per second");
        }
        if (messageBytes < MessageLayout.PAYLOAD || messageBytes > 16 * 1024 * 1024) {
            throw new IllegalArgumentException("--message-bytes " + messageBytes + " is out of range; allowed: "
                    + MessageLayout.PAYLOAD + " to " + 16 * 1024 * 1024);
        }
        if (clientThreads < 1 || clientThreads > 256) {
            throw new IllegalArgumentException("--client-threads " + clientThreads + " is out of range; allowed: 1 to 256");
        }
        roundTime = roundTime == null ? DEFAULT_ROUND_TIME : roundTime;
        if (roundTime.toMillis() < 1 || roundTime.compareTo(duration) > 0) {
            throw new IllegalArgumentException("--round-time must be from 1ms to --duration (" + duration.toMillis()
                    + "ms), was " + roundTime.toMillis() + "ms");
        }
        int rounds = rounds(duration, roundTime);
        if (rounds > MAX_ROUNDS) {
            throw new IllegalArgumentException("--duration / --round-time makes " + rounds + " rounds; allowed: at most "
                    + MAX_ROUNDS);
        }
        maxRounds = maxRounds == null ? Math.min(MAX_ROUNDS, 2 * rounds) : maxRounds;
        if (maxRounds < rounds || maxRounds > MAX_ROUNDS) {
            throw new IllegalArgumentException("--max-rounds must be from the rounds of --duration (" + rounds + ") to "
                    + MAX_ROUNDS + ", was " + maxRounds);
        }
    }

    /** Default client threads: few, so the client does not crowd out the server: 1 up to 2 cores, else 2. */
    public static int defaultClientThreads() {
        return Runtime.getRuntime().availableProcessors() <= 2 ? 1 : 2;
    }

    /** Timed rounds whose figures count: {@code duration} over {@code roundTime}, rounded, at least one. */
    public int rounds() {
        return rounds(duration, roundTime);
    }

    /** Bytes of one whole frame of the event sent. */
    public int frameBytes() {
        return FrameLayout.frameBytes(event == EventKind.TOP_OF_BOOK ? TopOfBookLayout.BODY_BYTES : messageBytes);
    }

    private static int rounds(Duration duration, Duration roundTime) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, Math.round(duration.toNanos() / (double) roundTime.toNanos())));
    }
}

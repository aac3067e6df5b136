package org.allocpool.echo.bench;

import java.time.Duration;
import org.allocpool.echo.wire.MessageLayout;

/**
 * How {@code allocpool echo bench} loads a server. Immutable; validated on creation.
 *
 * @param clients       connections, each with its own window or share of the rate
 * @param duration      measured time, after the warm-up
 * @param warmup        time run before measuring (may be zero)
 * @param event         what is sent
 * @param window        events in flight per client when running flat out ({@code rate == 0})
 * @param rate          events per second over all clients at fixed intervals, latency measured from each
 *                      event's intended send time; 0 for as fast as the windows allow
 * @param messageBytes  body bytes of each message ({@code --event message}), at least 8
 * @param clientThreads event loop threads of the load client, shared by all clients
 */
public record BenchSettings(int clients, Duration duration, Duration warmup, EventKind event, int window, long rate,
                            int messageBytes, int clientThreads) {

    public static final int MAX_CLIENTS = 10_000;
    public static final int MAX_WINDOW = 1 << 20;

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
    }

    /** Default client threads: few, so the client does not crowd out the server: 1 up to 2 cores, else 2. */
    public static int defaultClientThreads() {
        return Runtime.getRuntime().availableProcessors() <= 2 ? 1 : 2;
    }

    /** Bytes of one whole frame of the event sent. */
    public int frameBytes() {
        return org.allocpool.echo.wire.FrameLayout.frameBytes(event == EventKind.TOP_OF_BOOK
                ? org.allocpool.echo.wire.TopOfBookLayout.BODY_BYTES : messageBytes);
    }
}

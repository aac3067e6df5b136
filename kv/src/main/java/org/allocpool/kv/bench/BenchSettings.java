package org.allocpool.kv.bench;

import java.time.Duration;

/**
 * What one {@code kv bench} run does. Immutable; the constructor refuses a bad value with an
 * {@link IllegalArgumentException} naming the command-line option, the value and what is allowed.
 *
 * @param host     the server's address, or null to start an embedded server in this JVM on a temporary directory
 * @param port     the server's binary port (ignored when {@code host} is null)
 * @param clients  client connections, one thread each
 * @param pipeline requests each connection keeps in flight: 1 sends one and waits for its reply; N sends N
 *                 in one write and, as replies come, sends as many more in one write
 * @param duration how long to measure, after the warm-up
 * @param warmup   how long to run before measuring (JIT, caches); may be zero
 * @param users    generated users loaded first, keys {@code 0..users-1}: the keys of hits and puts
 */
public record BenchSettings(String host, int port, int clients, int pipeline, Duration duration, Duration warmup,
                            int users) {

    public static final int DEFAULT_USERS = 100_000;
    public static final int MAX_CLIENTS = 1024;
    /**
     * The deepest pipeline: 1,024 requests of the bench's mix (a third of them GET hits, answered with a
     * ~60-byte user, the rest 5-byte replies) are about 26 KiB of replies in flight, under the server's
     * 64 KiB write high-water mark, so the server never stops reading a bench connection.
     */
    public static final int MAX_PIPELINE = 1024;

    public BenchSettings {
        if (host != null && (port < 1 || port > 65535)) {
            throw new IllegalArgumentException("--port must be 1..65535, was " + port);
        }
        if (clients < 1 || clients > MAX_CLIENTS) {
            throw new IllegalArgumentException("--clients must be 1.." + MAX_CLIENTS + ", was " + clients);
        }
        if (pipeline < 1 || pipeline > MAX_PIPELINE) {
            throw new IllegalArgumentException("--pipeline must be 1.." + MAX_PIPELINE + ", was " + pipeline);
        }
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("--duration must be positive, was " + duration);
        }
        if (warmup.isNegative()) {
            throw new IllegalArgumentException("--warmup must be 0 or more, was " + warmup);
        }
        if (users < 1) {
            throw new IllegalArgumentException("--users must be at least 1, was " + users);
        }
    }

    /** True when the run starts its own server in this JVM. */
    public boolean embedded() {
        return host == null;
    }
}

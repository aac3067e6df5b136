package org.allocpool.kv.bench;

import java.time.Duration;

/**
 * What one {@code kv bench} run does. Immutable; the constructor refuses a bad value with an
 * {@link IllegalArgumentException} naming the command-line option, the value and what is allowed.
 *
 * @param host     the server's address, or null to start an embedded server in this JVM on a temporary directory
 * @param port     the server's binary port (ignored when {@code host} is null)
 * @param clients  client connections, one thread each
 * @param duration how long to measure, after the warm-up
 * @param warmup   how long to run before measuring (JIT, caches); may be zero
 * @param users    generated users loaded first, keys {@code 0..users-1}: the keys of hits and puts
 */
public record BenchSettings(String host, int port, int clients, Duration duration, Duration warmup, int users) {

    public static final int DEFAULT_USERS = 100_000;
    public static final int MAX_CLIENTS = 1024;

    public BenchSettings {
        if (host != null && (port < 1 || port > 65535)) {
            throw new IllegalArgumentException("--port must be 1..65535, was " + port);
        }
        if (clients < 1 || clients > MAX_CLIENTS) {
            throw new IllegalArgumentException("--clients must be 1.." + MAX_CLIENTS + ", was " + clients);
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

package org.allocpool.echo.server;

import java.util.concurrent.atomic.LongAdder;

/**
 * Counts what the server did, from every I/O thread at once. {@link LongAdder}s: no contention
 * between I/O threads and no allocation once their cells exist. Thread-safe.
 */
final class ServerCounters {

    private final LongAdder echoed = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final LongAdder connections = new LongAdder();

    void echoed() {
        echoed.increment();
    }

    void error() {
        errors.increment();
    }

    void connected() {
        connections.increment();
    }

    long eventsEchoed() {
        return echoed.sum();
    }

    long errors() {
        return errors.sum();
    }

    long connections() {
        return connections.sum();
    }
}

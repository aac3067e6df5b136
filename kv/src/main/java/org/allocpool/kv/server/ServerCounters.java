package org.allocpool.kv.server;

import java.util.concurrent.atomic.LongAdder;

/**
 * Requests served by one {@link KvServer}, per protocol. Thread-safe: every event loop adds,
 * any thread reads ({@link LongAdder}s, so the counting event loops do not contend).
 */
final class ServerCounters {

    private final LongAdder tcp = new LongAdder();
    private final LongAdder http = new LongAdder();

    // hot path: no allocation
    void tcpRequestServed() {
        tcp.increment();
    }

    void httpRequestServed() {
        http.increment();
    }

    long tcpRequests() {
        return tcp.sum();
    }

    long httpRequests() {
        return http.sum();
    }
}

package org.allocpool.kv.server;

import java.util.concurrent.atomic.LongAdder;

/**
 * Requests served by one {@link KvServer}, per protocol (binary, HTTP, RESP). Thread-safe: every event loop adds,
 * any thread reads ({@link LongAdder}s, so the counting event loops do not contend).
 */
final class ServerCounters {

    private final LongAdder tcp = new LongAdder();
    private final LongAdder http = new LongAdder();
    private final LongAdder resp = new LongAdder();

    // hot path: no allocation
    void tcpRequestServed() {
        tcp.increment();
    }

    // hot path: no allocation
    void respRequestServed() {
        resp.increment();
    }

    long respRequests() {
        return resp.sum();
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

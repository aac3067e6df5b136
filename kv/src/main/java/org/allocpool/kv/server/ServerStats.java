package org.allocpool.kv.server;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import org.allocpool.kv.store.MappedStore;

/**
 * What {@code GET /stats} reports: the store's entries and file size, this JVM's heap in use and
 * garbage collections so far, and the requests served per protocol. Thread-safe: every figure is
 * read when asked.
 */
final class ServerStats {

    private final MappedStore store;
    private final ServerCounters counters;

    ServerStats(MappedStore store, ServerCounters counters) {
        this.store = store;
        this.counters = counters;
    }

    /** The figures as a map in a stable order (Jackson writes it as a JSON object). */
    Map<String, Object> figures() {
        long gcCount = 0;
        long gcTimeMs = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            gcCount += Math.max(0, gc.getCollectionCount());
            gcTimeMs += Math.max(0, gc.getCollectionTime());
        }
        Map<String, Object> gc = new LinkedHashMap<>();
        gc.put("count", gcCount);
        gc.put("timeMs", gcTimeMs);
        Map<String, Object> requests = new LinkedHashMap<>();
        long tcp = counters.tcpRequests();
        long http = counters.httpRequests();
        requests.put("tcp", tcp);
        requests.put("http", http);
        requests.put("total", tcp + http);
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("entries", store.size());
        figures.put("fileBytes", store.fileBytes());
        figures.put("heapUsedBytes", ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        figures.put("gc", gc);
        figures.put("requests", requests);
        return figures;
    }

    byte[] json() {
        return HttpReplies.bytes(figures());
    }
}

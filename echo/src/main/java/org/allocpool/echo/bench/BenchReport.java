package org.allocpool.echo.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.allocpool.metrics.gc.GcStatistics;

/**
 * What a bench run says about itself: its cell, its metrics (from the clients' counts and the
 * server's STATS before and after the measured window), and the same in lines for people.
 * Stateless; thread-safe.
 */
final class BenchReport {

    private BenchReport() {
    }

    /** The cell of a run, from the bench settings and the server's STATS answer (null: not known yet). */
    static Map<String, Object> cell(BenchSettings s, JsonNode serverStats, String buffers, boolean copy) {
        Map<String, Object> cell = new LinkedHashMap<>();
        cell.put("event", s.event().label());
        cell.put("buffers", serverStats != null ? serverStats.path("buffers").asText() : buffers);
        cell.put("copyPerEvent", serverStats != null ? serverStats.path("copyPerEvent").asBoolean() : copy);
        cell.put("clients", s.clients());
        cell.put("gc", serverStats != null ? serverStats.path("gc").asText() : null);
        cell.put("rate", s.rate());
        cell.put("window", s.window());
        cell.put("durationS", s.duration().toNanos() / 1e9);
        return cell;
    }

    /**
     * The metrics of the measured window: the clients' counts and latencies (read after their
     * loops stopped), the server's counters {@code before} and {@code after}, its collections {@code gc}.
     */
    static EchoMetrics metrics(List<LoadClient> clients, long measuredNs, JsonNode before, JsonNode after,
                               JsonNode gc) {
        Histogram all = new Histogram(LoadClient.MAX_LATENCY_NS, 3);
        long sent = 0;
        long received = 0;
        long errors = 0;
        for (LoadClient c : clients) {
            all.add(c.histogram());
            sent += c.sent();
            received += c.received();
            errors += c.errors();
        }
        double seconds = measuredNs / 1e9;
        long serverEvents = after.path("eventsEchoed").asLong() - before.path("eventsEchoed").asLong();
        long allocated = after.path("ioAllocatedBytes").asLong() - before.path("ioAllocatedBytes").asLong();
        long serverNs = after.path("nowNs").asLong() - before.path("nowNs").asLong();
        GcStatistics gcStatistics = GcStatistics.of(gc.path("count").asLong(), gc.path("pauses").asLong(),
                gc.path("pauseTotalMs").asDouble(), gc.path("pauseMaxMs").asDouble(), serverNs);
        return new EchoMetrics(received / seconds, sent / seconds, received / seconds,
                serverEvents == 0 ? 0.0 : (double) allocated / serverEvents, LatencyNs.of(all), gcStatistics,
                received, serverEvents, errors, seconds);
    }

    /** The first line of a run: what is sent, how, and to which server with which settings. */
    static void describe(PrintStream human, BenchSettings settings, JsonNode serverStats, InetSocketAddress server) {
        human.println(String.format(Locale.ROOT, "echo bench: %s, %d clients, %s, %s buffers, copy per event: %s, "
                        + "%s; server %s", settings.event().label(), settings.clients(),
                settings.rate() == 0 ? "window " + settings.window() : "rate " + settings.rate() + "/s",
                serverStats.path("buffers").asText(), serverStats.path("copyPerEvent").asBoolean() ? "yes" : "no",
                serverStats.path("gc").asText(), server.getHostString() + ":" + server.getPort()));
    }

    /** The metrics in a few lines. */
    static void summarize(PrintStream human, EchoMetrics m) {
        human.println(String.format(Locale.ROOT, "  events/s      %,.0f round trips (sent %,.0f/s, received %,.0f/s) over %.1f s",
                m.eventsPerSecond(), m.sentPerSecond(), m.receivedPerSecond(), m.measuredS()));
        LatencyNs l = m.latencyNs();
        human.println(String.format(Locale.ROOT, "  latency ns    p50 %,d  p99 %,d  p99.9 %,d  max %,d  (mean %,.0f)",
                l.p50(), l.p99(), l.p999(), l.max(), l.mean()));
        human.println(String.format(Locale.ROOT, "  server alloc  %.2f bytes/event (I/O threads, %,d events echoed)",
                m.allocBytesPerEvent(), m.serverEvents()));
        GcStatistics g = m.gc();
        human.println(String.format(Locale.ROOT, "  server GC     %d collections, %d pauses, %.1f ms paused (%.3f%% of "
                        + "the time), longest %.1f ms", g.count(), g.pauses(), g.pauseTotalMs(), g.fraction() * 100,
                g.pauseMaxMs()));
        if (m.errors() > 0) {
            human.println(String.format(Locale.ROOT, "  errors        %,d error replies", m.errors()));
        }
    }
}

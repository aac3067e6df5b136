package org.allocpool.echo.bench;

import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.allocpool.echo.server.GcWindow;
import org.allocpool.echo.server.StatsAnswer;
import org.allocpool.metrics.gc.GcStatistics;
import org.allocpool.metrics.stats.RoundStatistics;

/**
 * What a bench run says about itself: its cell, its metrics (from the rounds that count: the
 * clients' counts and the server's STATS at their boundaries), and the same in lines for people.
 * Stateless; thread-safe.
 */
final class BenchReport {

    private BenchReport() {
    }

    /**
     * The cell of a run, from the bench settings and the server's STATS answer ({@code null}: not known
     * yet, then {@code buffers} and {@code copy} say what was asked for).
     */
    static Map<String, Object> cell(BenchSettings s, StatsAnswer server, String buffers, boolean copy) {
        Map<String, Object> cell = new LinkedHashMap<>();
        cell.put("event", s.event().label());
        cell.put("buffers", server != null ? server.buffers() : buffers);
        cell.put("copyPerEvent", server != null ? server.copyPerEvent() : copy);
        cell.put("clients", s.clients());
        cell.put("gc", server != null ? server.gc() : null);
        cell.put("rate", s.rate());
        cell.put("window", s.window());
        cell.put("durationS", s.duration().toNanos() / 1e9);
        cell.put("warmupS", s.warmup().toNanos() / 1e9);
        cell.put("roundS", s.roundTime().toNanos() / 1e9);
        cell.put("rounds", s.rounds());
        cell.put("maxRounds", s.maxRounds());
        return cell;
    }

    /** The metrics of the rounds that count, with the server's collections {@code gc} in them. */
    static EchoMetrics metrics(BenchRounds.Result rounds, GcWindow gc) {
        RoundMark start = rounds.start();
        RoundMark end = rounds.end();
        double seconds = (end.ns() - start.ns()) / 1e9;
        long received = end.received() - start.received();
        long sent = end.sent() - start.sent();
        long serverEvents = end.serverEchoed() - start.serverEchoed();
        long allocated = end.serverAllocated() - start.serverAllocated();
        GcStatistics gcStatistics = GcStatistics.of(gc.count(), gc.pauses(), gc.pauseTotalMs(), gc.pauseMaxMs(),
                end.serverNowNs() - start.serverNowNs());
        List<BenchRounds.Round> counted = rounds.counted();
        return new EchoMetrics(received / seconds, sent / seconds, received / seconds,
                serverEvents == 0 ? 0.0 : (double) allocated / serverEvents, LatencyNs.of(rounds.latency()), gcStatistics,
                received, serverEvents, end.errors() - start.errors(), seconds,
                RoundStatistics.of(counted.stream().mapToDouble(BenchRounds.Round::eventsPerSecond).toArray()),
                RoundStatistics.of(counted.stream().mapToDouble(BenchRounds.Round::allocBytesPerEvent).toArray()),
                rounds.steadyState(), rounds.warmup(), rounds.discarded());
    }

    /** The first line of a run: what is sent, how, and to which server with which settings. */
    static void describe(PrintStream human, BenchSettings settings, StatsAnswer server, InetSocketAddress address) {
        human.println(String.format(Locale.ROOT, "echo bench: %s, %d clients, %s, %s buffers, copy per event: %s, "
                        + "%s; server %s; %s warm-up, then %d rounds of %s (up to %d while not steady)",
                settings.event().label(), settings.clients(),
                settings.rate() == 0 ? "window " + settings.window() : "rate " + settings.rate() + "/s",
                server.buffers(), server.copyPerEvent() ? "yes" : "no", server.gc(),
                address.getHostString() + ":" + address.getPort(), seconds(settings.warmup().toNanos()),
                settings.rounds(), seconds(settings.roundTime().toNanos()), settings.maxRounds()));
    }

    /** The metrics in a few lines. */
    static void summarize(PrintStream human, EchoMetrics m) {
        human.println(String.format(Locale.ROOT, "  events/s      %,.0f round trips (sent %,.0f/s, received %,.0f/s) over %.1f s",
                m.eventsPerSecond(), m.sentPerSecond(), m.receivedPerSecond(), m.measuredS()));
        RoundStatistics r = m.eventsPerSecondRounds();
        human.println(String.format(Locale.ROOT, "  rounds        %d: events/s median %,.0f (%,.0f to %,.0f), %s%s",
                r.rounds().size(), r.median(), r.min(), r.max(),
                m.steadyState().steady() ? "steady" : "NOT steady: " + m.steadyState().reason(),
                m.discardedRounds().isEmpty() ? "" : " (" + m.discardedRounds().size() + " earlier rounds replaced)"));
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

    private static String seconds(long ns) {
        double s = ns / 1e9;
        return s == Math.rint(s) ? String.format(Locale.ROOT, "%.0f s", s) : String.format(Locale.ROOT, "%.3f s", s);
    }
}

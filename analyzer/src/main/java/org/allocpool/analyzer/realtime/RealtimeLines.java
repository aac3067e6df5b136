package org.allocpool.analyzer.realtime;

import java.util.Locale;

/** The human lines of a real-time run, in the article's style. Stateless. */
final class RealtimeLines {

    private RealtimeLines() {
    }

    /** A loss percentage with as many digits as a small loss needs (0.0025, 0.8, 17). */
    static String percent(double p) {
        if (p == 0) {
            return "0";
        }
        if (p >= 10) {
            return String.format(Locale.ROOT, "%.0f", p);
        }
        if (p >= 0.1) {
            return String.format(Locale.ROOT, "%.1f", p);
        }
        return String.format(Locale.ROOT, "%.2g", p);
    }

    static String second(double elapsedS, long sinceLastMs, long received, long lost, long sent, double heapMb,
                         boolean warmingUp) {
        return String.format(Locale.ROOT, "%6.1f s%s; since last: %d ms; received %,d; lost: %,d (%s%%); heap used %.0f MB",
                elapsedS, warmingUp ? " (warm-up)" : "", sinceLastMs, received, lost,
                percent(sent == 0 ? 0 : lost * 100.0 / sent), heapMb);
    }

    static String summary(String strategy, String workloadCase, String gc, RealtimeFigures f) {
        return String.format(Locale.ROOT,
                "%s case %s (%s) at %d ns: sent %,d, received %,d, lost %,d (%s%%); latency p50 %,d ns, p99 %,d ns, "
                        + "p99.9 %,d ns, max %,d ns%s",
                strategy, workloadCase, gc, f.intervalNs(), f.sent(), f.received(), f.lost(), percent(f.lossPercent()),
                f.latencyNs().p50(), f.latencyNs().p99(), f.latencyNs().p999(), f.latencyNs().max(),
                f.pinned() ? "; pinned" : "");
    }
}

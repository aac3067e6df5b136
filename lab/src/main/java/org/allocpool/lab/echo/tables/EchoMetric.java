package org.allocpool.lab.echo.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;
import org.allocpool.lab.text.Numbers;

/**
 * The four figures the echo tables show per cell, where each lives in a record's {@code metrics}
 * (the echo contract), and how it is written. Immutable.
 */
enum EchoMetric {

    EVENTS_PER_SECOND("events/s",
            "Round trips completed per second, all clients together (the bench's received events); higher is better.") {
        @Override
        double value(JsonNode metrics) {
            return number(metrics.path("eventsPerSecond"));
        }

        @Override
        String format(double value) {
            return rate(value);
        }
    },
    P99_LATENCY("p99 latency, µs",
            "99th percentile of the round trip (send to echo received), in microseconds; lower is better.") {
        @Override
        double value(JsonNode metrics) {
            return number(metrics.path("latencyNs").path("p99")) / 1000;
        }

        @Override
        String format(double value) {
            return Numbers.compact(value);
        }
    },
    ALLOC_BYTES_PER_EVENT("allocated bytes per event",
            "Bytes allocated on the heap by the server's I/O threads per event echoed, over the measured window;"
                    + " direct and pooled buffers do not count.") {
        @Override
        double value(JsonNode metrics) {
            return number(metrics.path("allocBytesPerEvent"));
        }

        @Override
        String format(double value) {
            return Numbers.compact(value);
        }
    },
    GC_FRACTION("GC fraction",
            "The server's GC pause time over the measured window's time (JVM-reported pauses; ZGC's are its"
                    + " short stop-the-world phases only).") {
        @Override
        double value(JsonNode metrics) {
            return number(metrics.path("gc").path("fraction"));
        }

        @Override
        String format(double value) {
            return Numbers.percent(value);
        }
    };

    private final String title;
    private final String explanation;

    EchoMetric(String title, String explanation) {
        this.title = title;
        this.explanation = explanation;
    }

    /** The table's title, e.g. {@code events/s}. */
    String title() {
        return title;
    }

    /** One sentence saying what the figure is. */
    String explanation() {
        return explanation;
    }

    /** The figure in {@code metrics}, or NaN when the record has none. */
    abstract double value(JsonNode metrics);

    /** The figure as the table writes it. */
    abstract String format(double value);

    /** {@code 68.6M}, {@code 456k}, {@code 4.56k}, {@code 980}: three significant figures, never a locale's separators. */
    static String rate(double perSecond) {
        if (Double.isNaN(perSecond) || Double.isInfinite(perSecond)) {
            return "?";
        }
        double abs = Math.abs(perSecond);
        if (abs >= 1e6) {
            return threeFigures(perSecond / 1e6) + "M";
        }
        if (abs >= 1e3) {
            return threeFigures(perSecond / 1e3) + "k";
        }
        return String.format(Locale.ROOT, "%.0f", perSecond);
    }

    private static String threeFigures(double value) {
        double abs = Math.abs(value);
        String pattern = abs >= 100 ? "%.0f" : abs >= 10 ? "%.1f" : "%.2f";
        return String.format(Locale.ROOT, pattern, value);
    }

    private static double number(JsonNode node) {
        return node.isNumber() ? node.asDouble() : Double.NaN;
    }
}

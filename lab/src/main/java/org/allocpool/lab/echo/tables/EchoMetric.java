package org.allocpool.lab.echo.tables;

import java.util.Locale;
import org.allocpool.lab.echo.EchoMetricsView;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.text.Numbers;
import org.allocpool.lab.text.TableNotes;

/**
 * The four figures the echo tables show per cell, where each comes from in a cell's records, and
 * how it is written. Events/s is a figure over forks and rounds with its spreads; the others are the
 * median over the forks. Immutable.
 */
enum EchoMetric {

    EVENTS_PER_SECOND("events/s",
            "Round trips completed per second, all clients together (the bench's received events), median over every"
                    + " fork; in brackets the middle half of the timed rounds (25th-75th percentile), then ± half the range"
                    + " of the forks' medians. Higher is better; [n] marks a note below the table.") {
        @Override
        String text(EchoCellResult result, TableNotes notes) {
            Figure figure = result.eventsPerSecond();
            return figure == null ? "?" : figureText(figure) + result.caveats(notes);
        }
    },
    P99_LATENCY("p99 latency, µs",
            "99th percentile of the round trip (send to echo received) over the rounds that count, in microseconds,"
                    + " median over the forks; lower is better.") {
        @Override
        String text(EchoCellResult result, TableNotes notes) {
            return Numbers.compact(result.median(m -> m.latencyNs() == null || m.latencyNs().p99() == null ? null
                    : m.latencyNs().p99() / 1000.0));
        }
    },
    ALLOC_BYTES_PER_EVENT("allocated bytes per event",
            "Bytes allocated on the heap by the server's I/O threads per event echoed, over the rounds that count, median"
                    + " over the forks; direct and pooled buffers do not count.") {
        @Override
        String text(EchoCellResult result, TableNotes notes) {
            Figure figure = result.allocBytesPerEvent();
            return figure == null ? "?" : Numbers.compact(figure.median());
        }
    },
    GC_FRACTION("GC fraction",
            "The server's GC pause time over the time of the rounds that count (JVM-reported pauses; ZGC's are its"
                    + " short stop-the-world phases only), median over the forks.") {
        @Override
        String text(EchoCellResult result, TableNotes notes) {
            double fraction = result.median(m -> m.gc() == null ? null : m.gc().fraction());
            return Double.isNaN(fraction) ? "?" : Numbers.percent(fraction);
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

    /** What the figure is, said once above its table. */
    String explanation() {
        return explanation;
    }

    /**
     * The figure of a cell that measured, as the table writes it, with its marks numbered in {@code notes};
     * {@code ?} when its records have none.
     */
    abstract String text(EchoCellResult result, TableNotes notes);

    /** {@code 2.09M (2.01M-2.15M) ±3%}: events/s with its spreads, as every echo table writes one. */
    static String figureText(Figure figure) {
        String text = rate(figure.median()) + " (" + rate(figure.roundsLow()) + "-" + rate(figure.roundsHigh()) + ")";
        return figure.forks() > 1 ? text + " ±" + Numbers.percent(figure.forkSpread()) : text;
    }

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

    /** {@code 0.75× (-25%)}, {@code 1.02× (+2%)}: a ratio of events/s. */
    static String ratio(double ratio) {
        return String.format(Locale.ROOT, "%.2f× (%+.0f%%)", ratio, (ratio - 1) * 100);
    }

    private static String threeFigures(double value) {
        double abs = Math.abs(value);
        String pattern = abs >= 100 ? "%.0f" : abs >= 10 ? "%.1f" : "%.2f";
        return String.format(Locale.ROOT, pattern, value);
    }
}

package org.allocpool.lab.messaging.tables;

import java.util.List;
import java.util.Locale;
import org.allocpool.lab.messaging.MessagingMetricsView;
import org.allocpool.lab.text.MarkdownTable;
import org.allocpool.lab.text.Numbers;

/**
 * The messaging lab's two tables in Markdown: throughput per codec over Aeron (delivered and decoded per
 * second, what the publisher managed, bytes and allocation per message on each side, back pressure and
 * loss, the 2015 article's figure beside it) and ping-pong round trips per transport and rate. A failed
 * cell reads {@code failed} with its reason below the table. Thread-safe (stateless).
 */
final class MessagingTables {

    private MessagingTables() {
    }

    static String throughput(List<MessagingCells> cells) {
        MarkdownTable table = new MarkdownTable(List.of("codec", "delivered + decoded msg/s", "published msg/s",
                "bytes/msg (in the term)", "alloc B/msg publisher", "alloc B/msg subscriber", "publisher back-pressured",
                "CPU ns/msg publisher, subscriber (its empty polls)", "lost", "2015 article msg/s"));
        StringBuilder notes = new StringBuilder();
        for (MessagingCells c : cells) {
            if (!c.isOk()) {
                table.row(List.of(c.cell().label(), "failed", "", "", "", "", "", "", "", ArticleFigures.throughput(c.cell().codec())));
                c.failures().forEach(f -> notes.append("- ").append(c.cell().label()).append(", fork ").append(f.forkNumber())
                        .append(": ").append(f.error()).append('\n'));
                continue;
            }
            Double rate = c.median(MessagingMetricsView::messagesPerSecond);
            String delivered = rate(rate, c.range(MessagingMetricsView::messagesPerSecond)) + (c.isSteady() ? "" : " ~");
            Double share = c.median(MessagingMetricsView::backPressuredShare);
            long backPressured = c.sum(MessagingMetricsView::backPressured);
            long lost = c.sum(MessagingMetricsView::lost);
            table.row(List.of(c.cell().label(), delivered, rate(c.median(MessagingMetricsView::publishedPerSecond), null),
                    bytes(c.median(MessagingMetricsView::bytesPerMessage)) + " ("
                            + bytes(c.median(MessagingMetricsView::termBytesPerMessage)) + ")",
                    allocation(c.median(MessagingMetricsView::publisherAllocBytesPerMessage),
                            c.median(MessagingMetricsView::publisherDriverAllocBytesPerMessage)),
                    allocation(c.median(MessagingMetricsView::subscriberAllocBytesPerMessage),
                            c.median(MessagingMetricsView::subscriberDriverAllocBytesPerMessage)),
                    backPressured == 0 ? "never" : Numbers.percent(share == null ? 0 : share) + " of its time ("
                            + String.format(Locale.ROOT, "%,d", backPressured) + " refusals)",
                    cpu(c),
                    (c.anyDropped() ? "dropped; " : "") + String.format(Locale.ROOT, "%,d", lost)
                            + (c.digestsOk() ? "" : ", decoded differs!"),
                    ArticleFigures.throughput(c.cell().codec())));
        }
        return "## Throughput over Aeron, per codec\n\n" + table.render() + "\n"
                + "Delivered + decoded: the subscriber's rate (median of its timed rounds, over the forks; [lowest - highest"
                + " fork] with more than one); `~`: not steady. Published: the publisher's own rate. Bytes: the codec's; in the"
                + " term: with Aeron's 32-byte frame header and the 8-byte sequence, aligned to 32. Alloc: heap bytes"
                + " allocated per message by the thread that encodes and publishes, or polls and decodes; each also drives"
                + " its embedded media driver, whose duty cycles are counted apart (`driver`, shown where not 0: the"
                + " driver's pollers allocate an iterator per poll until C2 has compiled them). Back-pressured: the share of the publisher's timed rounds spent waiting for"
                + " room (claims refused BACK_PRESSURED; each is retried, never dropped). CPU: each side's thread CPU time"
                + " per message over its rounds (encode or decode, the embedded driver's work, the spinning), and the"
                + " subscriber's polls that found nothing: near 0% with the publisher back-pressured, the subscriber's"
                + " thread is the limit, and a codec can gain only its own share of that CPU time."
                + " Lost: published but never decoded."
                + " 2015 article: encode + send + receive + decode over reliable UDP multicast, on a 3 GHz Xeon.\n"
                + (notes.isEmpty() ? "" : "\n" + notes) + "\n";
    }

    /** Each side's CPU ns per message and the subscriber's empty polls, or empty for records before they were measured. */
    private static String cpu(MessagingCells c) {
        Double publisher = c.median(MessagingMetricsView::publisherCpuNsPerMessage);
        Double subscriber = c.median(MessagingMetricsView::subscriberCpuNsPerMessage);
        Double idle = c.median(MessagingMetricsView::subscriberIdlePollShare);
        if (publisher == null && subscriber == null) {
            return "";
        }
        return ns(publisher) + ", " + ns(subscriber) + (idle == null ? "" : " (" + Numbers.percent(idle) + ")");
    }

    private static String ns(Double value) {
        return value == null ? "-" : String.format(Locale.ROOT, "%,.0f", value);
    }

    static String pingPong(List<MessagingCells> cells) {
        MarkdownTable table = new MarkdownTable(List.of("transport", "rate", "p50 µs", "p99 µs", "p99.9 µs", "max µs",
                "uncorrected p99 µs", "round trips/s", "alloc B/round trip", "lost"));
        StringBuilder notes = new StringBuilder();
        for (MessagingCells c : cells) {
            String rate = c.cell().rateValue() == 0 ? "back to back" : String.format(Locale.ROOT, "%,d/s", c.cell().rateValue());
            if (!c.isOk()) {
                table.row(List.of(c.cell().transport(), rate, "failed", "", "", "", "", "", "", ""));
                c.failures().forEach(f -> notes.append("- ").append(c.cell().label()).append(", fork ").append(f.forkNumber())
                        .append(": ").append(f.error()).append('\n'));
                continue;
            }
            table.row(List.of(c.cell().transport(), rate,
                    micros(c.median(m -> m.latencyNs() == null ? null : m.latencyNs().p50())),
                    micros(c.median(m -> m.latencyNs() == null ? null : m.latencyNs().p99())),
                    micros(c.median(m -> m.latencyNs() == null ? null : m.latencyNs().p999())),
                    micros(c.median(m -> m.latencyNs() == null ? null : m.latencyNs().max())),
                    c.cell().rateValue() == 0 ? "" : micros(c.median(m -> m.latencyUncorrectedNs() == null ? null
                            : m.latencyUncorrectedNs().p99())),
                    rate(c.median(MessagingMetricsView::roundTripsPerSecond), null),
                    c.cell().transport().equals("udp-c") ? "(C)" : bytes(c.median(MessagingMetricsView::allocBytesPerRoundTrip)),
                    String.format(Locale.ROOT, "%,d", c.sum(MessagingMetricsView::lost))));
        }
        return "## Ping-pong round trips\n\n" + table.render() + "\n"
                + "One 32-byte ping in flight at a time over loopback, medians over the forks. Back to back: the next ping"
                + " leaves when the pong is back (the highest rate). At a fixed rate, latency counts from each ping's"
                + " intended send time on the schedule, so a stall delays the pings behind it and they count it"
                + " (coordinated omission corrected); uncorrected: from the actual send. Java: HdrHistogram, 3 significant"
                + " digits; C: its own log-linear histogram of the same precision (about 0.1%). Alloc: heap bytes the ping's"
                + " thread allocated per round trip. Lost: no pong within 1 s.\n"
                + (notes.isEmpty() ? "" : "\n" + notes) + "\n";
    }

    static String rate(Double value, double[] range) {
        if (value == null) {
            return "-";
        }
        String text = String.format(Locale.ROOT, "%,.0f", value);
        return range == null ? text : text + String.format(Locale.ROOT, " [%,.0f - %,.0f]", range[0], range[1]);
    }

    /** The codec side's allocation, and the driver's beside it where it allocated. */
    static String allocation(Double own, Double driver) {
        return driver == null || driver < 0.005 ? bytes(own) : bytes(own) + " (driver " + bytes(driver) + ")";
    }

    static String bytes(Double value) {
        return value == null ? "-" : Numbers.compact(value);
    }

    static String micros(Double ns) {
        return ns == null ? "-" : Numbers.compact(ns / 1000.0);
    }
}

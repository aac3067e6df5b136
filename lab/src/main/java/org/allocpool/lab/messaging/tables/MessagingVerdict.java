package org.allocpool.lab.messaging.tables;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.allocpool.lab.figure.Comparison;
import org.allocpool.lab.figure.Figure;
import org.allocpool.lab.figure.RatioInterval;
import org.allocpool.lab.messaging.MessagingCellFields;
import org.allocpool.lab.messaging.MessagingMetricsView;
import org.allocpool.lab.text.Numbers;

/**
 * The messaging lab's verdict in words: which codec delivers most and by how much, what the publisher saw
 * of each subscriber (back pressure, loss, a dropped subscriber: said, never hidden), then the round trips:
 * Java beside C over UDP, Aeron beside plain UDP, and what correcting for coordinated omission changed.
 * Thread-safe (stateless).
 */
final class MessagingVerdict {

    /** Above this share of its time back-pressured, the publisher was held back by the subscriber. */
    static final double HELD_BACK = 0.2;
    /**
     * Below this share of the fastest codec's rate, with its publisher held back and every one of its rounds
     * below every round of the fastest, a subscriber is called slow.
     */
    static final double SLOW = 0.5;

    private MessagingVerdict() {
    }

    static String throughput(List<MessagingCells> cells) {
        List<MessagingCells> measured = cells.stream().filter(MessagingCells::isOk)
                .filter(c -> c.median(MessagingMetricsView::messagesPerSecond) != null).toList();
        if (measured.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        List<MessagingCells> ranked = measured.stream()
                .sorted(Comparator.comparingDouble((MessagingCells c) -> c.median(MessagingMetricsView::messagesPerSecond)).reversed())
                .toList();
        List<MessagingCells> steady = ranked.stream().filter(MessagingCells::isSteady).toList();
        MessagingCells top = ranked.getFirst();
        MessagingCells bottom = ranked.getLast();
        double topRate = top.median(MessagingMetricsView::messagesPerSecond);
        double bottomRate = bottom.median(MessagingMetricsView::messagesPerSecond);
        out.append("- **Throughput**: ").append(top.cell().label()).append(" delivered the most, ")
                .append(MessagingTables.rate(topRate, null)).append(" messages/s decoded")
                .append(top.isSteady() ? "" : " (not steady: no winner is named from it)");
        if (ranked.size() > 1) {
            // the ratio as the interval beside it takes it, pass by pass, where there is one: the medians' ratio
            // can lie outside that interval when the forks of a pass differ (seen: 1.5x fewer beside a 95% CI of
            // 2.36-3.11x over IPC, the flyweight's forks at 3.1 and 9.1 M/s)
            RatioInterval topOverBottom = topOverOther(top, bottom);
            double fewer = topOverBottom == null ? topRate / bottomRate : topOverBottom.estimate();
            out.append("; ").append(bottom.cell().label()).append(" the fewest, ").append(MessagingTables.rate(bottomRate, null))
                    .append(" (").append(Numbers.compact(fewer)).append("× fewer")
                    .append(topOverBottom == null ? "" : "; " + intervalText(topOverBottom)).append(")");
        }
        out.append(". Steady cells: ").append(steady.size()).append(" of ").append(ranked.size()).append(".\n");
        List<String> close = ranked.stream().skip(1).filter(c -> tooClose(top, c, topRate))
                .map(c -> c.cell().label() + interval(top, c)).toList();
        if (!close.isEmpty()) {
            List<String> names = new ArrayList<>(List.of(top.cell().label()));
            names.addAll(close);
            out.append("- **Too close to call**: ").append(String.join(", ", names.subList(0, names.size() - 1)))
                    .append(" and ").append(names.getLast())
                    .append(": the ratio of the first to each of the others, pass by pass, has a 95% interval that reaches")
                    .append(" within 5% of parity (with a single pass: the first's median lies within the range of the")
                    .append(" others' timed rounds); on this machine they cannot be ranked.\n");
        }
        double articleTop = ArticleFigures.throughputValue(top.cell().codec());
        double articleBottom = ArticleFigures.throughputValue(bottom.cell().codec());
        if (articleTop > 0 && articleBottom > 0 && top != bottom) {
            out.append("- **Beside 2015**: the article's ").append(top.cell().codec()).append(" to ").append(bottom.cell().codec())
                    .append(" ratio was ").append(Numbers.compact(articleTop / articleBottom)).append("×, ours is ")
                    .append(Numbers.compact(topRate / bottomRate)).append("×.\n");
        }
        for (MessagingCells c : ranked) {
            double rate = c.median(MessagingMetricsView::messagesPerSecond);
            Double share = c.median(MessagingMetricsView::backPressuredShare);
            boolean slow = ranked.size() > 1 && rate < SLOW * topRate && share != null && share >= HELD_BACK
                    && roundRange(c)[1] < roundRange(top)[0];
            out.append("- **").append(c.cell().label()).append("**: ");
            if (slow) {
                out.append("a SLOW SUBSCRIBER: it decoded ").append(Numbers.compact(topRate / rate))
                        .append("× fewer messages per second than the fastest (every round below every round of it), and held")
                        .append(" its publisher back; ");
            }
            out.append(publisherView(c)).append('\n');
        }
        String channel = measured.getFirst().forks().stream().filter(r -> r.isOk()).map(r -> channel(r.cell()))
                .findFirst().orElse("Aeron, channel unknown");
        out.append("- **Channel**: ").append(channel).append(".\n");
        return out.toString();
    }

    /** The channel of a throughput record in words: Aeron UDP on loopback, or IPC through one shared driver. */
    static String channel(MessagingCellFields cell) {
        String reason = " (" + cell.channelReason() + ")";
        return "ipc".equals(cell.channel())
                ? "Aeron IPC" + reason + ": the publisher joined the subscriber's media driver and wrote into term"
                        + " buffers the subscriber reads, in shared memory; no socket, no sender or receiver between them"
                : "Aeron UDP " + cell.channel() + reason + ", on loopback";
    }

    /**
     * Whether {@code top} (whose median is {@code topRate}) cannot be told from {@code other}: by the one
     * statistic of every verdict ({@link Comparison}) where both have rounds, else when the rate lies
     * within the range of the other's timed rounds.
     */
    static boolean tooClose(MessagingCells top, MessagingCells other, double topRate) {
        Figure a = top.messagesPerSecond();
        Figure b = other.messagesPerSecond();
        if (a == null || b == null) {
            return overlaps(other, topRate);
        }
        return !Comparison.of("top", a, "other", b, false).apart();
    }

    /** {@code  (95% CI 0.97-1.10x, 3 passes)}, top over other, or empty without an interval. */
    private static String interval(MessagingCells top, MessagingCells other) {
        RatioInterval topOverOther = topOverOther(top, other);
        return topOverOther == null ? "" : " (" + intervalText(topOverOther) + ")";
    }

    /** {@code 95% CI 0.97-1.10x, 3 passes}. */
    private static String intervalText(RatioInterval interval) {
        return String.format(Locale.ROOT, "95%% CI %.2f-%.2fx, %d passes", interval.low(), interval.high(),
                interval.passes());
    }

    /** Top's messages per second over other's, pass by pass, or null without enough passes. */
    private static RatioInterval topOverOther(MessagingCells top, MessagingCells other) {
        Figure a = top.messagesPerSecond();
        Figure b = other.messagesPerSecond();
        return a == null || b == null ? null : RatioInterval.of(a, b, true);
    }

    /** Whether {@code rate} lies within the range of {@code c}'s timed rounds, over every fork. */
    static boolean overlaps(MessagingCells c, double rate) {
        double[] range = roundRange(c);
        return rate >= range[0] && rate <= range[1];
    }

    /** The slowest and the fastest of {@code c}'s timed rounds over every fork, {@code {+inf, 0}} without any. */
    static double[] roundRange(MessagingCells c) {
        double low = Double.POSITIVE_INFINITY;
        double high = 0;
        for (MessagingMetricsView m : c.measured()) {
            if (m.messagesPerSecondRounds() != null && !m.messagesPerSecondRounds().rounds().isEmpty()) {
                low = Math.min(low, m.messagesPerSecondRounds().min());
                high = Math.max(high, m.messagesPerSecondRounds().max());
            }
        }
        return new double[] {low, high};
    }

    /** What the publisher saw of the subscriber, plainly. */
    static String publisherView(MessagingCells c) {
        Double share = c.median(MessagingMetricsView::backPressuredShare);
        long lost = c.sum(MessagingMetricsView::lost);
        long refused = c.sum(MessagingMetricsView::backPressured);
        Double published = c.median(MessagingMetricsView::publishedPerSecond);
        Double delivered = c.median(MessagingMetricsView::messagesPerSecond);
        StringBuilder s = new StringBuilder();
        if (c.anyDropped()) {
            s.append("the subscriber was DROPPED (its image went away, or no subscriber stayed connected) before the end; ");
        }
        if (share != null && share >= HELD_BACK) {
            s.append("the publisher was back-pressured ").append(Numbers.percent(share)).append(" of its time (")
                    .append(String.format(Locale.ROOT, "%,d", refused)).append(" refused claims): it could encode faster than ")
                    .append("the subscriber decoded and the transport carried, so the rate is the subscriber's side");
        } else if (refused > 0) {
            s.append("the publisher met back pressure now and then (").append(Numbers.percent(share == null ? 0 : share))
                    .append(" of its time): encoding set the rate");
        } else {
            s.append("the publisher never met back pressure: encoding set the rate");
        }
        if (published != null && delivered != null) {
            s.append(" (published ").append(MessagingTables.rate(published, null)).append("/s, decoded ")
                    .append(MessagingTables.rate(delivered, null)).append("/s)");
        }
        s.append(lost == 0 ? "; nothing lost: Aeron's flow control held the publisher back rather than drop messages."
                : "; " + String.format(Locale.ROOT, "%,d", lost) + " messages LOST.");
        if (!c.digestsOk()) {
            s.append(" What was decoded is NOT what was sent.");
        }
        return s.toString();
    }

    static String pingPong(List<MessagingCells> cells) {
        List<MessagingCells> measured = cells.stream().filter(MessagingCells::isOk).toList();
        if (measured.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        MessagingCells javaUdp = find(measured, "udp-java", 0);
        MessagingCells cUdp = find(measured, "udp-c", 0);
        MessagingCells aeron = find(measured, "aeron", 0);
        if (javaUdp != null && cUdp != null) {
            out.append("- **Java beside C, UDP back to back**: p50 ").append(us(javaUdp, 50)).append(" vs ").append(us(cUdp, 50))
                    .append(" µs (Java/C ").append(ratio(javaUdp, cUdp, 50)).append("×), p99 ").append(us(javaUdp, 99))
                    .append(" vs ").append(us(cUdp, 99)).append(" µs (").append(ratio(javaUdp, cUdp, 99)).append("×); Java's ping allocated ")
                    .append(MessagingTables.bytes(javaUdp.median(MessagingMetricsView::allocBytesPerRoundTrip)))
                    .append(" bytes per round trip.\n");
        }
        if (aeron != null && javaUdp != null) {
            out.append("- **Aeron beside plain UDP (Java, back to back)**: p50 ").append(us(aeron, 50)).append(" vs ")
                    .append(us(javaUdp, 50)).append(" µs, p99 ").append(us(aeron, 99)).append(" vs ").append(us(javaUdp, 99))
                    .append(" µs: Aeron adds its protocol (headers, flow control, a driver duty cycle) on the same sockets.\n");
        }
        for (MessagingCells c : measured) {
            if (c.cell().rateValue() == 0) {
                continue;
            }
            Double corrected = c.median(m -> m.latencyNs() == null ? null : m.latencyNs().p99());
            Double raw = c.median(m -> m.latencyUncorrectedNs() == null ? null : m.latencyUncorrectedNs().p99());
            if (corrected != null && raw != null && raw > 0) {
                out.append("- **").append(c.cell().label()).append("**: p99 ").append(MessagingTables.micros(corrected))
                        .append(" µs counted from the schedule, ").append(MessagingTables.micros(raw)).append(" µs from the actual send")
                        .append(corrected > 2 * raw ? ": stalls held back the pings behind them, which the uncorrected figure hides."
                                : ": the schedule was kept, the correction changes little.").append('\n');
            }
        }
        long lost = measured.stream().mapToLong(c -> c.sum(MessagingMetricsView::lost)).sum();
        if (lost > 0) {
            out.append("- **Lost pings**: ").append(lost).append(" had no pong within 1 s.\n");
        }
        return out.toString();
    }

    private static MessagingCells find(List<MessagingCells> cells, String transport, long rate) {
        return cells.stream().filter(c -> transport.equals(c.cell().transport()) && c.cell().rateValue() == rate)
                .findFirst().orElse(null);
    }

    private static Double percentile(MessagingCells c, int p) {
        return c.median(m -> m.latencyNs() == null ? null : p == 50 ? m.latencyNs().p50() : m.latencyNs().p99());
    }

    private static String us(MessagingCells c, int p) {
        return MessagingTables.micros(percentile(c, p));
    }

    private static String ratio(MessagingCells a, MessagingCells b, int p) {
        Double x = percentile(a, p);
        Double y = percentile(b, p);
        return x == null || y == null || y == 0 ? "?" : Numbers.compact(x / y);
    }
}

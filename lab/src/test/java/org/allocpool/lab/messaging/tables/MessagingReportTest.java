package org.allocpool.lab.messaging.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.allocpool.lab.messaging.MessagingCellFields;
import org.allocpool.lab.messaging.MessagingMetricsView;
import org.allocpool.lab.records.LabRecord;
import org.allocpool.metrics.stats.RoundStatistics;
import org.allocpool.metrics.stats.SteadyState;
import org.junit.jupiter.api.Test;

class MessagingReportTest {

    private static final SteadyState STEADY = new SteadyState(true, "steady", 6, 0, 0.01, 0, 1);

    static LabRecord<MessagingCellFields, MessagingMetricsView> throughput(String codec, double rate, double backPressured,
                                                                           long lost, boolean dropped) {
        return throughput(codec, rate, backPressured, lost, dropped, "unicast", "the loopback interface has no MULTICAST flag");
    }

    static LabRecord<MessagingCellFields, MessagingMetricsView> throughput(String codec, double rate, double backPressured,
                                                                           long lost, boolean dropped, String channel,
                                                                           String channelReason) {
        MessagingCellFields cell = new MessagingCellFields("throughput", codec, "aeron", channel, channelReason, "way", null,
                null, 3.0, 0.5, 6, null);
        return new LabRecord<>("messaging", "ok", null, 1, cell, null, throughputMetrics(rate, backPressured, lost, dropped, STEADY));
    }

    private static MessagingMetricsView throughputMetrics(double rate, double backPressured, long lost, boolean dropped,
                                                          SteadyState steady) {
        return new MessagingMetricsView(rate, RoundStatistics.of(new double[] {rate, rate, rate, rate}),
                steady, rate * 1.01, 68.0, 128, 0.0, 0.0, 0.0, 1.5, 1_000_000L, 1_000_000L - lost, lost, lost == 0,
                backPressured > 0 ? 12_345L : 0L, 100L, backPressured, dropped, true, null, null, null, null, null, null, null,
                420.0, 0.99, 550.0, 0.98, 0.001);
    }

    /** {@link #throughput} as fork {@code fork} of its cell, steady or not (a step in its rounds). */
    static LabRecord<MessagingCellFields, MessagingMetricsView> throughputFork(String codec, double rate, int fork,
                                                                               boolean steady) {
        LabRecord<MessagingCellFields, MessagingMetricsView> one = throughput(codec, rate, 0.3, 0, false);
        return new LabRecord<>(one.experiment(), one.status(), null, fork, one.cell(), null,
                throughputMetrics(rate, 0.3, 0, false, steady ? STEADY : new SteadyState(false, "a step", 6, 0, 0.4, 0, 1)));
    }

    static LabRecord<MessagingCellFields, MessagingMetricsView> pingPong(String transport, long rate, long p50, long p99,
                                                                         long rawP99) {
        MessagingCellFields cell = new MessagingCellFields("pingpong", null, transport, null, null, null, rate, 32, 3.0, 0.5,
                6, null);
        MessagingMetricsView.Latency latency = new MessagingMetricsView.Latency(p50, p50, p99, p99 * 2, p99 * 3, (double) p50);
        MessagingMetricsView.Latency raw = rate == 0 ? null
                : new MessagingMetricsView.Latency(p50, p50, rawP99, rawP99, rawP99, (double) p50);
        MessagingMetricsView metrics = new MessagingMetricsView(null, null, null, null, null, null, null, null, null, null, null, null, 0L,
                null, null, null, null, null, null, latency, raw, 10_000L, 30_000.0, null,
                transport.equals("udp-c") ? null : 0.0, "HdrHistogram", null, null, null, null, null);
        return new LabRecord<>("messaging", "ok", null, 1, cell, null, metrics);
    }

    private static String render(List<LabRecord<MessagingCellFields, MessagingMetricsView>> records) {
        return new MessagingReport().render(records, List.of());
    }

    @Test
    void shouldPrintBothTablesWithTheArticlesFiguresBeside() {
        String text = render(List.of(throughput("flyweight", 2_000_000, 0.9, 0, false), throughput("jdk", 80_000, 0.99, 0, false),
                pingPong("udp-java", 0, 11_000, 50_000, 0), pingPong("udp-c", 0, 10_000, 40_000, 0)));
        assertTrue(text.contains("## Throughput over Aeron, per codec"));
        assertTrue(text.contains("## Ping-pong round trips"));
        assertTrue(text.contains("6,644,107 (structs)"), "the article's structs figure beside the flyweight");
        assertTrue(text.contains("81,582"), "the article's JDK figure beside jdk");
        assertTrue(text.contains("2,000,000"));
        assertTrue(text.contains("Java beside C, UDP back to back"));
        assertTrue(text.contains("## Verdict"));
    }

    @Test
    void shouldShowTheDriversAllocationApartFromTheCodecsWhereTheDriverAllocated() {
        String row = render(List.of(throughput("flyweight", 2_000_000, 0.1, 0, false))).lines()
                .filter(l -> l.startsWith("| flyweight")).findFirst().orElseThrow();
        List<String> cells = Arrays.stream(row.split("\\|")).map(String::strip).toList();
        // the publisher's driver allocated nothing, the subscriber's 1.5 B/msg: only that one is named
        assertEquals("0", cells.get(5), row);
        assertEquals("0 (driver 1.5)", cells.get(6), row);
    }

    @Test
    void shouldShowEachSidesCpuPerMessageAndTheSubscribersEmptyPolls() {
        String row = render(List.of(throughput("flyweight", 2_000_000, 0.1, 0, false))).lines()
                .filter(l -> l.startsWith("| flyweight")).findFirst().orElseThrow();
        List<String> cells = Arrays.stream(row.split("\\|")).map(String::strip).toList();
        assertEquals("420, 550 (0.10%)", cells.get(8), row);
    }

    @Test
    void shouldNameASlowSubscriberAndTheBackPressureItCaused() {
        String text = render(List.of(throughput("flyweight", 2_000_000, 0.1, 0, false), throughput("jdk", 80_000, 0.95, 0, false)));
        String jdk = text.lines().filter(l -> l.startsWith("- **jdk**")).findFirst().orElseThrow();
        assertTrue(jdk.contains("SLOW SUBSCRIBER"), jdk);
        assertTrue(jdk.contains("back-pressured 95%"), jdk);
        assertTrue(jdk.contains("nothing lost"), jdk);
        String flyweight = text.lines().filter(l -> l.startsWith("- **flyweight**")).findFirst().orElseThrow();
        assertFalse(flyweight.contains("SLOW"), flyweight);
    }

    @Test
    void shouldSayPlainlyWhenMessagesWereLostOrTheSubscriberDropped() {
        String text = render(List.of(throughput("flyweight", 2_000_000, 0.1, 0, false), throughput("jdk", 80_000, 0.5, 4_321, true)));
        String jdk = text.lines().filter(l -> l.startsWith("- **jdk**")).findFirst().orElseThrow();
        assertTrue(jdk.contains("DROPPED"), jdk);
        assertTrue(jdk.contains("4,321 messages LOST"), jdk);
        assertTrue(text.contains("dropped; 4,321"), "the table says it too");
    }

    @Test
    void shouldShowAFailedCellWithItsReason() {
        MessagingCellFields cell = new MessagingCellFields("throughput", "kryo", "aeron", null, null, null, null, null, null, null,
                null, null);
        LabRecord<MessagingCellFields, MessagingMetricsView> failed = new LabRecord<>("messaging", "failed",
                "the subscriber did not say it was ready within 30s; stopped", 1, cell, null, null);
        String text = render(List.of(throughput("flyweight", 2_000_000, 0.1, 0, false), failed));
        assertTrue(text.contains("| kryo"));
        assertTrue(text.contains("failed"));
        assertTrue(text.contains("did not say it was ready"));
    }

    @Test
    void shouldStateTheFastestOverTheSlowestAsTheIntervalBesideItTakesIt() {
        // one codec's forks far apart within each pass, as the flyweight's over IPC (3.1 and 9.1 M/s)
        // and not every fork steady, so that the pass-by-pass ratio takes passes 1 and 3 only (the run's records)
        String text = render(List.of(throughputFork("fory", 8_540_000, 1, true), throughputFork("fory", 8_280_000, 2, false),
                throughputFork("fory", 8_950_000, 3, true), throughputFork("fory", 9_380_000, 4, true),
                throughputFork("flyweight", 3_120_000, 1, true), throughputFork("flyweight", 9_150_000, 2, true),
                throughputFork("flyweight", 3_330_000, 3, true), throughputFork("flyweight", 8_030_000, 4, false)));
        var m = java.util.regex.Pattern.compile("\\(([0-9.]+)× fewer; 95% CI ([0-9.]+)-([0-9.]+)x").matcher(text);
        assertTrue(m.find(), text);
        double ratio = Double.parseDouble(m.group(1));
        assertTrue(ratio >= Double.parseDouble(m.group(2)) && ratio <= Double.parseDouble(m.group(3)),
                "the ratio lies within its interval: " + m.group());
    }

    @Test
    void shouldCallCodecsWhoseRoundsOverlapTooCloseToCall() {
        String text = render(List.of(throughput("flyweight", 1_000_000, 0.6, 0, false), throughput("fory", 1_000_000, 0.6, 0, false),
                throughput("jdk", 80_000, 0.95, 0, false)));
        String close = text.lines().filter(l -> l.startsWith("- **Too close to call**")).findFirst().orElseThrow();
        assertTrue(close.contains("flyweight") && close.contains("fory") && !close.contains("jdk"), close);
    }

    @Test
    void shouldNameTheChannelInTheVerdictUdpOnLoopbackOrIpcThroughOneDriver() {
        String udp = render(List.of(throughput("flyweight", 2_000_000, 0.1, 0, false))).lines()
                .filter(l -> l.startsWith("- **Channel**")).findFirst().orElseThrow();
        assertTrue(udp.contains("Aeron UDP unicast (the loopback interface has no MULTICAST flag), on loopback"), udp);
        String ipc = render(List.of(throughput("flyweight", 9_000_000, 0.1, 0, false, "ipc", "asked for"),
                throughput("fory", 3_000_000, 0.1, 0, false, "ipc", "asked for"))).lines()
                .filter(l -> l.startsWith("- **Channel**")).findFirst().orElseThrow();
        assertTrue(ipc.contains("Aeron IPC (asked for)") && ipc.contains("joined the subscriber's media driver"), ipc);
        assertFalse(ipc.contains("UDP"), ipc);
    }

    @Test
    void shouldSayWhatCorrectingForCoordinatedOmissionChanged() {
        String text = render(List.of(pingPong("udp-java", 2_000, 10_000, 100_000_000, 50_000)));
        assertTrue(text.contains("stalls held back the pings behind them"), text);
    }

    @Test
    void shouldDrawBothCharts() {
        var sections = new MessagingReport().charts(List.of(throughput("flyweight", 2_000_000, 0.1, 0, false),
                pingPong("aeron", 0, 10_000, 40_000, 0)), List.of());
        assertEquals(1, sections.size());
        assertEquals(2, sections.getFirst().charts().size());
    }
}

package org.allocpool.lab.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.allocpool.lab.analyzer.tables.AnalyzerReport;
import org.allocpool.lab.echo.tables.EchoReport;
import org.allocpool.lab.kv.tables.KvReport;
import org.allocpool.lab.merge.EnvironmentGroups;
import org.allocpool.lab.run.Report;
import org.allocpool.lab.run.ReportPage;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.metrics.result.RecordJson;

/**
 * Records of every experiment as their children write them, made up to exercise every chart: analyzer
 * batch cells under two collectors with C++ rows, one not steady and one failed; analyzer real-time
 * searches with their probes, one carrying a latency spectrum and one not; kv stores and codecs; echo
 * cells reusing and copying, one with a spectrum. Stateless.
 */
final class SyntheticRun {

    static final String ENV = "\"env\":{\"jdk\":\"25.0.3\",\"vm\":\"Test VM\",\"cpu\":\"Test CPU\",\"cores\":2,"
            + "\"os\":\"Linux 6.1 amd64\",\"jvmArgs\":[],\"host\":\"%s\"}";
    static final String CPP_ENV = "\"env\":{\"vm\":\"g++ 12.2.0 -O3\",\"cpu\":\"Test CPU\",\"cores\":2,\"os\":\"Linux 6.1 x86_64\","
            + "\"host\":\"%s\"}";

    static final List<RunInfo> RUNS = List.of(new RunInfo("analyzer", "quick", List.of("--rounds", "5"), List.of()),
            new RunInfo("analyzer", "quick", List.of(), List.of(), "realtime"),
            new RunInfo("kv", "quick", List.of("--users", "1000000"), List.of()),
            new RunInfo("echo", "quick", List.of("--duration", "4s"), List.of()));

    static final List<Report<?, ?>> REPORTS = List.of(new AnalyzerReport(), new KvReport(), new EchoReport());

    private SyntheticRun() {
    }

    /** The page of every experiment's records from one host. */
    static String page() {
        return ReportPage.render(records("box"), RUNS, REPORTS, EnvironmentGroups.Grouping.HOST);
    }

    /** Every experiment's records, as measured on {@code host}. */
    static List<JsonNode> records(String host) {
        List<JsonNode> records = new ArrayList<>();
        records.addAll(analyzerBatch(host));
        records.addAll(analyzerRealtime(host));
        records.addAll(kv(host));
        records.addAll(echo(host));
        return records;
    }

    static List<JsonNode> analyzerBatch(String host) {
        List<JsonNode> records = new ArrayList<>();
        double[][] ns = {{90, 380, 1700}, {50, 390, 850}, {19, 124, 245}};
        List<String> strategies = List.of("alloc", "pool", "flat");
        for (String gc : List.of("G1", "ZGC")) {
            for (int s = 0; s < strategies.size(); s++) {
                for (int c = 0; c < 3; c++) {
                    String caseName = List.of("A", "B", "C").get(c);
                    if (gc.equals("ZGC") && strategies.get(s).equals("alloc") && caseName.equals("C")) {
                        records.add(RecordJson.parse("{\"experiment\":\"analyzer\",\"status\":\"failed\",\"error\":"
                                + "\"exited with code 1: java.lang.OutOfMemoryError: Java heap space\",\"fork\":1,\"cell\":"
                                + "{\"strategy\":\"alloc\",\"case\":\"C\",\"mode\":\"batch\",\"gc\":\"ZGC\",\"heap\":\"2g\"}}"));
                        continue;
                    }
                    boolean steady = !(gc.equals("G1") && strategies.get(s).equals("alloc") && caseName.equals("B"));
                    records.add(batch(host, gc, strategies.get(s), caseName, ns[s][c] * (gc.equals("ZGC") ? 0.9 : 1), steady));
                }
            }
        }
        for (String runtime : List.of("cpp", "cpp-flat")) {
            for (String caseName : List.of("A", "B", "C")) {
                double median = (runtime.equals("cpp") ? 50 : 9) * (1 + "ABC".indexOf(caseName) * 3);
                records.add(RecordJson.parse(String.format(Locale.ROOT, "{\"experiment\":\"analyzer\",\"status\":\"ok\","
                        + "\"fork\":1,\"cell\":{\"strategy\":\"pool\",\"runtime\":\"%s\",\"case\":\"%s\",\"mode\":\"batch\"},"
                        + CPP_ENV + ",\"metrics\":{%s}}", runtime, caseName, host, nsPerPacket(median, true))));
            }
        }
        return records;
    }

    private static JsonNode batch(String host, String gc, String strategy, String caseName, double median, boolean steady) {
        double pause = strategy.equals("flat") ? 0.5 : strategy.equals("alloc") ? 60 : 25;
        return RecordJson.parse(String.format(Locale.ROOT, "{\"experiment\":\"analyzer\",\"status\":\"ok\",\"fork\":1,"
                        + "\"cell\":{\"strategy\":\"%s\",\"case\":\"%s\",\"mode\":\"batch\",\"gc\":\"%s\",\"heap\":\"%s\"},"
                        + ENV + ",\"metrics\":{%s,\"gc\":{\"count\":10,\"pauseTotalMs\":%s,\"pauseMaxMs\":%s,"
                        + "\"pauseAvgMs\":%s,\"perSecond\":0.6,\"fraction\":0.03,\"pauses\":10},\"liveObjects\":3534000,"
                        + "\"heapUsedMb\":100.0}}",
                strategy, caseName, gc, strategy.equals("flat") ? "1g" : "2g", host, nsPerPacket(median, steady),
                pause * 10, pause * 1.6, pause));
    }

    private static String nsPerPacket(double median, boolean steady) {
        return String.format(Locale.ROOT, "\"nsPerPacket\":{\"median\":%s,\"min\":%s,\"max\":%s,\"rounds\":[%s,%s,%s,%s,%s]},"
                        + "\"allocBytesPerPacket\":0.0,\"steadyState\":{\"steady\":%s,\"reason\":\"%s\",\"rounds\":5}",
                median, median * 0.8, median * 1.3, median, median * 0.9, median * 1.1, median * 0.8, median * 1.3, steady,
                steady ? "steady" : "a trend: +12% over the rounds");
    }

    static List<JsonNode> analyzerRealtime(String host) {
        List<JsonNode> records = new ArrayList<>();
        records.add(search(host, "G1", "pool", "A", 300, true));
        records.add(search(host, "G1", "alloc", "A", 700, false));
        return records;
    }

    private static JsonNode search(String host, String gc, String strategy, String caseName, long answer, boolean spectrum) {
        StringBuilder probes = new StringBuilder();
        long[] intervals = {130, answer / 2, answer - 10, answer, 1000};
        for (long interval : intervals) {
            double loss = interval < answer ? 40.0 * (answer - interval) / answer : 0;
            probes.append(probes.isEmpty() ? "" : ",").append(String.format(Locale.ROOT, "{\"intervalNs\":%d,\"sent\":2000000,"
                    + "\"lost\":%d,\"lossPercent\":%s,\"p99LatencyNs\":5000000,\"maxLatencyNs\":9000000}", interval,
                    Math.round(20000 * loss), loss));
        }
        String points = spectrum ? ",\"spectrum\":[{\"percentile\":50,\"ns\":900000},{\"percentile\":90,\"ns\":2000000},"
                + "{\"percentile\":99,\"ns\":5000000},{\"percentile\":99.9,\"ns\":8000000},{\"percentile\":99.99,\"ns\":8500000},"
                + "{\"percentile\":100,\"ns\":9000000}]" : "";
        return RecordJson.parse(String.format(Locale.ROOT, "{\"experiment\":\"analyzer\",\"status\":\"ok\",\"fork\":1,"
                        + "\"cell\":{\"strategy\":\"%s\",\"case\":\"%s\",\"mode\":\"realtime\",\"gc\":\"%s\",\"heap\":\"2g\","
                        + "\"findInterval\":true}," + ENV + ",\"metrics\":{\"realtime\":{\"intervalNs\":%d,\"sent\":2000000,"
                        + "\"received\":2000000,\"lost\":0,\"lossPercent\":0.0,\"latencyNs\":{\"p50\":1000000,\"p99\":5000000,"
                        + "\"p999\":8000000,\"max\":9000000%s}},\"gc\":{\"count\":4,\"pauseTotalMs\":40.0,\"pauseMaxMs\":12.0,"
                        + "\"pauseAvgMs\":10.0,\"perSecond\":2.0,\"fraction\":0.02},\"search\":{\"minIntervalNs\":%d,"
                        + "\"maxIntervalNs\":1000,\"probes\":[%s]}}}",
                strategy, caseName, gc, host, answer, points, answer, probes));
    }

    static List<JsonNode> kv(String host) {
        List<JsonNode> records = new ArrayList<>();
        records.add(store(host, "hashmap", 198, 150, 7.4e6, 3.1e6, 3.7e7, true));
        records.add(store(host, "allocpool", 10, 16, 2.5e6, 1.6e6, 6.3e6, false));
        records.add(RecordJson.parse(String.format(Locale.ROOT, "{\"experiment\":\"kv\",\"status\":\"ok\",\"fork\":1,"
                + "\"cell\":{\"users\":1000000,\"mode\":\"codecs\",\"sample\":10000}," + ENV + ",\"metrics\":{\"codecs\":[%s,%s]}}",
                host, codec("flyweight", 64, 6.7e6, 5.9e6), codec("jdk", 211, 0.9e6, 0.3e6))));
        return records;
    }

    private static JsonNode store(String host, String contender, double heapMb, double pauseMs, double gets, double puts,
                                  double misses, boolean steady) {
        return RecordJson.parse(String.format(Locale.ROOT, "{\"experiment\":\"kv\",\"status\":\"ok\",\"fork\":1,"
                        + "\"cell\":{\"contender\":\"%s\",\"users\":1000000,\"mode\":\"store\"}," + ENV + ",\"metrics\":"
                        + "{\"heapUsedMb\":%s,\"fullGcPauseMs\":%s,\"offHeapMb\":0.0,\"residentMb\":437.0,"
                        + "\"fullGcPausesMs\":[%s,%s,%s],\"gets\":%s,\"puts\":%s,\"misses\":%s}}",
                contender, host, heapMb, pauseMs, pauseMs * 1.4, pauseMs, pauseMs * 0.9, rounds(gets, steady),
                rounds(puts, true), rounds(misses, true)));
    }

    private static String codec(String name, double bytes, double encodes, double decodes) {
        return String.format(Locale.ROOT, "{\"codec\":\"%s\",\"encodedBytes\":%s,\"encodes\":%s,\"decodes\":%s}", name, bytes,
                rounds(encodes, true), rounds(decodes, true));
    }

    private static String rounds(double median, boolean steady) {
        return String.format(Locale.ROOT, "{\"perSecond\":{\"median\":%s,\"min\":%s,\"max\":%s,\"rounds\":[%s,%s,%s,%s,%s]},"
                        + "\"steadyState\":{\"steady\":%s,\"reason\":\"%s\",\"rounds\":5},\"discardedRounds\":[]}",
                median, median * 0.8, median * 1.2, median * 0.8, median * 0.95, median, median * 1.05, median * 1.2, steady,
                steady ? "steady" : "a step between rounds 2 and 3");
    }

    static List<JsonNode> echo(String host) {
        List<JsonNode> records = new ArrayList<>();
        String[] buffers = {"unpooled", "thread-local"};
        for (String buffer : buffers) {
            for (boolean copy : new boolean[] {false, true}) {
                double rate = (buffer.equals("unpooled") ? 2.2e6 : 2.8e6) * (copy ? 0.95 : 1);
                double bytes = (buffer.equals("unpooled") ? 300 : 0) + (copy ? 80 : 0);
                String spectrum = buffer.equals("thread-local") && !copy ? ",\"spectrum\":[{\"percentile\":50,\"ns\":350000},"
                        + "{\"percentile\":90,\"ns\":900000},{\"percentile\":99,\"ns\":1800000},{\"percentile\":99.9,\"ns\":5000000},"
                        + "{\"percentile\":100,\"ns\":30000000}]" : "";
                records.add(RecordJson.parse(String.format(Locale.ROOT, "{\"experiment\":\"echo\",\"status\":\"ok\",\"fork\":1,"
                                + "\"cell\":{\"event\":\"top-of-book\",\"buffers\":\"%s\",\"copyPerEvent\":%s,\"clients\":16,"
                                + "\"gc\":\"G1\",\"heap\":\"1g\"}," + ENV + ",\"metrics\":{\"eventsPerSecond\":%s,"
                                + "\"allocBytesPerEvent\":%s,\"latencyNs\":{\"p50\":376063,\"p99\":%d,\"p999\":7933951,"
                                + "\"max\":47644671,\"mean\":500405.0%s},\"gc\":{\"count\":4,\"pauseTotalMs\":114.7,"
                                + "\"pauseMaxMs\":43.7,\"pauseAvgMs\":28.7,\"perSecond\":1.0,\"fraction\":0.028},"
                                + "\"eventsPerSecondRounds\":{\"median\":%s,\"min\":%s,\"max\":%s,\"rounds\":[%s,%s,%s,%s]},"
                                + "\"allocBytesPerEventRounds\":{\"median\":%s,\"min\":%s,\"max\":%s,\"rounds\":[%s,%s,%s]},"
                                + "\"steadyState\":{\"steady\":true,\"reason\":\"steady\",\"rounds\":4}}}",
                        buffer, copy, host, rate, bytes, copy ? 4263935 : 2891000, spectrum, rate, rate * 0.9, rate * 1.1,
                        rate * 0.9, rate, rate, rate * 1.1, bytes, bytes, bytes, bytes, bytes, bytes)));
            }
        }
        return records;
    }
}

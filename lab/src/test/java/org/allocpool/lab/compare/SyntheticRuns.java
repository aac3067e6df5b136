package org.allocpool.lab.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Locale;
import org.allocpool.lab.analyzer.tables.AnalyzerReport;
import org.allocpool.lab.echo.tables.EchoReport;
import org.allocpool.lab.kv.tables.KvReport;
import org.allocpool.lab.merge.EnvironmentGroups;
import org.allocpool.lab.run.Report;
import org.allocpool.metrics.result.RecordJson;

/**
 * Records of one fork each, written as the children write them, whose figures are known exactly:
 * rounds {@code m(1-s), m(1-s/2), m, m(1+s/2), m(1+s)}, so that the figure is {@code m} and the
 * spread a comparison uses is {@code m(1-s/2)} to {@code m(1+s/2)}. Public for the browser test of the
 * report package ({@link #everyJudgementPage}); stateless.
 */
public final class SyntheticRuns {

    static final List<Report<?, ?>> REPORTS = List.of(new AnalyzerReport(), new KvReport(), new EchoReport());

    private SyntheticRuns() {
    }

    static RunComparison.Run run(String name, String... records) {
        return new RunComparison.Run(name, List.of(records).stream().map(RecordJson::parse).toList(),
                EnvironmentGroups.Grouping.HOST);
    }

    static RunComparison compare(RunComparison.Run before, RunComparison.Run after) {
        return RunComparison.of(before, after, REPORTS, Threshold.DEFAULT);
    }

    /**
     * Two runs of every experiment whose comparison holds every judgement: analyzer cells slower, faster,
     * within noise and not steady (one added, one removed); kv stores' three rates; echo one faster, one
     * slower.
     */
    static RunComparison everyJudgement() {
        double tight = 0.125;
        return compare(run("results/before",
                        analyzer("pool", "A", 100, tight), analyzer("alloc", "A", 300, tight),
                        analyzer("flat", "A", 90, tight), analyzer("host-a", "pool", "B", 110, tight, true),
                        analyzer("alloc", "C", 320, tight),
                        kv("hashmap", 8e6, 3e6, 3.6e7, tight), kv("allocpool", 9e6, 4e6, 4e7, tight),
                        echo("pooled", 2e6, tight), echo("unpooled", 2e6, tight)),
                run("results/after",
                        analyzer("pool", "A", 132, tight), analyzer("alloc", "A", 305, tight),
                        analyzer("flat", "A", 60, tight), analyzer("host-a", "pool", "B", 150, tight, false),
                        analyzer("flat", "C", 95, tight),
                        kv("hashmap", 5e6, 3e6, 4.8e7, tight), kv("allocpool", 9.2e6, 4e6, 4e7, tight),
                        echo("pooled", 3e6, tight), echo("unpooled", 1.5e6, tight)));
    }

    /** The {@code compare.html} of {@link #everyJudgement}. */
    public static String everyJudgementPage() {
        return ComparisonPage.render(everyJudgement());
    }

    /** A steady G1 batch record of {@code strategy} and case, ns/packet {@code median} with spread {@code s}. */
    static String analyzer(String strategy, String caseName, double median, double s) {
        return analyzer("host-a", strategy, caseName, median, s, true);
    }

    static String analyzer(String host, String strategy, String caseName, double median, double s, boolean steady) {
        return json("""
                {"experiment":"analyzer","status":"ok","fork":1,
                 "cell":{"strategy":"%s","case":"%s","mode":"batch","gc":"G1","heap":"2g"},
                 %s,
                 "metrics":{"nsPerPacket":{"median":%s,"min":%s,"max":%s,"rounds":%s},
                  "steadyState":%s}}""", strategy, caseName, env(host), median, median * (1 - s), median * (1 + s),
                rounds(median, s), steadiness(steady));
    }

    /** A steady C++ ({@code cpp-flat pool}) batch record of {@code caseName}, ns/packet {@code median} with spread {@code s}. */
    static String cppFlat(String caseName, double median, double s) {
        return json("""
                {"experiment":"analyzer","status":"ok","fork":1,
                 "cell":{"strategy":"pool","runtime":"cpp-flat","case":"%s","mode":"batch"},
                 %s,
                 "metrics":{"nsPerPacket":{"median":%s,"min":%s,"max":%s,"rounds":%s},
                  "steadyState":%s}}""", caseName, env("host-a"), median, median * (1 - s), median * (1 + s),
                rounds(median, s), steadiness(true));
    }

    /** A steady kv store record of {@code contender}: gets, puts and misses per second, each with spread {@code s}. */
    static String kv(String contender, double gets, double puts, double misses, double s) {
        return json("""
                {"experiment":"kv","status":"ok","fork":1,
                 "cell":{"contender":"%s","users":1000000,"mode":"store"},
                 %s,
                 "metrics":{"getsPerSecond":%s,"putsPerSecond":%s,"missesPerSecond":%s,
                  "gets":%s,"puts":%s,"misses":%s}}""", contender, env("host-a"), gets, puts, misses, rate(gets, s),
                rate(puts, s), rate(misses, s));
    }

    /** A steady echo record of {@code buffers} with 16 clients: events per second {@code events}, spread {@code s}. */
    static String echo(String buffers, double events, double s) {
        return json("""
                {"experiment":"echo","status":"ok","fork":1,
                 "cell":{"event":"top-of-book","buffers":"%s","copyPerEvent":false,"clients":16,"gc":"G1"},
                 %s,
                 "metrics":{"eventsPerSecond":%s,"eventsPerSecondRounds":{"median":%s,"min":%s,"max":%s,"rounds":%s},
                  "steadyState":%s}}""", buffers, env("host-a"), events, events, events * (1 - s), events * (1 + s),
                rounds(events, s), steadiness(true));
    }

    private static String rate(double median, double s) {
        return String.format(Locale.ROOT, "{\"perSecond\":{\"median\":%s,\"min\":%s,\"max\":%s,\"rounds\":%s},"
                + "\"steadyState\":%s}", median, median * (1 - s), median * (1 + s), rounds(median, s), steadiness(true));
    }

    private static String env(String host) {
        return "\"env\":{\"jdk\":\"25.0.3\",\"vm\":\"Test VM\",\"cpu\":\"Test CPU\",\"cores\":2,\"os\":\"Linux\","
                + "\"jvmArgs\":[],\"host\":\"" + host + "\"}";
    }

    private static String rounds(double m, double s) {
        return String.format(Locale.ROOT, "[%s,%s,%s,%s,%s]", m * (1 - s), m * (1 + s), m, m * (1 - s / 2), m * (1 + s / 2));
    }

    private static String steadiness(boolean steady) {
        return steady
                ? "{\"steady\":true,\"reason\":\"steady\",\"rounds\":5,\"shift\":0.0,\"noise\":0.05,\"drift\":0.0,\"trendP\":1.0}"
                : "{\"steady\":false,\"reason\":\"a trend\",\"rounds\":5,\"shift\":0.4,\"noise\":0.05,\"drift\":0.5,\"trendP\":0.001}";
    }

    private static String json(String template, Object... values) {
        JsonNode node = RecordJson.parse(String.format(Locale.ROOT, template.replace("\n", ""), values));
        return node.toString();
    }
}

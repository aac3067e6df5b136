package org.allocpool.lab.analyzer;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;

/**
 * A stand-in for {@code allocpool analyzer ... --json}, so that the lab is tested without the
 * analyzer; it uses nothing but the JDK. Reads {@code --strategy} and {@code --case}, then behaves
 * as the system property {@code fake.script} says for that cell ({@code strategy/case=behaviour,...});
 * by default it prints an ok record as the analyzer does: the median ({@link #median}) grows with the
 * strategy's place in the list and the case, five timed rounds around it ({@link #ROUNDS}), a
 * steady-state check that passed, the warm-up rounds and the prefill's time. What it prints does not
 * depend on which fork it is, so that every fork of a cell agrees and tables are predictable.
 *
 * <p>Behaviours: {@code exit3}, {@code silent} (exit 0, no record), {@code oom}, {@code selffail}
 * (prints its own failed record, exits 1), {@code hang} (sleeps: the lab's timeout is under test),
 * {@code unsteady} (its rounds still fall, from 1.25 to 0.875 of the median, and its check says so),
 * {@code lost} (real time: loses 4.4% even at 1000 ns, or 0.6% at a fixed interval).
 * Given {@code --mode realtime} it prints a real-time record instead: with {@code --find-interval}
 * a search whose answer is ten times the batch median, with {@code --interval-ns N} the loss there.
 * Given {@code --runtime cpp|cpp-flat} it prints a C++-style record, as the C++ analyser does: the
 * cell names its runtime and has no {@code gc} or {@code heap}, the env no JDK, the metrics no GC;
 * its median is {@link #cppMedian}. Script entries for C++ cells are {@code cpp-flat:pool/A=...}.
 */
final class FakeChild {

    static final List<String> ORDER = List.of("dummy", "alloc", "mix", "pool",
            "native-dummy", "native-alloc", "native-mix", "native-pool", "flat");

    /**
     * The timed rounds of a steady cell, as multiples of its median, in the order "measured": their
     * middle half (25th to 75th percentile) is 0.9375 to 1.0625 of the median. Binary fractions, so
     * that the tables' rounding is exact.
     */
    static final List<Double> ROUNDS = List.of(1.0, 0.9375, 1.0625, 0.875, 1.125);

    /** The rounds of an unsteady cell: still falling. */
    static final List<Double> FALLING = List.of(1.25, 1.125, 1.0, 0.9375, 0.875);

    /** What the unsteady cell's check says. */
    static final String FALLING_REASON = "still falling: -30% across the rounds (p = 0.017)";

    private FakeChild() {
    }

    public static void main(String[] args) throws Exception {
        String strategy = valueOf(args, "--strategy");
        String caseName = valueOf(args, "--case");
        String runtime = has(args, "--runtime") ? valueOf(args, "--runtime") : "java";
        boolean realtime = has(args, "--mode") && valueOf(args, "--mode").equals("realtime");
        System.err.println("fake analyzer: " + String.join(" ", args));
        if (!runtime.equals("java")) {
            String behaviour = behaviour(runtime + ":" + strategy, caseName);
            if (behaviour.equals("exit3")) {
                System.exit(3);
            }
            System.out.println(cppRecord(runtime, strategy, caseName, realtime, behaviour));
            return;
        }
        String behaviour = behaviour(strategy, caseName);
        switch (behaviour) {
            case "exit3" -> System.exit(3);
            case "silent" -> System.exit(0);
            case "oom" -> throw new OutOfMemoryError("Java heap space");
            case "selffail" -> {
                System.out.println("{\"experiment\":\"analyzer\",\"status\":\"failed\",\"error\":\"pool ran dry after 12 packets\","
                        + "\"cell\":{\"strategy\":\"" + strategy + "\",\"case\":\"" + caseName + "\",\"mode\":\"batch\"}}");
                System.exit(1);
            }
            case "hang" -> Thread.sleep(600_000);
            default -> System.out.println(realtime
                    ? realtimeRecord(args, strategy, caseName, behaviour.equals("lost"))
                    : okRecord(strategy, caseName, behaviour.equals("unsteady")));
        }
    }

    static double median(String strategy, String caseName) {
        return (ORDER.indexOf(strategy) + 1) * 10.0 * (caseName.charAt(0) - 'A' + 1);
    }

    /** A C++ cell's median: a quarter of the Java strategy's for {@code cpp}, an eighth for {@code cpp-flat}. */
    static double cppMedian(String runtime, String strategy, String caseName) {
        return median(strategy, caseName) / (runtime.equals("cpp-flat") ? 8 : 4);
    }

    /** The answer of a fake search: ten times the batch median, so 100 for dummy A. */
    static long minIntervalNs(String strategy, String caseName) {
        return Math.round(median(strategy, caseName) * 10);
    }

    /** {@code nsPerPacket}, {@code steadyState}, {@code warmupRounds}, {@code discardedRounds} and {@code prefillMs} of a batch record. */
    private static String batchFigures(double median, boolean unsteady) {
        List<Double> shape = unsteady ? FALLING : ROUNDS;
        StringBuilder rounds = new StringBuilder();
        for (double factor : shape) {
            rounds.append(rounds.isEmpty() ? "" : ",").append(number(median * factor));
        }
        String check = unsteady
                ? "{\"steady\":false,\"reason\":\"" + FALLING_REASON + "\",\"rounds\":5,\"shift\":-0.25,\"noise\":0.07,"
                        + "\"drift\":-0.3,\"trendP\":0.017}"
                : "{\"steady\":true,\"reason\":\"steady\",\"rounds\":5,\"shift\":0.0,\"noise\":0.09,\"drift\":0.0,"
                        + "\"trendP\":1.0}";
        return String.format(Locale.ROOT, "\"nsPerPacket\":{\"median\":%s,\"min\":%s,\"max\":%s,\"rounds\":[%s]},"
                        + "\"packetsPerSecond\":%.1f,\"allocBytesPerPacket\":0.0,\"steadyState\":%s,"
                        + "\"warmupRounds\":[%s],\"discardedRounds\":[%s],\"prefillMs\":12.5",
                number(median), number(median * 0.875), number(median * (unsteady ? 1.25 : 1.125)), rounds,
                1e9 / median, check, number(median * 3), unsteady ? number(median * 1.5) : "");
    }

    private static String cppRecord(String runtime, String strategy, String caseName, boolean realtime, String behaviour) {
        double median = cppMedian(runtime, strategy, caseName);
        String env = "\"env\":{\"vm\":\"g++ 12.2.0 -O3\",\"cpu\":\"Fake CPU\",\"cores\":2,\"os\":\"FakeOS 1\"}";
        if (realtime) {
            boolean lost = behaviour.equals("lost");
            long interval = lost ? 1000 : Math.round(median * 10);
            String search = lost ? "\"lossPercentAtMax\":1.5" : "\"minIntervalNs\":" + interval;
            return String.format(Locale.ROOT, "{\"experiment\":\"analyzer\",\"status\":\"ok\","
                            + "\"cell\":{\"strategy\":\"%s\",\"runtime\":\"%s\",\"case\":\"%s\",\"mode\":\"realtime\","
                            + "\"findInterval\":true,\"queue\":1000},%s,"
                            + "\"metrics\":{\"realtime\":{\"intervalNs\":%d,\"sent\":2000000,\"received\":2000000,"
                            + "\"lost\":0,\"lossPercent\":%s,\"latencyNs\":{\"p50\":1000,\"p99\":5000,\"max\":9000}},"
                            + "\"search\":{%s,\"maxIntervalNs\":1000}}}",
                    strategy, runtime, caseName, env, interval, lost ? "1.5" : "0.0", search);
        }
        return String.format(Locale.ROOT, "{\"experiment\":\"analyzer\",\"status\":\"ok\","
                        + "\"cell\":{\"strategy\":\"%s\",\"runtime\":\"%s\",\"case\":\"%s\",\"mode\":\"batch\",\"queue\":1000},"
                        + "%s,\"metrics\":{%s}}",
                strategy, runtime, caseName, env, batchFigures(median, behaviour.equals("unsteady")));
    }

    private static String okRecord(String strategy, String caseName, boolean unsteady) {
        return String.format(Locale.ROOT, "{\"experiment\":\"analyzer\",\"status\":\"ok\","
                        + "\"cell\":{\"strategy\":\"%s\",\"case\":\"%s\",\"mode\":\"batch\",\"gc\":\"%s\",\"queue\":1000},"
                        + "\"env\":{\"jdk\":\"%s\",\"vm\":\"Fake VM\",\"cpu\":\"Fake CPU\",\"cores\":2,\"os\":\"FakeOS 1\","
                        + "\"jvmArgs\":[%s],\"host\":\"fakehost\"},"
                        + "\"metrics\":{%s,"
                        + "\"gc\":{\"count\":10,\"pauseTotalMs\":50.0,\"pauseMaxMs\":9.0,\"pauseAvgMs\":5.0,"
                        + "\"perSecond\":2.5,\"fraction\":0.01,\"pauses\":10},\"liveObjects\":1000000,\"heapUsedMb\":12.0}}",
                strategy, caseName, collector(), System.getProperty("java.version"), objectHeaderFlags(),
                batchFigures(median(strategy, caseName), unsteady));
    }

    /** The flags of the JVM's object headers it was given, as JSON strings: what a variant's records show of it. */
    private static String objectHeaderFlags() {
        return String.join(",", ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.contains("CompactObjectHeaders")).map(a -> "\"" + a + "\"").toList());
    }

    private static String realtimeRecord(String[] args, String strategy, String caseName, boolean lost) {
        boolean search = has(args, "--find-interval");
        long interval = search ? (lost ? 1000 : minIntervalNs(strategy, caseName)) : Long.parseLong(valueOf(args, "--interval-ns"));
        double lossPercent = lost ? (search ? 4.4 : 0.6) : 0.0;
        long sent = 2_000_000;
        long lostPackets = Math.round(sent * lossPercent / 100);
        String searchField = !search ? "" : String.format(Locale.ROOT, ",\"search\":{%s\"maxIntervalNs\":1000,"
                        + "\"resolutionNs\":10,\"startIntervalNs\":%d,\"probes\":[{\"intervalNs\":%d,\"sent\":%d,"
                        + "\"lost\":%d,\"lossPercent\":%s,\"p99LatencyNs\":5000000,\"maxLatencyNs\":9000000}]}",
                lost ? "\"lossPercentAtMax\":" + lossPercent + "," : "\"minIntervalNs\":" + interval + ",",
                interval, interval, sent, lostPackets, lossPercent);
        return String.format(Locale.ROOT, "{\"experiment\":\"analyzer\",\"status\":\"ok\","
                        + "\"cell\":{\"strategy\":\"%s\",\"case\":\"%s\",\"mode\":\"realtime\",\"gc\":\"%s\",\"queue\":1000,"
                        + "%s,\"maxDelayMs\":100,\"durationS\":2.0,\"warmupS\":1.0,\"pin\":false},"
                        + "\"env\":{\"jdk\":\"%s\",\"vm\":\"Fake VM\",\"cpu\":\"Fake CPU\",\"cores\":2,\"os\":\"FakeOS 1\","
                        + "\"jvmArgs\":[],\"host\":\"fakehost\"},"
                        + "\"metrics\":{\"realtime\":{\"intervalNs\":%d,\"sent\":%d,\"received\":%d,\"lost\":%d,"
                        + "\"lossPercent\":%s,\"latencyNs\":{\"p50\":1000000,\"p99\":5000000,\"p999\":8000000,\"max\":9000000},"
                        + "\"pinned\":false},\"allocBytesPerPacket\":0.0,"
                        + "\"gc\":{\"count\":4,\"pauseTotalMs\":20.0,\"pauseMaxMs\":7.5,\"pauseAvgMs\":5.0,"
                        + "\"perSecond\":2.0,\"fraction\":0.01,\"pauses\":4},\"liveObjects\":1000000,\"heapUsedMb\":12.0%s}}",
                strategy, caseName, collector(), search ? "\"findInterval\":true" : "\"intervalNs\":" + interval,
                System.getProperty("java.version"), interval, sent, sent - lostPackets, lostPackets, lossPercent, searchField);
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%.4f", value);
    }

    private static boolean has(String[] args, String option) {
        return List.of(args).contains(option);
    }

    private static String collector() {
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            switch (arg) {
                case "-XX:+UseSerialGC": return "Serial";
                case "-XX:+UseParallelGC": return "Parallel";
                case "-XX:+UseZGC": return "ZGC";
                case "-XX:+UseShenandoahGC": return "Shenandoah";
                case "-XX:+UseG1GC": return "G1";
                default: break;
            }
        }
        return "G1";
    }

    private static String behaviour(String strategy, String caseName) {
        String script = System.getProperty("fake.script", "");
        for (String entry : script.split(",")) {
            String[] parts = entry.split("=");
            if (parts.length == 2 && parts[0].equals(strategy + "/" + caseName)) {
                return parts[1];
            }
        }
        return "ok";
    }

    private static String valueOf(String[] args, String option) {
        for (int i = 0; i < args.length - 1; i++) {
            if (args[i].equals(option)) {
                return args[i + 1];
            }
        }
        throw new IllegalArgumentException("no " + option);
    }
}

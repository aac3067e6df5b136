package org.allocpool.lab;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A stand-in for {@code allocpool analyzer ... --json}, so that the lab is tested without the
 * analyzer. Reads {@code --strategy} and {@code --case}, then behaves as the system property
 * {@code fake.script} says for that cell ({@code strategy/case=behaviour,...}); by default it
 * prints an ok record whose median grows with the strategy's place in the list and the case.
 * Behaviours: {@code exit3}, {@code silent} (exit 0, no record), {@code oom}, {@code selffail}
 * (prints its own failed record, exits 1), {@code hang} (starts a sleeping grandchild whose pid
 * goes to {@code fake.pidFile}, then sleeps: the lab's timeout is under test), {@code lost} (real
 * time: loses 4.4% even at 1000 ns, or 0.6% at a fixed interval).
 * Given {@code --mode realtime} it prints a real-time record instead: with {@code --find-interval}
 * a search whose answer is ten times the batch median, with {@code --interval-ns N} the loss there.
 * Given {@code --runtime cpp|cpp-flat} it prints a C++-style record, as the C++ analyser does: the
 * cell names its runtime and has no {@code gc} or {@code heap}, the env no JDK, the metrics no GC;
 * its median is {@link #cppMedian}. Script entries for C++ cells are {@code cpp-flat:pool/A=...}.
 */
final class FakeChild {

    static final List<String> ORDER = List.of("dummy", "alloc", "mix", "pool",
            "native-dummy", "native-alloc", "native-mix", "native-pool", "flat");

    private FakeChild() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 1 && args[0].equals("sleep")) {
            Thread.sleep(120_000);
            return;
        }
        String strategy = valueOf(args, "--strategy");
        String caseName = valueOf(args, "--case");
        String runtime = has(args, "--runtime") ? valueOf(args, "--runtime") : "java";
        System.err.println("fake analyzer: " + String.join(" ", args));
        if (!runtime.equals("java")) {
            boolean realtime = has(args, "--mode") && valueOf(args, "--mode").equals("realtime");
            String behaviour = behaviour(runtime + ":" + strategy, caseName);
            if (behaviour.equals("exit3")) {
                System.exit(3);
            }
            System.out.println(cppRecord(runtime, strategy, caseName, realtime, behaviour.equals("lost")));
            return;
        }
        switch (behaviour(strategy, caseName)) {
            case "exit3" -> System.exit(3);
            case "silent" -> System.exit(0);
            case "oom" -> throw new OutOfMemoryError("Java heap space");
            case "selffail" -> {
                System.out.println("{\"experiment\":\"analyzer\",\"status\":\"failed\",\"error\":\"pool ran dry after 12 packets\","
                        + "\"cell\":{\"strategy\":\"" + strategy + "\",\"case\":\"" + caseName + "\",\"mode\":\"batch\"}}");
                System.exit(1);
            }
            case "hang" -> {
                Process sleeper = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp", System.getProperty("java.class.path"), FakeChild.class.getName(), "sleep").start();
                Files.writeString(Path.of(System.getProperty("fake.pidFile")), Long.toString(sleeper.pid()));
                Thread.sleep(120_000);
            }
            default -> System.out.println(has(args, "--mode") && valueOf(args, "--mode").equals("realtime")
                    ? realtimeRecord(args, strategy, caseName, behaviour(strategy, caseName).equals("lost"))
                    : okRecord(strategy, caseName));
        }
    }

    static double median(String strategy, String caseName) {
        return (ORDER.indexOf(strategy) + 1) * 10.0 * (caseName.charAt(0) - 'A' + 1);
    }

    /** A C++ cell's median: a quarter of the Java strategy's for {@code cpp}, an eighth for {@code cpp-flat}. */
    static double cppMedian(String runtime, String strategy, String caseName) {
        return median(strategy, caseName) / (runtime.equals("cpp-flat") ? 8 : 4);
    }

    private static String cppRecord(String runtime, String strategy, String caseName, boolean realtime, boolean lost) {
        double median = cppMedian(runtime, strategy, caseName);
        String env = "\"env\":{\"vm\":\"g++ 12.2.0 -O3\",\"cpu\":\"Fake CPU\",\"cores\":2,\"os\":\"FakeOS 1\"}";
        if (realtime) {
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
                        + "%s,\"metrics\":{\"nsPerPacket\":{\"median\":%.3f,\"min\":%.3f,\"max\":%.3f,\"rounds\":[%.3f]},"
                        + "\"packetsPerSecond\":%.1f,\"allocBytesPerPacket\":0.0}}",
                strategy, runtime, caseName, env, median, median * 0.9, median * 1.1, median, 1e9 / median);
    }

    private static String okRecord(String strategy, String caseName) {
        double median = median(strategy, caseName);
        return String.format(Locale.ROOT, "{\"experiment\":\"analyzer\",\"status\":\"ok\","
                        + "\"cell\":{\"strategy\":\"%s\",\"case\":\"%s\",\"mode\":\"batch\",\"gc\":\"%s\",\"queue\":1000},"
                        + "\"env\":{\"jdk\":\"%s\",\"vm\":\"Fake VM\",\"cpu\":\"Fake CPU\",\"cores\":2,\"os\":\"FakeOS 1\",\"jvmArgs\":[]},"
                        + "\"metrics\":{\"nsPerPacket\":{\"median\":%.1f,\"min\":%.1f,\"max\":%.1f,\"rounds\":[%.1f]},"
                        + "\"packetsPerSecond\":%.1f,\"allocBytesPerPacket\":0.0,"
                        + "\"gc\":{\"count\":10,\"pauseTotalMs\":50.0,\"pauseMaxMs\":9.0,\"pauseAvgMs\":5.0,"
                        + "\"perSecond\":2.5,\"fraction\":0.01},\"liveObjects\":1000000,\"heapUsedMb\":12.0}}",
                strategy, caseName, collector(), System.getProperty("java.version"),
                median, median * 0.9, median * 1.1, median, 1e9 / median);
    }

    /** The answer of a fake search: ten times the batch median, so 100 for dummy A. */
    static long minIntervalNs(String strategy, String caseName) {
        return Math.round(median(strategy, caseName) * 10);
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
                        + "\"env\":{\"jdk\":\"%s\",\"vm\":\"Fake VM\",\"cpu\":\"Fake CPU\",\"cores\":2,\"os\":\"FakeOS 1\",\"jvmArgs\":[]},"
                        + "\"metrics\":{\"realtime\":{\"intervalNs\":%d,\"sent\":%d,\"received\":%d,\"lost\":%d,"
                        + "\"lossPercent\":%s,\"latencyNs\":{\"p50\":1000000,\"p99\":5000000,\"p999\":8000000,\"max\":9000000},"
                        + "\"pinned\":false},\"allocBytesPerPacket\":0.0,"
                        + "\"gc\":{\"count\":4,\"pauseTotalMs\":20.0,\"pauseMaxMs\":7.5,\"pauseAvgMs\":5.0,"
                        + "\"perSecond\":2.0,\"fraction\":0.01},\"liveObjects\":1000000,\"heapUsedMb\":12.0%s}}",
                strategy, caseName, collector(), search ? "\"findInterval\":true" : "\"intervalNs\":" + interval,
                System.getProperty("java.version"), interval, sent, sent - lostPackets, lostPackets, lossPercent, searchField);
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

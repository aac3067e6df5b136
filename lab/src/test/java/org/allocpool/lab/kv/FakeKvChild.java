package org.allocpool.lab.kv;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A stand-in for the kv contenders' main, so that the kv lab is tested without the contenders.
 * Reads {@code --contender NAME} or {@code --codecs}, {@code --users} and {@code --dir}, then
 * behaves as the system property {@code fake.kv} says for that contender ({@code name=behaviour,...}):
 * {@code nostart} prints a failed record as a peer that cannot start does and exits 1,
 * {@code exit3} exits 3 after a line on stderr, {@code silent} exits 0 printing nothing,
 * {@code unsteady} measures as by default but its gets' rounds fail the steady-state check.
 * By default it writes a file into {@code --dir} and prints an ok record whose rates grow with the
 * contender's place in {@link #ORDER}, each with five steady rounds; its {@code env.jvmArgs} are its
 * real JVM arguments.
 */
final class FakeKvChild {

    static final List<String> ORDER = List.of("hashmap", "allocpool", "mapdb", "chronicle", "lmdb");

    private FakeKvChild() {
    }

    public static void main(String[] args) throws Exception {
        boolean codecs = List.of(args).contains("--codecs");
        String contender = codecs ? "codecs" : valueOf(args, "--contender");
        long users = Long.parseLong(valueOf(args, "--users"));
        System.err.println("fake kv contender: " + String.join(" ", args));
        String cell = codecs
                ? String.format(Locale.ROOT, "{\"users\":%d,\"mode\":\"codecs\",\"sample\":%d}", users, Math.min(users, 10_000))
                : String.format(Locale.ROOT, "{\"contender\":\"%s\",\"users\":%d,\"mode\":\"store\"}", contender, users);
        String behaviour = behaviour(contender);
        switch (behaviour) {
            case "nostart" -> {
                System.out.println("{\"experiment\":\"kv\",\"status\":\"failed\","
                        + "\"error\":\"could not start: InaccessibleObjectException: module java.base does not open java.lang\","
                        + "\"cell\":" + cell + "}");
                System.exit(1);
            }
            case "exit3" -> {
                System.err.println("Exception in thread \"main\" java.lang.IllegalStateException: " + contender + " broke");
                System.exit(3);
            }
            case "silent" -> System.exit(0);
            default -> {
                if (!codecs) {
                    Path dir = Path.of(valueOf(args, "--dir"));
                    Files.createDirectories(dir);
                    Files.writeString(dir.resolve("store.dat"), "data");
                }
                System.out.println("{\"experiment\":\"kv\",\"status\":\"ok\",\"cell\":" + cell + "," + env() + ","
                        + (codecs ? codecMetrics() : storeMetrics(contender, behaviour.equals("unsteady"))) + "}");
            }
        }
    }

    /** The fake's gets per second for {@code contender}: 1 M for the HashMap, 2 M for allocpool, ... */
    static double getsPerSecond(String contender) {
        return (ORDER.indexOf(contender) + 1) * 1e6;
    }

    private static String storeMetrics(String contender, boolean unsteady) {
        int n = ORDER.indexOf(contender) + 1;
        double gets = getsPerSecond(contender);
        return String.format(Locale.ROOT, "\"metrics\":{\"heapUsedMb\":%.1f,\"fullGcPauseMs\":%.1f,\"offHeapMb\":%.1f,"
                        + "\"getsPerSecond\":%.1f,\"putsPerSecond\":%.1f,\"missesPerSecond\":%.1f,\"residentMb\":%.1f,"
                        + "\"loadSeconds\":1.5,\"entries\":1000,\"gcCount\":3,\"fullGcPausesMs\":[%.1f,%.1f,%.1f],"
                        + "\"gets\":%s,\"misses\":%s,\"puts\":%s,\"offHeapAfterPutsMb\":%.1f}",
                n == 1 ? 700.0 : 20.0 + n, n == 1 ? 1234.0 : 3.0 + n, n == 1 ? 0.0 : 100.0 * n, gets, n * 0.5e6,
                n * 3e6, 300.0 + n, n == 1 ? 1300.0 : 4.0 + n, n == 1 ? 1234.0 : 3.0 + n, n == 1 ? 1200.0 : 3.0 + n,
                rounds(gets, unsteady), rounds(n * 3e6, false), rounds(n * 0.5e6, false), afterPutsMb(n));
    }

    /** The files after the puts: 10 MB more than after loading, allocpool's 250 more (room that waits to be reused). */
    private static double afterPutsMb(int n) {
        return n == 1 ? 0.0 : 100.0 * n + (n == 2 ? 250 : 10);
    }

    private static String codecMetrics() {
        return "\"metrics\":{\"codecs\":[" + codec("flyweight", 20e6, 10e6, 60.5) + "," + codec("fory", 8e6, 6e6, 70.0)
                + "," + codec("kryo", 4e6, 3e6, 65.0) + "," + codec("jdk", 0.5e6, 0.1e6, 300.0) + "]}";
    }

    /** A codec fresh and, twice as fast, at its best. */
    private static String codec(String name, double encodes, double decodes, double bytes) {
        return String.format(Locale.ROOT, "{\"codec\":\"%s\",\"encodesPerSecond\":%.1f,\"decodesPerSecond\":%.1f,"
                + "\"encodedBytes\":%.1f,\"encodes\":%s,\"decodes\":%s,\"best\":{\"encodeWay\":\"into a reused buffer\","
                + "\"decodeWay\":\"a whole User\",\"encodesPerSecond\":%.1f,\"decodesPerSecond\":%.1f,\"encodes\":%s,"
                + "\"decodes\":%s}}", name, encodes, decodes, bytes, allocating(rounds(encodes, false), bytes + 16),
                allocating(rounds(decodes, false), 200), 2 * encodes, 2 * decodes,
                allocating(rounds(2 * encodes, false), 0), allocating(rounds(2 * decodes, false), 200));
    }

    /** {@code rounds} (a JSON object) with {@code bytes} allocated per operation. */
    private static String allocating(String rounds, double bytes) {
        return rounds.substring(0, rounds.length() - 1) + String.format(Locale.ROOT, ",\"allocBytesPerOperation\":%.1f}",
                bytes);
    }

    /** Five rounds within ±2% of {@code median}, checked steady (or not, with the check's reason). */
    private static String rounds(double median, boolean unsteady) {
        return String.format(Locale.ROOT, "{\"perSecond\":{\"median\":%.1f,\"min\":%.1f,\"max\":%.1f,"
                        + "\"rounds\":[%.1f,%.1f,%.1f,%.1f,%.1f]},\"steadyState\":{\"steady\":%b,\"reason\":\"%s\","
                        + "\"rounds\":5,\"shift\":0.0,\"noise\":0.01,\"drift\":%s,\"trendP\":%s},\"discardedRounds\":%s}",
                median, median * 0.98, median * 1.02, median * 0.99, median * 1.02, median, median * 0.98, median * 1.01,
                !unsteady, unsteady ? "still rising: +12% across the rounds (p = 0.017)" : "steady",
                unsteady ? "0.12" : "0.0", unsteady ? "0.017" : "1.0",
                unsteady ? String.format(Locale.ROOT, "[%.1f,%.1f]", median * 0.8, median * 0.85) : "[]");
    }

    private static String env() {
        StringBuilder jvmArgs = new StringBuilder();
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            jvmArgs.append(jvmArgs.isEmpty() ? "" : ",").append('"').append(arg.replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
        }
        return "\"env\":{\"jdk\":\"" + System.getProperty("java.version") + "\",\"vm\":\"Fake VM\",\"cpu\":\"Fake CPU\","
                + "\"cores\":2,\"os\":\"FakeOS 1\",\"jvmArgs\":[" + jvmArgs + "],\"host\":\"fakehost\"}";
    }

    private static String behaviour(String contender) {
        for (String entry : System.getProperty("fake.kv", "").split(",")) {
            String[] parts = entry.split("=");
            if (parts.length == 2 && parts[0].equals(contender)) {
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

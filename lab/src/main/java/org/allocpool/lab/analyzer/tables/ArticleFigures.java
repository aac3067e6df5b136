package org.allocpool.lab.analyzer.tables;

import java.util.List;
import java.util.Map;

/**
 * The batch figures (median ns per packet) and real-time figures (smallest loss-free interval, or
 * the loss at 1000 ns) published in "To allocate or to pool?" (2019) for the collectors the lab
 * still runs, keyed by the lab's names: G1 and ZGC, heap strategies and their native variants
 * (the article's "native" rows are our {@code native-*} strategies); and its C++ rows, keyed by our
 * runtimes: its "C++" is our {@code cpp}, its "C++ flat" our {@code cpp-flat}. Measured on a dual Xeon
 * E5-2620 v3 with Java 8 (G1) and Java 11 (ZGC): for shapes and ratios, not absolute values.
 * Immutable; thread-safe.
 */
final class ArticleFigures {

    /** Where the figures come from, to print beside them. */
    static final String CITATION = "\"To allocate or to pool?\" (2019): dual Xeon E5-2620 v3 @ 2.40 GHz, Linux 3.17,"
            + " Java 8 (G1, -XX:MaxGCPauseMillis=80) and Java 11 (ZGC, experimental), heap 2 GB"
            + " (native: 1 GB + 2 GB direct). Other hardware and JDKs: compare shapes and ratios, not absolute values.";

    /** collector -> strategy -> figures for cases A, B, C. */
    private static final Map<String, Map<String, List<Integer>>> NS_PER_PACKET = Map.of(
            "G1", Map.of(
                    "dummy", List.of(78, 70, 81),
                    "alloc", List.of(424, 640, 4300),
                    "mix", List.of(134, 364, 625),
                    "pool", List.of(140, 355, 740),
                    "native-dummy", List.of(62, 63, 79),
                    "native-alloc", List.of(108, 239, 1100),
                    "native-mix", List.of(117, 246, 432),
                    "native-pool", List.of(111, 249, 347)),
            "ZGC", Map.of(
                    "dummy", List.of(72, 66, 84),
                    "alloc", List.of(523, 800, 1880),
                    "mix", List.of(108, 403, 436),
                    "pool", List.of(109, 403, 453),
                    "native-dummy", List.of(63, 76, 102),
                    "native-alloc", List.of(127, 290, 533),
                    "native-mix", List.of(100, 290, 400),
                    "native-pool", List.of(118, 302, 330)));

    /**
     * collector -> strategy -> real-time figures for cases A, B, C, as the article printed them: the
     * smallest loss-free source interval in ns, or "lost: X%" where even 1000 ns lost packets. Its
     * "800; lost: 0.075%" is 800 ns loss-free, with a loss of 0.075% at some wider interval.
     */
    private static final Map<String, Map<String, List<String>>> REALTIME = Map.of(
            "G1", Map.of(
                    "alloc", List.of("750", "2000", "lost: 76%"),
                    "mix", List.of("200", "600", "lost: 4%"),
                    "pool", List.of("200", "600", "lost: 4.4%"),
                    "native-alloc", List.of("150", "350", "lost: 6.5%"),
                    "native-mix", List.of("150", "400", "800; lost: 0.075%"),
                    "native-pool", List.of("160", "500", "700")),
            "ZGC", Map.of(
                    "alloc", List.of("540", "820", "lost: 44%"),
                    "mix", List.of("120", "420", "450"),
                    "pool", List.of("130", "420", "460"),
                    "native-alloc", List.of("170", "380", "550"),
                    "native-mix", List.of("120", "320", "440"),
                    "native-pool", List.of("130", "320", "460")));

    /** C++ runtime -> strategy -> batch figures for cases A, B, C (the article's "C++" and "C++ flat" rows). */
    private static final Map<String, Map<String, List<Integer>>> CPP_NS_PER_PACKET = Map.of(
            "cpp", Map.of(
                    "dummy", List.of(145, 164, 164),
                    "alloc", List.of(270, 560, 616),
                    "mix", List.of(115, 223, 307),
                    "pool", List.of(111, 233, 274)),
            "cpp-flat", Map.of(
                    "dummy", List.of(16, 16, 16),
                    "alloc", List.of(163, 409, 480),
                    "mix", List.of(35, 153, 184),
                    "pool", List.of(34, 148, 171)));

    /** C++ runtime -> strategy -> real-time figures for cases A, B, C (the article has none for dummy). */
    private static final Map<String, Map<String, List<String>>> CPP_REALTIME = Map.of(
            "cpp", Map.of(
                    "alloc", List.of("520", "950", "950"),
                    "mix", List.of("280", "320", "550"),
                    "pool", List.of("250", "420", "480")),
            "cpp-flat", Map.of(
                    "alloc", List.of("220", "650", "700"),
                    "mix", List.of("50", "220", "240"),
                    "pool", List.of("50", "190", "230")));

    /** The heap of the article's "(10 Gb)" real-time figures, of which it gave G1's for case C only. */
    static final String TEN_GIGABYTES = "10g";

    /** G1 with a 10 GB heap: the losses at 1000 ns of case C ("G1 with 10 GB: alloc 13% (C), mix 1% (C), pool 0.8% (C)"). */
    private static final Map<String, Map<String, List<String>>> REALTIME_10G = Map.of(
            "G1", Map.of(
                    "alloc", List.of("-", "-", "lost: 13%"),
                    "mix", List.of("-", "-", "lost: 1%"),
                    "pool", List.of("-", "-", "lost: 0.8%")));

    private static final List<String> CASES = List.of("A", "B", "C");

    private ArticleFigures() {
    }

    /** Whether the article published figures for {@code gc}. */
    static boolean covers(String gc) {
        return NS_PER_PACKET.containsKey(gc);
    }

    /** The published median ns/packet, or {@code null} when the article has none for that cell. */
    static Integer nsPerPacket(String gc, String strategy, String caseName) {
        List<Integer> figures = NS_PER_PACKET.getOrDefault(gc, Map.of()).get(strategy);
        int c = CASES.indexOf(caseName);
        return figures == null || c < 0 ? null : figures.get(c);
    }

    /**
     * The published real-time figure ({@code "600"}, {@code "lost: 4.4%"}), or {@code null} when the
     * article has none for that cell at that heap.
     *
     * @param heap {@code null} for the article's own heaps (2 GB; native 1 GB + 2 GB direct),
     *             {@code 10g} for its "(10 Gb)" figures; any other heap has none
     */
    static String realtime(String gc, String strategy, String caseName, String heap) {
        Map<String, Map<String, List<String>>> table = heap == null ? REALTIME
                : heap.equalsIgnoreCase(TEN_GIGABYTES) || heap.equalsIgnoreCase("10240m") ? REALTIME_10G : Map.of();
        List<String> figures = table.getOrDefault(gc, Map.of()).get(strategy);
        int c = CASES.indexOf(caseName);
        return figures == null || c < 0 || figures.get(c).equals("-") ? null : figures.get(c);
    }

    /** The published C++ median ns/packet of {@code runtime} ({@code cpp}, {@code cpp-flat}), or {@code null}. */
    static Integer cppNsPerPacket(String runtime, String strategy, String caseName) {
        List<Integer> figures = CPP_NS_PER_PACKET.getOrDefault(runtime, Map.of()).get(strategy);
        int c = CASES.indexOf(caseName);
        return figures == null || c < 0 ? null : figures.get(c);
    }

    /**
     * The published C++ real-time figure of {@code runtime}, or {@code null}: the same at any heap the
     * Java cells were given, since C++ has none.
     */
    static String cppRealtime(String runtime, String strategy, String caseName) {
        List<String> figures = CPP_REALTIME.getOrDefault(runtime, Map.of()).get(strategy);
        int c = CASES.indexOf(caseName);
        return figures == null || c < 0 ? null : figures.get(c);
    }
}

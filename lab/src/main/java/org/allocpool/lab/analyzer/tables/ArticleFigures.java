package org.allocpool.lab.analyzer.tables;

import java.util.List;
import java.util.Map;

/**
 * The batch figures (median ns per packet) published in "To allocate or to pool?" (2019) for the
 * collectors the lab still runs, keyed by the lab's names: G1 and ZGC, heap strategies and their
 * native variants. Measured on a dual Xeon E5-2620 v3 with Java 8 (G1) and Java 11 (ZGC): for
 * shapes and ratios, not absolute values. Immutable; thread-safe.
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
}

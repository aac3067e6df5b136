package org.allocpool.lab.messaging.tables;

/**
 * The 2015 article's messaging figures ("A persistent KeyValue Server in 40 lines and a sad fact":
 * encode + send + receive + decode over reliable UDP multicast, messages per second, about 70-byte
 * messages, 3 GHz Xeon): structs 6,644,107; fast-serialization without shared references 4,385,118,
 * with them 3,615,584; JDK serialization unshared 81,582, shared 79,073. Beside ours by the codec of
 * today that plays the same part: the flyweight for structs, Fory (fast-serialization's successor) for
 * fast-ser. Thread-safe (constants only).
 */
final class ArticleFigures {

    private ArticleFigures() {
    }

    /** The article's figure for the codec in the same part, in words, or {@code -}. */
    static String throughput(String codec) {
        return switch (codec == null ? "" : codec) {
            case "flyweight" -> "6,644,107 (structs)";
            case "fory" -> "4,385,118 / 3,615,584 (fast-ser unshared / shared)";
            case "jdk" -> "81,582 / 79,073 (unshared / shared)";
            default -> "-";
        };
    }

    /** The article's figure as a number, for ratios; 0 when it has none. */
    static double throughputValue(String codec) {
        return switch (codec == null ? "" : codec) {
            case "flyweight" -> 6_644_107;
            case "fory" -> 4_385_118;
            case "jdk" -> 81_582;
            default -> 0;
        };
    }
}

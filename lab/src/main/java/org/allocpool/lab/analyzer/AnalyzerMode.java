package org.allocpool.lab.analyzer;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How the analyzer children of a lab run measure: {@code batch} (packets as fast as they go, ns per
 * packet) or {@code realtime} (a native clock source, the smallest loss-free interval). Immutable.
 */
public enum AnalyzerMode {
    BATCH("batch"),
    REALTIME("realtime");

    private final String label;

    AnalyzerMode(String label) {
        this.label = label;
    }

    /** The name the analyzer's {@code --mode} and the records use: {@code batch} or {@code realtime}. */
    public String label() {
        return label;
    }

    /**
     * The mode called {@code name}, ignoring case.
     *
     * @throws IllegalArgumentException naming the bad value and the allowed ones
     */
    public static AnalyzerMode byName(String name) {
        String wanted = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        for (AnalyzerMode mode : values()) {
            if (mode.label.equals(wanted)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("unknown mode '" + (name == null ? "" : name.strip()) + "'; allowed: "
                + Arrays.stream(values()).map(AnalyzerMode::label).collect(Collectors.joining(", ")));
    }
}

package org.allocpool.lab.analyzer;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The garbage collectors the lab runs cells under, with the flags that select them. G1 gets
 * {@code -XX:MaxGCPauseMillis=80}, as in the article "To allocate or to pool?". Immutable.
 */
public enum Collector {
    SERIAL("Serial", "-XX:+UseSerialGC"),
    PARALLEL("Parallel", "-XX:+UseParallelGC"),
    G1("G1", "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=80"),
    ZGC("ZGC", "-XX:+UseZGC"),
    SHENANDOAH("Shenandoah", "-XX:+UseShenandoahGC");

    private final String label;
    private final List<String> flags;

    Collector(String label, String... flags) {
        this.label = label;
        this.flags = List.of(flags);
    }

    /** The name people and records use: {@code Serial}, {@code Parallel}, {@code G1}, {@code ZGC}, {@code Shenandoah}. */
    public String label() {
        return label;
    }

    /** The JVM flags that select (and, for G1, tune) this collector. */
    public List<String> flags() {
        return flags;
    }

    /**
     * The one flag that selects this collector, without the analyzer article's tuning: for labs
     * whose articles ran each collector with its defaults (echo).
     */
    public String selectingFlag() {
        return flags.getFirst();
    }

    /**
     * The collector called {@code name}, ignoring case.
     *
     * @throws IllegalArgumentException naming the bad value and the allowed ones
     */
    public static Collector byName(String name) {
        String wanted = name == null ? "" : name.strip();
        for (Collector collector : values()) {
            if (collector.label.equalsIgnoreCase(wanted) || collector.name().equalsIgnoreCase(wanted)) {
                return collector;
            }
        }
        throw new IllegalArgumentException("unknown collector '" + wanted + "'; allowed: " + allowed());
    }

    /** Every label, comma-separated: {@code Serial, Parallel, G1, ZGC, Shenandoah}. */
    public static String allowed() {
        return Arrays.stream(values()).map(Collector::label).collect(Collectors.joining(", "));
    }
}

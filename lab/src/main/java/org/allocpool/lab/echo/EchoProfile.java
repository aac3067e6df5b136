package org.allocpool.lab.echo;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.allocpool.lab.analyzer.Collector;

/**
 * How much of the echo matrix a run covers and how long each cell measures. Both profiles run
 * every buffer strategy with copy-per-event off and on, both events, under G1 and ZGC; they differ in
 * clients and time. Immutable.
 */
public enum EchoProfile {

    /**
     * Each event at its article's client count: top-of-book with Chronicle's 16 clients, message with
     * the Netty case study's 3; 2 collectors × 2 events × 4 strategies × copy off/on = 32 cells. A cell
     * warms up 3 s and measures 5 s; with two JVM starts (the server pre-touching its 1 GB heap) and
     * the stop, measured on a quiet 2-core machine: 11-12 s a cell, 6m27s for the 32 cells. On the
     * same machine shared with four other builds (load average 15): 15-32 s a cell, 11m25s.
     */
    QUICK("quick", Map.of("top-of-book", List.of(16), "message", List.of(3)),
            Duration.ofSeconds(5), Duration.ofSeconds(3)),

    /**
     * Chronicle's client sweep (1, 2, 4, 16) for both events, and the case study's 3 for messages:
     * 2 × (4 + 5) × 4 × 2 = 144 cells of 5 s warm-up + 20 s, about 30 s each: 70-75 minutes on 2 cores.
     */
    FULL("full", Map.of("top-of-book", List.of(1, 2, 4, 16), "message", List.of(1, 2, 3, 4, 16)),
            Duration.ofSeconds(20), Duration.ofSeconds(5));

    /** Seconds a cell may take beyond its warm-up and duration: two JVM starts, pre-touching, 16 connections, the stop. */
    static final Duration CELL_OVERHEAD = Duration.ofSeconds(90);

    private final String label;
    private final Map<String, List<Integer>> clients;
    private final Duration duration;
    private final Duration warmup;

    EchoProfile(String label, Map<String, List<Integer>> clients, Duration duration, Duration warmup) {
        this.label = label;
        this.clients = Map.copyOf(clients);
        this.duration = duration;
        this.warmup = warmup;
    }

    /** {@code quick} or {@code full}. */
    public String label() {
        return label;
    }

    /** The collectors run when none are named: G1 and ZGC. */
    public List<Collector> collectors() {
        return List.of(Collector.G1, Collector.ZGC);
    }

    /** The client counts run for {@code event} when none are named. */
    public List<Integer> clients(String event) {
        return clients.getOrDefault(event, List.of(16));
    }

    /** How long each bench measures, after its warm-up. */
    public Duration duration() {
        return duration;
    }

    /** How long each bench runs before it measures. */
    public Duration warmup() {
        return warmup;
    }

    /**
     * The profile called {@code name}, ignoring case.
     *
     * @throws IllegalArgumentException naming the bad value and the allowed ones
     */
    public static EchoProfile byName(String name) {
        String wanted = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        for (EchoProfile profile : values()) {
            if (profile.label.equals(wanted)) {
                return profile;
            }
        }
        throw new IllegalArgumentException("unknown profile '" + name + "'; allowed: "
                + Arrays.stream(values()).map(EchoProfile::label).collect(Collectors.joining(", ")));
    }
}

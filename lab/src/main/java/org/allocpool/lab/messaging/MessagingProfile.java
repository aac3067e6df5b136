package org.allocpool.lab.messaging;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How much a messaging run covers and how each child is timed. Both profiles run every codec over Aeron
 * and ping-pong over Aeron, Java UDP and C UDP, back to back and at fixed rates. Immutable.
 */
public enum MessagingProfile {

    /**
     * 4 codecs + 3 transports × (back to back, 2,000/s) = 10 cells, one fork each: a warm-up of 3 s and
     * 6 rounds of 0.5 s per child pair. A fork is two JVM starts and about 7 s of measuring: about
     * 2 minutes in all on 2 cores. 2,000/s is below what every transport sustains back to back on a
     * loaded 2-core machine, so that the fixed-rate figures measure latency, not a queue.
     */
    QUICK("quick", Duration.ofSeconds(3), Duration.ofMillis(500), 6, List.of(0L, 2_000L), 1),

    /** The same cells, rates 0, 2,000/s and 20,000/s, a warm-up of 10 s and 10 rounds of 1 s, three forks each. */
    FULL("full", Duration.ofSeconds(10), Duration.ofSeconds(1), 10, List.of(0L, 2_000L, 20_000L), 3);

    /** Time a fork may take beyond its measuring: two JVM starts, connecting, draining a slow subscriber. */
    static final Duration FORK_OVERHEAD = Duration.ofSeconds(75);

    private final String label;
    private final Duration warmup;
    private final Duration roundTime;
    private final int rounds;
    private final List<Long> rates;
    private final int forks;

    MessagingProfile(String label, Duration warmup, Duration roundTime, int rounds, List<Long> rates, int forks) {
        this.label = label;
        this.warmup = warmup;
        this.roundTime = roundTime;
        this.rounds = rounds;
        this.rates = rates;
        this.forks = forks;
    }

    public String label() {
        return label;
    }

    public Duration warmup() {
        return warmup;
    }

    public Duration roundTime() {
        return roundTime;
    }

    public int rounds() {
        return rounds;
    }

    /** Ping rates, 0 for back to back. */
    public List<Long> rates() {
        return rates;
    }

    public int forks() {
        return forks;
    }

    /**
     * The profile called {@code name}, ignoring case.
     *
     * @throws IllegalArgumentException naming the bad value and the allowed ones
     */
    public static MessagingProfile byName(String name) {
        String wanted = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        for (MessagingProfile profile : values()) {
            if (profile.label.equals(wanted)) {
                return profile;
            }
        }
        throw new IllegalArgumentException("unknown profile '" + name + "'; allowed: "
                + Arrays.stream(values()).map(MessagingProfile::label).collect(Collectors.joining(", ")));
    }
}

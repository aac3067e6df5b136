package org.allocpool.lab.kv;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How big and how long a kv lab run is, and how each timed phase measures: a warm-up, then timed
 * rounds whose last {@code rounds} make the figure, checked for a steady state and extended one round
 * at a time while they are not, up to {@code maxRounds}; and how many JVMs (forks) each cell runs in.
 * The profiles' timings live here and nowhere else. Immutable.
 */
public enum KvProfile {

    /**
     * 1,000,000 users, two forks per cell; each timed phase (gets, misses, puts; encodes and decodes
     * of each codec, fresh and at its best) warms up 1 s (the stores' puts 4 s), then times rounds of 0.4 s: 5 that
     * pass the steady-state check, up to 10 while they do not. The puts' longer warm-up: Chronicle Map's puts warm up
     * for about four seconds (1M users, 1-second steps: 0.64, 0.98, 1.44, 1.80 M/s, then about 1.9), and with 1 s
     * a fork stepped up 14% within its rounds, a figure the tables mark not steady and the verdict cannot
     * judge; with 4 s both stores were steady (2026-11-25). Six cells: a fork is JVM start, loading (a few seconds for the fast
     * stores, MapDB the slowest), three full collections and 9 s of phases (codecs: 16 phases, 48 s). Measured: the
     * 12 forks took 3m12s on a shared 2-core machine (load average 3 to 5), 10 to 27 s each. Three
     * minutes per fork before it is killed.
     */
    QUICK("quick", 1_000_000, Duration.ofSeconds(1), Duration.ofSeconds(4), Duration.ofMillis(400), 5, 10, 2, Duration.ofMinutes(3)),

    /**
     * The article's 15,000,000 users, two forks per cell; phases warm up 3 s (the stores' puts 4 s), then rounds of 2 s: 5
     * that pass the check, up to 10. The HashMap cell gets a heap of about 12 GB (see
     * {@link KvContender#heap}); loading 15 M users into MapDB takes minutes, hence 30 minutes per fork.
     */
    FULL("full", 15_000_000, Duration.ofSeconds(3), Duration.ofSeconds(4), Duration.ofSeconds(2), 5, 10, 2, Duration.ofMinutes(30));

    private final String label;
    private final long users;
    private final Duration warmup;
    private final Duration putsWarmup;
    private final Duration round;
    private final int rounds;
    private final int maxRounds;
    private final int forks;
    private final Duration cellTimeout;

    KvProfile(String label, long users, Duration warmup, Duration putsWarmup, Duration round, int rounds, int maxRounds,
              int forks, Duration cellTimeout) {
        this.label = label;
        this.users = users;
        this.warmup = warmup;
        this.putsWarmup = putsWarmup;
        this.round = round;
        this.rounds = rounds;
        this.maxRounds = maxRounds;
        this.forks = forks;
        this.cellTimeout = cellTimeout;
    }

    public String label() {
        return label;
    }

    /** Users loaded into every store unless {@code --users} says otherwise. */
    public long users() {
        return users;
    }

    /** Warm-up of each timed phase. */
    public Duration warmup() {
        return warmup;
    }

    /** Warm-up of the stores' puts. */
    public Duration putsWarmup() {
        return putsWarmup;
    }

    /** Time of one timed round. */
    public Duration round() {
        return round;
    }

    /** Rounds that make each phase's figure. */
    public int rounds() {
        return rounds;
    }

    /** Rounds at the most, while the last {@link #rounds()} are not steady. */
    public int maxRounds() {
        return maxRounds;
    }

    /** JVMs per cell. */
    public int forks() {
        return forks;
    }

    /** Time one fork of a cell may take before it is killed and recorded as failed. */
    public Duration cellTimeout() {
        return cellTimeout;
    }

    /**
     * The profile called {@code name}, ignoring case.
     *
     * @throws IllegalArgumentException naming the bad value and the allowed ones
     */
    public static KvProfile byName(String name) {
        String wanted = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        for (KvProfile profile : values()) {
            if (profile.label.equals(wanted)) {
                return profile;
            }
        }
        throw new IllegalArgumentException("unknown profile '" + name + "'; allowed: "
                + Arrays.stream(values()).map(KvProfile::label).collect(Collectors.joining(", ")));
    }
}

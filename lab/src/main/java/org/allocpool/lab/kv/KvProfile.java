package org.allocpool.lab.kv;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How big and how long a kv lab run is. Immutable.
 */
public enum KvProfile {

    /**
     * 1,000,000 users; each timed phase (gets, misses, puts) warms up 1 s and measures 2 s, the codecs
     * likewise. Six cells: a cell is JVM start, loading (a few seconds for the fast stores, MapDB the
     * slowest), three {@code System.gc()} and 9 s of phases. Measured on a shared 2-core machine
     * (load average about 15 from other builds): 2m35s and 3m29s for the six cells, the slowest
     * cell (MapDB) 31-41 s; well under 10 minutes. Three minutes per cell before it is killed.
     */
    QUICK("quick", 1_000_000, Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofMinutes(3)),

    /**
     * The article's 15,000,000 users; phases warm up 3 s and measure 10 s. The HashMap cell gets a
     * heap of about 12 GB (see {@link KvContender#heap}); loading 15 M users into MapDB takes minutes,
     * hence 30 minutes per cell.
     */
    FULL("full", 15_000_000, Duration.ofSeconds(3), Duration.ofSeconds(10), Duration.ofMinutes(30));

    private final String label;
    private final long users;
    private final Duration warmup;
    private final Duration measure;
    private final Duration cellTimeout;

    KvProfile(String label, long users, Duration warmup, Duration measure, Duration cellTimeout) {
        this.label = label;
        this.users = users;
        this.warmup = warmup;
        this.measure = measure;
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

    /** Measured time of each timed phase. */
    public Duration measure() {
        return measure;
    }

    /** Time a cell may take before it is killed and recorded as failed. */
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

package org.allocpool.lab.firstalloc;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How many fresh JVMs (forks) each allocator gets. Both profiles run every allocator with 1 KB buffers
 * and the first thousand; a fork is one JVM start and well under a second of work, so forks are cheap and
 * many: the figure is their median, the spread their 10th to 90th percentile. Immutable.
 */
public enum FirstAllocProfile {

    /**
     * 13 allocators x 21 forks = 273 JVMs: on the shared 2-core machine (load 2 to 4) a fork took about
     * 0.7 s with the lab's own overhead, about 3 to 4 minutes in all. 21 forks put the 10th and 90th
     * percentiles two forks in from either end.
     */
    QUICK("quick", 21),

    /** 13 allocators x 101 forks: about a quarter of an hour on 2 cores (an estimate from the quick profile's forks). */
    FULL("full", 101);

    private final String label;
    private final int forks;

    FirstAllocProfile(String label, int forks) {
        this.label = label;
        this.forks = forks;
    }

    /** {@code quick} or {@code full}. */
    public String label() {
        return label;
    }

    /** Fresh JVMs per allocator. */
    public int forks() {
        return forks;
    }

    /**
     * The profile called {@code name}, ignoring case.
     *
     * @throws IllegalArgumentException naming the bad value and the allowed ones
     */
    public static FirstAllocProfile byName(String name) {
        String wanted = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        for (FirstAllocProfile profile : values()) {
            if (profile.label.equals(wanted)) {
                return profile;
            }
        }
        throw new IllegalArgumentException("unknown profile '" + name + "'; allowed: "
                + Arrays.stream(values()).map(FirstAllocProfile::label).collect(Collectors.joining(", ")));
    }
}

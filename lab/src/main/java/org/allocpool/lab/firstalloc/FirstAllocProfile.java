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
     * 13 allocators x 15 forks = 195 JVMs. A fork is one JVM start (about 0.6 s to ready on a quiet 2-core
     * machine) and a fraction of a second of work, so about 3 minutes in all when the machine is quiet; on
     * the shared 2-core machine under a load of 7 to 11 forks took 2 to 7 s each. 15 forks put the 10th
     * and 90th percentiles between the second and third fork from either end.
     */
    QUICK("quick", 15),

    /** 13 allocators x 101 forks: about 20 minutes on a quiet 2-core machine (an estimate from the quick profile's forks, not run whole). */
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

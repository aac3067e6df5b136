package org.allocpool.lab.firstalloc;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.allocpool.process.JvmCommand;

/**
 * Everything a first-alloc lab run needs to know about its cells, validated, with the profile's defaults
 * filled in. Names in lists may be comma-separated and ignore case. Immutable; safe to share.
 *
 * @param profile     quick (default) or full
 * @param allocators  the allocators; {@code null} or empty for all of {@link FirstAllocCell#ALLOCATORS}
 * @param size        bytes per buffer; {@code null} for 1024
 * @param count       buffers made and kept; {@code null} for 1000
 * @param pool        buffers our pools make up front; {@code null} for {@code count}
 * @param forks       fresh JVMs per allocator, at least 3; {@code null} for the profile's
 * @param jvmArgs     JVM arguments appended for every child ({@code --jvm-arg}), e.g. an AOT cache
 * @param javaHome    a JDK whose {@code bin/java} runs the children, or {@code null} for this one
 * @param cellTimeout how long one fork may take; {@code null} for {@link #DEFAULT_TIMEOUT}
 * @throws IllegalArgumentException with one line naming the bad value
 */
public record FirstAllocLabSettings(FirstAllocProfile profile, List<String> allocators, Integer size, Integer count,
                                    Integer pool, Integer forks, List<String> jvmArgs, Path javaHome,
                                    Duration cellTimeout) {

    /** A fork is a JVM start and well under a second of work; a minute is room for a very busy machine. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(1);
    /** Fewer forks than this give no 10th-90th percentile spread worth the name. */
    public static final int MIN_FORKS = 3;

    public FirstAllocLabSettings {
        profile = profile == null ? FirstAllocProfile.QUICK : profile;
        allocators = names(allocators);
        size = size == null ? 1024 : size;
        count = count == null ? 1000 : count;
        if (size < 1 || size > (16 << 20)) {
            throw new IllegalArgumentException("--size must be 1 to " + (16 << 20) + " bytes, was " + size);
        }
        if (count < 1 || count > 1_000_000) {
            throw new IllegalArgumentException("--count must be 1 to 1000000, was " + count);
        }
        pool = pool == null ? count : pool;
        if (pool < count) {
            throw new IllegalArgumentException("--pool must be at least --count (" + count + "), was " + pool);
        }
        if (forks != null && forks < MIN_FORKS) {
            throw new IllegalArgumentException("--forks must be at least " + MIN_FORKS + " (the figure is a median with"
                    + " its 10th-90th percentile spread), was " + forks);
        }
        forks = forks == null ? profile.forks() : forks;
        jvmArgs = jvmArgs == null ? List.of() : List.copyOf(jvmArgs);
        if (javaHome != null) {
            JvmCommand.javaIn(javaHome);
        }
        if (cellTimeout != null && (cellTimeout.isZero() || cellTimeout.isNegative())) {
            throw new IllegalArgumentException("--cell-timeout must be positive, not " + cellTimeout);
        }
        cellTimeout = cellTimeout == null ? DEFAULT_TIMEOUT : cellTimeout;
    }

    /** The profile with every default. */
    public static FirstAllocLabSettings of(FirstAllocProfile profile) {
        return new FirstAllocLabSettings(profile, null, null, null, null, null, null, null, null);
    }

    /** The cells: one per allocator, in the order given. */
    public List<FirstAllocCell> cells() {
        return allocators.stream().map(a -> new FirstAllocCell(a, size, count, pool)).toList();
    }

    /** What every child gets whatever its allocator: what {@code lab-first-alloc.json} records of the run. */
    public List<String> childArgs() {
        return List.of("--size", Integer.toString(size), "--count", Integer.toString(count), "--pool",
                Integer.toString(pool));
    }

    private static List<String> names(List<String> given) {
        if (given == null) {
            return FirstAllocCell.ALLOCATORS;
        }
        Set<String> names = new LinkedHashSet<>();
        for (String item : given) {
            for (String name : item.split(",")) {
                if (!name.isBlank()) {
                    names.add(FirstAllocCell.allocator(name));
                }
            }
        }
        return names.isEmpty() ? FirstAllocCell.ALLOCATORS : List.copyOf(names);
    }
}

package org.allocpool.analyzer.parallel;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Where the multi-threaded analyser's packets come from and go back to. The source thread takes
 * every packet; a processor thread frees it. Immutable.
 */
public enum ParallelStrategy {
    /** A new packet with a new 1024-byte heap buffer per packet, dropped for the collector. */
    ALLOC("alloc"),
    /**
     * One concurrent pool of heap packets: the source takes, every processor gives back (a free always
     * crosses threads). The pool is a lock-free queue, so it hands out every packet it holds in turn:
     * its cost grows with the pool's size (docs/analyzer-mt.md).
     */
    POOL_SHARED("pool-shared"),
    /**
     * A pool per processor: processor k's packets go back to it through a ring of its own to the
     * source (processor k to source, one producer and one consumer), and the source takes the next
     * packet it sends to k from that ring, or, when it is empty, from k's spares (a stack, so the
     * packets in circulation are reused, as the single-threaded pool's stack does). No compare-and-set anywhere.
     */
    POOL_PER_THREAD("pool-per-thread"),
    /** Packet bytes and parse results in one off-heap slab, addressed by index; slots go back as {@code pool-per-thread}'s packets do. */
    FLAT("flat");

    private final String cliName;

    ParallelStrategy(String cliName) {
        this.cliName = cliName;
    }

    /** The name on the command line and in records. */
    public String cliName() {
        return cliName;
    }

    /** Whether packets live off the heap. */
    public boolean isOffHeap() {
        return this == FLAT;
    }

    /** The strategy named {@code name} (case-insensitive); the error names it and lists the allowed ones. */
    public static ParallelStrategy parse(String name) {
        for (ParallelStrategy s : values()) {
            if (s.cliName.equalsIgnoreCase(name == null ? "" : name.strip())) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown strategy '" + name + "'; allowed: " + allowed());
    }

    /** Every name, comma-separated. */
    public static String allowed() {
        return Arrays.stream(values()).map(ParallelStrategy::cliName).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return cliName;
    }
}

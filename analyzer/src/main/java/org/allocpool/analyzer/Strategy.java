package org.allocpool.analyzer;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * How the analyser gets its packets: the article's four strategies on the heap and off it, and
 * {@code flat}, where packet bytes and parse results share one off-heap slab. Immutable.
 */
public enum Strategy {
    /** One heap packet reused for everything: the floor. */
    DUMMY("dummy", false),
    /** A new packet with a new 1024-byte heap buffer per packet. */
    ALLOC("alloc", false),
    /** A bounded pool of heap packets that allocates when empty and drops packets when full. */
    MIX("mix", false),
    /** A fixed pool of heap packets, made up front; fails when dry. */
    POOL("pool", false),
    /** One packet over off-heap memory, reused for everything. */
    NATIVE_DUMMY("native-dummy", true),
    /** A new packet object per packet over a slot of a native slab. */
    NATIVE_ALLOC("native-alloc", true),
    /** A bounded pool of packets over native slab slots; allocates packet objects when empty. */
    NATIVE_MIX("native-mix", true),
    /** A fixed pool of packets over native slab slots. */
    NATIVE_POOL("native-pool", true),
    /** Packet bytes and parse results in one native slab, addressed by index: no object per packet. */
    FLAT("flat", true);

    private final String cliName;
    private final boolean offHeap;

    Strategy(String cliName, boolean offHeap) {
        this.cliName = cliName;
        this.offHeap = offHeap;
    }

    /** The name used on the command line and in result records. */
    public String cliName() {
        return cliName;
    }

    /** Whether packet bytes live off the Java heap. */
    public boolean isOffHeap() {
        return offHeap;
    }

    /** The strategy named {@code name} (case-insensitive); the error lists the allowed names. */
    public static Strategy parse(String name) {
        for (Strategy s : values()) {
            if (s.cliName.equalsIgnoreCase(name == null ? "" : name.strip())) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown strategy '" + name + "'; allowed: " + allowed());
    }

    /** Every cli name, comma-separated, in declaration order. */
    public static String allowed() {
        return Arrays.stream(values()).map(Strategy::cliName).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return cliName;
    }
}

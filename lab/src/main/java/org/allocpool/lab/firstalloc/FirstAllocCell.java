package org.allocpool.lab.firstalloc;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.allocpool.lab.run.LabCell;

/**
 * One cell of the first-alloc experiment: one allocator, its buffers of {@code size} bytes, {@code count}
 * of them, our pools filled with {@code pool}. Each fork is a fresh JVM of this program running
 * {@code first-alloc --allocator A ... --json} under {@link #JVM_FLAGS}. Immutable; safe to share.
 *
 * @param allocator one of {@link #ALLOCATORS}
 * @param size      bytes per buffer
 * @param count     buffers made and kept
 * @param pool      buffers our pools make up front (at least {@code count})
 */
public record FirstAllocCell(String allocator, int size, int count, int pool) implements LabCell<FirstAllocCellFields> {

    /**
     * The allocators, in the order the tables list them, with where their bytes live: the names of the
     * firstalloc module's {@code Allocator} (the lab does not import it; {@code first-alloc --help} lists
     * the same).
     */
    public static final Map<String, String> MEMORY = Map.ofEntries(
            Map.entry("netty-pooled-heap", "heap"), Map.entry("netty-pooled-direct", "direct"),
            Map.entry("netty-adaptive-heap", "heap"), Map.entry("netty-adaptive-direct", "direct"),
            Map.entry("netty-unpooled-heap", "heap"), Map.entry("netty-unpooled-direct", "direct"),
            Map.entry("pool-heap", "heap"), Map.entry("pool-slab", "native"),
            Map.entry("arena-confined", "native"), Map.entry("arena-shared", "native"), Map.entry("arena-auto", "native"),
            Map.entry("byte-array", "heap"), Map.entry("allocate-direct", "direct"));
    /** Every allocator, in table order. */
    public static final List<String> ALLOCATORS = List.of("netty-pooled-heap", "netty-pooled-direct",
            "netty-adaptive-heap", "netty-adaptive-direct", "netty-unpooled-heap", "netty-unpooled-direct", "pool-heap",
            "pool-slab", "arena-confined", "arena-shared", "arena-auto", "byte-array", "allocate-direct");
    /** The case study's allocator, whose first buffer it measured at 165 ms. */
    public static final String CASE_STUDY_ALLOCATOR = "netty-pooled-direct";
    /** The floor: a plain array. */
    public static final String FLOOR = "byte-array";
    /**
     * The child's JVM flags, the same in every cell: the JDK's default collector named (so that a small
     * machine does not pick Serial) and a fixed heap ample for the pools (so that no cell measures heap
     * growth). The launcher's flags follow (Unsafe denied, as {@code ./allocpool} runs).
     */
    public static final List<String> JVM_FLAGS = List.of("-XX:+UseG1GC", "-Xms256m", "-Xmx256m");

    public FirstAllocCell {
        allocator = allocator(allocator);
    }

    /**
     * The allocator called {@code name}, ignoring case.
     *
     * @throws IllegalArgumentException naming the bad value and the allowed ones
     */
    public static String allocator(String name) {
        String wanted = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        if (!MEMORY.containsKey(wanted)) {
            throw new IllegalArgumentException("unknown allocator '" + name + "'; allowed: " + String.join(", ", ALLOCATORS));
        }
        return wanted;
    }

    @Override
    public FirstAllocCellFields fields() {
        return new FirstAllocCellFields(allocator, MEMORY.get(allocator), size, count, pool);
    }

    /** The allocator's name: letters, digits and dashes already. */
    @Override
    public String id() {
        return allocator;
    }

    @Override
    public String label() {
        return allocator;
    }

    /** {@code first-alloc --allocator A --size S --count N --pool P --json}. */
    public List<String> args() {
        List<String> args = new ArrayList<>(List.of("first-alloc", "--allocator", allocator, "--size",
                Integer.toString(size), "--count", Integer.toString(count), "--pool", Integer.toString(pool), "--json"));
        return List.copyOf(args);
    }
}

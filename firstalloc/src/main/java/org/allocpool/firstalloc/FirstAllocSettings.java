package org.allocpool.firstalloc;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one first-allocation run measures: which allocator, buffers of how many bytes, how many, and how
 * many buffers our pools are filled with up front. Validated on construction. Immutable; safe to share.
 *
 * @param allocator the allocator
 * @param size      bytes per buffer, 1 to {@link #MAX_SIZE} (the case study's messages: 1 KB)
 * @param count     buffers made and kept, 1 to {@link #MAX_COUNT} ("the first thousand")
 * @param pool      buffers our pools ({@code pool-heap}, {@code pool-slab}) are filled with up front, at least
 *                  {@code count}; {@code null} for {@code count}
 * @throws IllegalArgumentException with one line naming the bad value
 */
public record FirstAllocSettings(Allocator allocator, int size, int count, Integer pool) {

    /** The experiment's name in records. */
    public static final String EXPERIMENT = "first-alloc";
    /** The case study's message size. */
    public static final int DEFAULT_SIZE = 1024;
    /** "The first thousand". */
    public static final int DEFAULT_COUNT = 1000;
    /** Larger buffers than this are not what the question is about (16 MiB, a Netty chunk and more). */
    public static final int MAX_SIZE = 16 << 20;
    /** More buffers than this kept at once is not a first allocation any more. */
    public static final int MAX_COUNT = 1_000_000;
    /** The largest pool: 16 M slots (with 1 KB buffers, 16 GB up front). */
    public static final int MAX_POOL = 16 << 20;

    public FirstAllocSettings {
        if (allocator == null) {
            throw new IllegalArgumentException("no allocator given; allowed: " + Allocator.labels());
        }
        if (size < 1 || size > MAX_SIZE) {
            throw new IllegalArgumentException("--size must be 1 to " + MAX_SIZE + " bytes, was " + size);
        }
        if (count < 1 || count > MAX_COUNT) {
            throw new IllegalArgumentException("--count must be 1 to " + MAX_COUNT + ", was " + count);
        }
        pool = pool == null ? count : pool;
        if (pool < count || pool > MAX_POOL) {
            throw new IllegalArgumentException("--pool must be at least --count (" + count + ") and at most " + MAX_POOL
                    + ", was " + pool);
        }
        if ((long) pool * size > Integer.MAX_VALUE && allocator == Allocator.POOL_HEAP) {
            throw new IllegalArgumentException("--pool " + pool + " x --size " + size + " is more than 2 GB of heap");
        }
    }

    /** The cell of a record of these settings: allocator, where its bytes live, size, count, pool. */
    public Map<String, Object> cell() {
        Map<String, Object> cell = new LinkedHashMap<>();
        cell.put("allocator", allocator.label());
        cell.put("memory", allocator.memory().label());
        cell.put("size", size);
        cell.put("count", count);
        cell.put("pool", pool);
        return cell;
    }
}

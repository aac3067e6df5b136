package org.allocpool.kv.store;

import java.util.Objects;

/**
 * How to create (or reopen) a {@link MappedStore}. Immutable.
 *
 * @param initialCapacity entries the store holds before it first grows (it grows when full)
 * @param maxValueBytes   the largest value accepted; a bigger one is refused with an
 *                        {@link IllegalArgumentException}
 * @param durability      when a write reaches the disk (see {@link Durability})
 */
public record StoreConfig(long initialCapacity, int maxValueBytes, Durability durability) {

    /** The largest {@link #maxValueBytes} a store accepts: 64 MiB. */
    public static final int MAX_VALUE_LIMIT = 64 << 20;

    /** The most entries a store may be created for at once: 2^30 (it can still grow past that). */
    public static final long MAX_INITIAL_CAPACITY = 1L << 30;

    public StoreConfig {
        Objects.requireNonNull(durability, "durability");
        if (initialCapacity < 1 || initialCapacity > MAX_INITIAL_CAPACITY) {
            throw new IllegalArgumentException("initial capacity must be between 1 and "
                    + MAX_INITIAL_CAPACITY + " entries, was " + initialCapacity);
        }
        if (maxValueBytes < 1 || maxValueBytes > MAX_VALUE_LIMIT) {
            throw new IllegalArgumentException("max value size must be between 1 and "
                    + MAX_VALUE_LIMIT + " bytes, was " + maxValueBytes);
        }
    }

    /** 65,536 entries, values up to 4,096 bytes, {@link Durability#ASYNC}. */
    public static StoreConfig defaults() {
        return new StoreConfig(1 << 16, 4096, Durability.ASYNC);
    }

    /** The same configuration with another durability. */
    public StoreConfig withDurability(Durability newDurability) {
        return new StoreConfig(initialCapacity, maxValueBytes, newDurability);
    }
}

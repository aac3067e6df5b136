package org.allocpool.kv.store;

import java.util.Locale;
import java.util.Objects;

/**
 * How to create (or reopen) a {@link MappedStore}. Immutable.
 *
 * @param initialCapacity entries the store holds before it first grows (it grows when full)
 * @param maxValueBytes   the largest value accepted; a bigger one is refused with an
 *                        {@link IllegalArgumentException}
 * @param durability      when a write reaches the disk (see {@link Durability})
 * @param maxKeyBytes     the longest byte-string key ({@link ByteKey}) accepted; a longer one is
 *                        refused with an {@link IllegalArgumentException} ({@code long} keys have no limit)
 * @param shared          whether other processes may open the store's file at the same time (each
 *                        with {@code shared} set): the segment locks, the counts and the log's tail
 *                        then live in the file; off, the first process to open it has it alone
 *                        (see {@link MappedStore} and docs/kv.md for what each costs)
 * @param largePages      whether this session asks Linux for 2 MiB pages on the store's mappings
 *                        ({@code madvise(MADV_HUGEPAGE)}): off by default. Measured (docs/kv.md): puts
 *                        made back to back about 8% faster over long runs, one request at a time
 *                        behind a server 6-8% slower. Only for an {@link Durability#ASYNC} store of
 *                        one process; needs native access for {@code org.allocpool.kv} on Linux (a
 *                        no-op elsewhere)
 */
public record StoreConfig(long initialCapacity, int maxValueBytes, Durability durability, int maxKeyBytes,
                          boolean shared, boolean largePages) {

    /** The largest {@link #maxKeyBytes} a store accepts: 64 KiB. */
    public static final int MAX_KEY_LIMIT = 64 << 10;

    /** The default {@link #maxKeyBytes}: 512 bytes. */
    public static final int DEFAULT_MAX_KEY = 512;

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
        if (maxKeyBytes < 1 || maxKeyBytes > MAX_KEY_LIMIT) {
            throw new IllegalArgumentException("max key size must be between 1 and "
                    + MAX_KEY_LIMIT + " bytes, was " + maxKeyBytes);
        }
        if (largePages && (durability != Durability.ASYNC || shared)) {
            throw new IllegalArgumentException("large pages are for an async store of one process, not a "
                    + (shared ? "shared" : durability.name().toLowerCase(Locale.ROOT))
                    + " one: a forced write would write back 2 MiB folios whole");
        }
    }

    /** A configuration with byte-string keys up to {@link #DEFAULT_MAX_KEY} bytes, not shared. */
    public StoreConfig(long initialCapacity, int maxValueBytes, Durability durability) {
        this(initialCapacity, maxValueBytes, durability, DEFAULT_MAX_KEY);
    }

    /** A configuration for a store this process has to itself (not shared). */
    public StoreConfig(long initialCapacity, int maxValueBytes, Durability durability, int maxKeyBytes) {
        this(initialCapacity, maxValueBytes, durability, maxKeyBytes, false);
    }

    /** A configuration without large pages. */
    public StoreConfig(long initialCapacity, int maxValueBytes, Durability durability, int maxKeyBytes,
                       boolean shared) {
        this(initialCapacity, maxValueBytes, durability, maxKeyBytes, shared, false);
    }

    /** 65,536 entries, values up to 4,096 bytes, byte keys up to 512, {@link Durability#ASYNC}. */
    public static StoreConfig defaults() {
        return new StoreConfig(1 << 16, 4096, Durability.ASYNC);
    }

    /** The same configuration with another durability. */
    public StoreConfig withDurability(Durability newDurability) {
        return new StoreConfig(initialCapacity, maxValueBytes, newDurability, maxKeyBytes, shared, largePages);
    }

    /** The same configuration with another byte-key limit. */
    public StoreConfig withMaxKeyBytes(int newMaxKeyBytes) {
        return new StoreConfig(initialCapacity, maxValueBytes, durability, newMaxKeyBytes, shared, largePages);
    }

    /** The same configuration, shared with other processes or not. */
    public StoreConfig withShared(boolean newShared) {
        return new StoreConfig(initialCapacity, maxValueBytes, durability, maxKeyBytes, newShared, largePages);
    }

    /** The same configuration, asking for large pages or not (see {@link #largePages}). */
    public StoreConfig withLargePages(boolean newLargePages) {
        return new StoreConfig(initialCapacity, maxValueBytes, durability, maxKeyBytes, shared, newLargePages);
    }
}

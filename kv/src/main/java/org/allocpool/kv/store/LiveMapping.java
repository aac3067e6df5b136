package org.allocpool.kv.store;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The mapping a store reads and writes now, the one the last growth replaced, and how many
 * growths there have been. The replaced mapping stays open for a grace time (see
 * {@link StoreGrowth#releaseRetired}), at most until the following growth, so that a
 * {@link ValueView} filled just before a growth stays readable; then it is unmapped.
 *
 * <p>Thread-safety: {@link #current()} and {@link #generation()} are called under a segment lock
 * (of {@link SegmentLocks}); {@link #replace} and {@link #close} only under every segment's write
 * lock, so no reader or writer holds a mapping while it changes. Memory: owns both mappings (each
 * a shared arena) and unmaps them.
 */
final class LiveMapping {

    private final Path file;
    /** Replaced under every segment's write lock; null once closed. */
    private volatile StoreMapping current;
    /** Guarded by every segment's write lock. */
    private StoreMapping retired;
    /** When {@link #retired} was retired ({@link System#nanoTime()}); 0 when there is none. Read without a lock. */
    private volatile long retiredAtNanos;
    /** Bumped by each replacement; written under every write lock, read under one. */
    private long generation;

    LiveMapping(StoreMapping first) {
        this.file = first.path;
        this.current = first;
    }

    /**
     * The current mapping.
     *
     * @throws IllegalStateException when the store is closed
     */
    // hot path: no allocation
    StoreMapping current() {
        StoreMapping m = current;
        if (m == null) {
            throw new IllegalStateException(file + ": the store is closed");
        }
        return m;
    }

    /** Whether the store is still open. */
    boolean isOpen() {
        return current != null;
    }

    /** How many times the mapping was replaced: a writer that saw another number lost a race with a growth. */
    long generation() {
        return generation;
    }

    /** Makes {@code next} current; the mapping it replaces is retired, the one retired before unmapped. */
    void replace(StoreMapping next) throws IOException {
        StoreMapping old = current();
        StoreMapping unmap = retired;
        current = next;
        retired = old;
        retiredAtNanos = Math.max(1, System.nanoTime());
        generation++;
        if (unmap != null) {
            unmap.close();
        }
    }

    /** When the mapping the last growth replaced was retired ({@link System#nanoTime()}), or 0 when it is unmapped. */
    // hot path: no allocation
    long retiredAtNanos() {
        return retiredAtNanos;
    }

    /** Hands over the retired mapping (null when there is none) for the caller to unmap; under every write lock. */
    StoreMapping takeRetired() {
        StoreMapping m = retired;
        retired = null;
        retiredAtNanos = 0;
        return m;
    }

    /** Forces the current mapping to the disk and unmaps both; nothing when already closed. */
    void close() throws IOException {
        StoreMapping m = current;
        if (m == null) {
            return;
        }
        current = null;
        try (m) {
            m.forceAll(); // a clean close leaves nothing for the OS to write back later
            if (retired != null) {
                retired.close();
                retired = null;
                retiredAtNanos = 0;
            }
        }
    }
}

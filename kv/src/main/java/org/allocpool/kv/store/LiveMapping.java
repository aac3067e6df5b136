package org.allocpool.kv.store;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The mapping a store reads and writes now, the ones growths replaced (retired), and how many
 * growths there have been. A retired mapping stays open for a grace time (see
 * {@link StoreGrowth#releaseRetired}), so that a {@link ValueView} filled just before a growth, and
 * a read made without a lock that began in it ({@link SlotLookup}), stay readable; then it is
 * unmapped. Growths in quick succession (a small store's) each leave one mapped meanwhile.
 *
 * <p>Thread-safety: {@link #current()} and {@link #generation()} are called under a segment lock
 * (of {@link SegmentLocks}) or by an optimistic read that validates its stamp after;
 * {@link #replace}, {@link #takeRetired} and {@link #close} only under every segment's write lock,
 * so no reader or writer holding a lock sees a mapping change. Memory: owns every mapping (each a
 * shared arena) and unmaps them.
 */
final class LiveMapping {

    /** A mapping a growth replaced, and when ({@link System#nanoTime()}). */
    private record Retired(StoreMapping mapping, long atNanos) {
    }

    private final Path file;
    /** Replaced under every segment's write lock; null once closed. */
    private volatile StoreMapping current;
    /** Oldest first; guarded by every segment's write lock. */
    private final ArrayDeque<Retired> retired = new ArrayDeque<>();
    /** When the oldest retired mapping was retired ({@link System#nanoTime()}); 0 when there is none. Read without a lock. */
    private volatile long retiredAtNanos;
    /** Bumped by each replacement; written under every write lock, read under one. */
    private long generation;
    /** Run after each replacement, under every write lock: sees that the retired mapping is unmapped in time. */
    private volatile Runnable onRetire = () -> { };

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

    /** Makes {@code next} current; the mapping it replaces is retired (unmapped later, by {@link #takeRetired}'s caller). */
    void replace(StoreMapping next) {
        StoreMapping old = current();
        long now = Math.max(1, System.nanoTime());
        current = next;
        retired.addLast(new Retired(old, now));
        if (retiredAtNanos == 0) {
            retiredAtNanos = now;
        }
        generation++;
        onRetire.run();
    }

    /**
     * What to run each time a mapping is retired ({@link StoreGrowth#unmapLater}: a thread that
     * unmaps it once its grace time is past, even when no put comes to). Set once, at the open.
     */
    void onRetire(Runnable action) {
        this.onRetire = action;
    }

    /** When the oldest retired mapping was retired ({@link System#nanoTime()}), or 0 when there is none. */
    // hot path: no allocation
    long retiredAtNanos() {
        return retiredAtNanos;
    }

    /**
     * Hands over the retired mappings retired at least {@code graceNanos} ago, oldest first, for the
     * caller to unmap; under every write lock.
     */
    List<StoreMapping> takeRetired(long graceNanos) {
        List<StoreMapping> expired = new ArrayList<>();
        long now = System.nanoTime();
        while (!retired.isEmpty() && now - retired.peekFirst().atNanos() >= graceNanos) {
            expired.add(retired.pollFirst().mapping());
        }
        retiredAtNanos = retired.isEmpty() ? 0 : retired.peekFirst().atNanos();
        return expired;
    }

    /** Forces the current mapping to the disk and unmaps every mapping; nothing when already closed. */
    void close() throws IOException {
        StoreMapping m = current;
        if (m == null) {
            return;
        }
        current = null;
        try (m) {
            m.forceAll(); // a clean close leaves nothing for the OS to write back later
            for (StoreMapping old : takeRetired(Long.MIN_VALUE)) {
                old.close();
            }
        }
    }
}

package org.allocpool.kv.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Grows a store whose segments or log are filling up. A log full of live entries (its dead bytes at
 * most {@link #MAX_DEAD_TO_EXTEND} of them) grows in place: the file made longer, nothing copied
 * ({@link #extendInPlace}). Else usually in the background: once the log is {@link #AHEAD_LOG_FILL}
 * full (of dead bytes) or a segment {@link #AHEAD_SLOT_LOAD} used, a thread copies the live
 * entries into the next file batch by batch while every write goes to both files
 * ({@link GrowthAhead}), forces it, and swaps it in under every segment's write lock (a last force of
 * the pages written since, the rename, the remap). When the writes fill the old file first,
 * the growth is made the old way: under every segment's
 * write lock, rebuilds the live entries into a new file ({@link StoreRebuild}), renames it over the
 * old one, forces the directory, makes the new mapping current and resets the log's tail and the
 * counts. A crash at any moment leaves the old file or the complete new one.
 *
 * <p>Thread-safe: any writer may call {@link #grow}; it takes every lock itself, and a writer that
 * lost the race to another growth (the generation moved on) finds nothing to do and retries. One
 * background growth at a time. Memory: a background growth's new file is unmapped by the growth's
 * own thread only, never by a growth or close that drops it (they unregister it, and the thread
 * finds it dropped): the thread forces the file with no lock held, and closing a shared arena while
 * another thread forces a segment of it makes the JDK throw into that thread asynchronously and
 * leaves its interrupt flag set (seen: the flag then broke a test's next wait).
 */
final class StoreGrowth {

    /**
     * After a growth that copies, the log holds 1.25 times the live bytes. Replaced and removed
     * values' room is reused ({@link FreeEntries}) and a full log of live entries grows in place by
     * a sixteenth ({@link #EXTEND_DIVISOR}, {@link #extendInPlace}), so the log need not hold the writes of a whole cycle any
     * more (2.5 until 2026-11-24; 4, with the log doubled until it fit, made the file 5.6 times the
     * live bytes after a replace-only load, 520 MB for 93 MB of users).
     */
    static final double LOG_HEADROOM = 1.25;
    /**
     * How long the mapping a growth replaced stays mapped, so that a {@link ValueView} filled just
     * before the growth, and a read without a lock that began in it, stay readable: a reader copies
     * or decodes a view within microseconds.
     * Its pages (the whole old file, deleted) count in the resident size meanwhile.
     */
    static final long RETIRED_GRACE_NANOS = 250_000_000L;
    private static final long PAGE = HeaderLayout.HEADER_BYTES;
    /** The new file of a growth made in the background ({@link GrowthAhead}), beside the store's file. */
    static final String AHEAD_SUFFIX = ".ahead";
    /**
     * A growth starts in the background once the log is this full, or a segment's slots this used
     * (the store must grow at 1 and {@link LiveCounts#MAX_LOAD}): what is left is the room the
     * writes have while the copy runs; when they fill it first, the growth is made the old way.
     */
    static final double AHEAD_LOG_FILL = 0.80;
    static final double AHEAD_SLOT_LOAD = 0.60;
    /**
     * A growth doubles the slots while the fullest segment would be fuller than this. A store made
     * for N entries has about twice N slots, so neither this nor {@link #AHEAD_SLOT_LOAD} grows it
     * before it holds N (measured: at 0.45 the lab's store of 1M users grew right after its load).
     */
    static final double MAX_LOAD_AFTER = 0.5;
    /**
     * A log that fills up is grown in place while its dead bytes are at most this share of its live
     * ones; beyond, a growth copies the live entries into a new file, which drops the dead bytes.
     */
    static final double MAX_DEAD_TO_EXTEND = 0.5;
    /**
     * A log grown in place grows by this fraction of itself (1/16): an extension costs microseconds,
     * so small steps keep the file close to what it holds (at an eighth, until 2026-11-24, the lab's
     * 1M users, about 76 MiB of entries, ended in a log of about 87 MiB, the file 0.35 MiB over
     * Chronicle Map's); about 114 steps from 1 MB to 1 GB, where an eighth takes 59.
     */
    static final int EXTEND_DIVISOR = 16;

    private final Path file;
    private final SegmentLocks locks;
    private final LiveMapping mapping;
    private final StoreCounts counts;
    /** Whether growths may be made in the background: not when other processes share the file. */
    private final boolean background;
    private final SegmentWrites writes;
    private final long retiredGraceNanos;
    /** Whether the files growths make are mapped with large pages ({@link LargePages}, {@link StoreConfig#largePages}). */
    private final boolean largePages;
    private final AtomicBoolean aheadRunning = new AtomicBoolean();
    /** A grace time longer than this (tests: "never") is not waited out by a thread of its own. */
    private static final long MAX_GRACE_TO_WAIT_NANOS = TimeUnit.HOURS.toNanos(1);
    /**
     * The log's tail when a put last asked whether dead bytes fill the log ({@link #isMostlyLive},
     * a sum over every segment's counts): asked again only once appends moved the tail, as a log
     * whose puts reuse freed room (the tail still) needs no room and so no compaction. Racy on
     * purpose: a stale value costs one look more or one fewer, and the next append looks again.
     */
    private volatile long tailAtLastLook = -1;
    /** Whether a thread waits to unmap the retired mappings ({@link #unmapLater}). */
    private final AtomicBoolean unmapWaiting = new AtomicBoolean();
    /** The generation whose growth in the background failed: no second try until a growth made the old way. */
    private volatile long aheadFailedGeneration = -1;
    private volatile Thread aheadThread;
    /** Growths made in the background and swapped in (tests). */
    private volatile long swaps;
    /** Logs grown in place (tests); written under every lock. */
    private volatile long extensions;
    /** Growths made the old way, a rebuild under every lock (tests); written under every lock. */
    private volatile long rebuilds;

    StoreGrowth(Path file, SegmentLocks locks, LiveMapping mapping, StoreCounts counts, SegmentWrites writes,
                long retiredGraceNanos, boolean background, boolean largePages) {
        this.background = background;
        this.largePages = largePages;
        this.retiredGraceNanos = retiredGraceNanos;
        this.file = file;
        this.locks = locks;
        this.mapping = mapping;
        this.counts = counts;
        this.writes = writes;
    }

    /**
     * Rebuilds the store into a new file with room for the live entries and one more entry of
     * {@code entryBytes}, unless another thread grew it since {@code seenGeneration} or it was
     * closed meanwhile. Call it holding no segment lock. In a file shared with other processes it
     * takes every lock in the file too (and maps the file another process's growth made, if any,
     * instead of growing), and marks the old file moved for the others once the new one is in place.
     *
     * @throws UncheckedIOException  when the new file cannot be written or moved into place
     * @throws IllegalStateException when a segment cannot have more slots
     */
    void grow(long seenGeneration, long entryBytes) {
        long[] stamps = locks.lockAllEverywhere();
        try {
            if (!mapping.isOpen() || mapping.generation() != seenGeneration) {
                return;
            }
            if (writes.ahead() != null) { // the writes outran it: drop it (its thread unmaps it) and grow here
                writes.ahead(null);
            }
            StoreMapping old = mapping.current();
            writes.settleAll(old);
            if (background && counts.tail(old) + entryBytes > old.logEnd && isMostlyLive(old)) {
                extendInPlace(old, entryBytes); // a segment too full for more slots, if any, grows at the retry
                return;
            }
            StoreHeader next = grownHeader(old, counts.liveBySegment(old), counts.liveBytes(), entryBytes, MAX_LOAD_AFTER);
            Path temp = file.resolveSibling(MappedStore.FILE_NAME + MappedStore.GROW_SUFFIX);
            Files.deleteIfExists(temp);
            StoreRebuild.Rebuilt rebuilt = StoreRebuild.rebuild(old, temp, file, next, largePages);
            try {
                counts.prepare(old, rebuilt.mapping(), rebuilt.tail(), rebuilt.liveBySegment(), rebuilt.liveBySegment());
                TestOnlyGrowthPause.at(TestOnlyGrowthPause.BEFORE_RENAME);
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                ProcessLock.forceDirectory(file.getParent());
            } catch (IOException | RuntimeException e) {
                rebuilt.mapping().close();
                Files.deleteIfExists(temp); // its reserved blocks back to the disk
                throw e;
            }
            if (!background) {
                TestOnlyGrowthPause.at(TestOnlyGrowthPause.AFTER_RENAME);
                SharedLayout.markMoved(old.file); // the others remap when they next take one of its locks
                TestOnlyGrowthPause.at(TestOnlyGrowthPause.AFTER_MOVED);
            }
            counts.grown(rebuilt.tail(), rebuilt.liveBySegment(), rebuilt.liveBySegment());
            mapping.replace(rebuilt.mapping());
            rebuilds++;
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot grow the store: " + e.getMessage(), e);
        } finally {
            locks.unlockAllEverywhere(stamps);
        }
    }

    /**
     * Unmaps the mappings growths replaced once each has been retired for the grace time
     * ({@link #RETIRED_GRACE_NANOS} unless a test says otherwise; their pages of the old files count
     * in the process's resident size until then). Call it holding no segment lock; cheap (one
     * volatile read) when there is nothing to unmap.
     */
    // hot path: no allocation (while there is nothing to unmap)
    void releaseRetired() {
        long retiredAt = mapping.retiredAtNanos();
        if (retiredAt == 0 || System.nanoTime() - retiredAt < retiredGraceNanos) {
            return;
        }
        List<StoreMapping> expired;
        long[] stamps = locks.lockAll();
        try {
            expired = mapping.isOpen() ? mapping.takeRetired(retiredGraceNanos) : List.of();
        } finally {
            locks.unlockAll(stamps);
        }
        for (StoreMapping retired : expired) {
            try {
                retired.close(); // a reader still reading a view of it gets IllegalStateException, never freed memory
            } catch (IOException e) {
                throw new UncheckedIOException(file + ": cannot unmap the store's previous file: " + e.getMessage(), e);
            }
        }
    }

    /**
     * Starts a virtual thread, unless one waits already, that sleeps out the grace time of the
     * oldest retired mapping and unmaps what has expired ({@link #releaseRetired}), until none is
     * left or the store is closed. Run by {@link LiveMapping#replace} whenever a mapping is retired
     * (a growth here, or a sharer remapping the file another process grew; see
     * {@link LiveMapping#onRetire}). Puts release them too, sooner; without this, a store whose last
     * growths came less than the grace time before its last put (loaded, then only read) kept the
     * mappings they replaced, and the pages of each counted again in the process's resident size
     * (pinned by a test, not measured in the lab: read the instant a load of 1M keys ended, kv
     * serve's resident set was 352 MB, read 1 s later 140 MB).
     */
    void unmapLater() {
        if (retiredGraceNanos > MAX_GRACE_TO_WAIT_NANOS || !unmapWaiting.compareAndSet(false, true)) {
            return; // a test's grace of "forever": its puts release, if anything does
        }
        Thread.ofVirtual().name("allocpool-kv-unmap").start(() -> {
            try {
                long retiredAt;
                while (mapping.isOpen() && (retiredAt = mapping.retiredAtNanos()) != 0) {
                    long wait = retiredAt + retiredGraceNanos - System.nanoTime();
                    if (wait > 0) {
                        TimeUnit.NANOSECONDS.sleep(wait);
                    }
                    releaseRetired();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) { // closed meanwhile, or an unmap failed: the next put tries again
                return;
            } finally {
                unmapWaiting.set(false);
            }
            if (mapping.isOpen() && mapping.retiredAtNanos() != 0) {
                unmapLater(); // retired after the loop looked, before the flag was down
            }
        });
    }

    /**
     * The layout after a growth of {@code old}: twice the slots while the fullest segment would be
     * fuller than {@code maxLoadAfter}; a log of {@link #LOG_HEADROOM} times the live bytes and one more entry of
     * {@code entryBytes} when the old log is smaller than that (else the old log's size: dropping
     * dead bytes is enough).
     *
     * @throws IllegalStateException when a segment cannot have more slots
     */
    static StoreHeader grownHeader(StoreMapping old, int[] liveBySegment, long liveBytes, long entryBytes,
                                   double maxLoadAfter) {
        StoreHeader header = old.header;
        int fullest = 0;
        for (int live : liveBySegment) {
            fullest = Math.max(fullest, live);
        }
        int slotsPerSegment = header.slotsPerSegment();
        while (fullest + 1 > slotsPerSegment * maxLoadAfter) {
            if (slotsPerSegment >= StoreRebuild.MAX_SLOTS_PER_SEGMENT) {
                throw new IllegalStateException(old.path + ": the store is full (a segment holds at most "
                        + StoreRebuild.MAX_SLOTS_PER_SEGMENT + " slots)");
            }
            slotsPerSegment *= 2;
        }
        long needed = (long) Math.ceil((liveBytes + entryBytes) * LOG_HEADROOM);
        long logBytes = Math.max(header.logBytes(), (needed + PAGE - 1) / PAGE * PAGE);
        return new StoreHeader(header.segments(), slotsPerSegment, logBytes, header.maxValueBytes(),
                header.durability(), header.maxKeyBytes(), header.keySeed());
    }

    /**
     * After a put into {@code segment}: when the segment's slots are filling up, or the log is
     * filling up with dead bytes, starts a growth in the background ({@link GrowthAhead}) unless one
     * runs. A log filling up with live entries is left to grow in place once full ({@link #grow}:
     * no copy). Call it holding no segment lock.
     */
    // hot path: no allocation (unless it grows the store)
    void growAheadIfFilling(int segment) {
        if (!background || aheadRunning.get()) {
            return;
        }
        StoreMapping m = mapping.current();
        long tail = counts.tail(m);
        boolean logFilling = tail - m.logOffset > (long) ((m.logEnd - m.logOffset) * AHEAD_LOG_FILL);
        boolean slotsFilling = counts.used(segment) > (int) (m.slotsPerSegment * AHEAD_SLOT_LOAD);
        boolean compacting = false; // unless dead bytes fill the log; else it grows in place once full (grow)
        if (logFilling && tail != tailAtLastLook) {
            tailAtLastLook = tail;
            compacting = !isMostlyLive(m);
        }
        if ((compacting || slotsFilling) && mapping.generation() != aheadFailedGeneration
                && aheadRunning.compareAndSet(false, true)) {
            aheadThread = Thread.ofPlatform().daemon().name("allocpool-kv-grow").start(this::growAhead);
        }
    }

    /**
     * Whether the log of {@code m} holds mostly live entries, dead bytes (replaced or removed values
     * not reused yet, holes of writes that did not fit) being at most {@link #MAX_DEAD_TO_EXTEND} of
     * the live ones: then growing it in place is worth more than a copy that would drop them. The
     * room of freed entries still in their grace time is not counted dead, twice over: puts write
     * into it within two grace times, the ready stacks hold about as much as it (the room one turn
     * made ready), and a copy would drop all of it with the stacks that hold it. Ready room no put
     * takes is dead beyond that, and a copy drops it. (Counted dead, a small store rewritten fast
     * was copied again and again: 10,000 users rewritten at 0.9 M puts/s, a copy every few
     * milliseconds, no room ever reused; now 4.2 M/s in a log of 42 MB, two grace times of puts;
     * 2026-11-25.)
     */
    // hot path: no allocation
    private boolean isMostlyLive(StoreMapping m) {
        long live = counts.liveBytes();
        long dead = (counts.tail(m) - m.logOffset) - live - 2 * writes.roomInGrace(m);
        return dead <= (long) (live * MAX_DEAD_TO_EXTEND);
    }

    /**
     * Grows the log of {@code old}'s file in place by a sixteenth (or to fit the tail and one more
     * entry of {@code entryBytes}): the file is made longer, its header written, and the longer file
     * mapped ({@link StoreMapping#extended}); no entry moves, nothing is copied or forced but the
     * header in sync mode, so it takes microseconds where a copy takes seconds at millions of
     * entries, and the file stays within a sixteenth of what its log holds. The old mapping is retired as a growth's is. Under every segment's write lock; not
     * in a shared file (other processes map its old length).
     */
    private void extendInPlace(StoreMapping old, long entryBytes) throws IOException {
        long logBytes = old.header.logBytes();
        long needed = Math.max(logBytes + logBytes / EXTEND_DIVISOR, counts.tail(old) - old.logOffset + entryBytes);
        StoreMapping next = old.extended((needed + PAGE - 1) / PAGE * PAGE, writes.isSync());
        if (largePages) {
            LargePages.advise(next.file); // the pages of the longer log, before a put touches them
        }
        mapping.replace(next);
        extensions++;
    }

    /** Logs grown in place since the store was opened (tests). */
    long extensions() {
        return extensions;
    }

    /** Growths that copied the live entries into a new file since the store was opened, in the background or not (tests). */
    long copies() {
        return swaps + rebuilds;
    }

    /** Makes a growth in the background's way on the calling thread, unless one runs (tests); false if none was swapped in. */
    boolean growAheadNow() {
        long before = swaps;
        if (background && aheadRunning.compareAndSet(false, true)) {
            growAhead();
        }
        return swaps > before;
    }

    /** The background thread's job: make the next file, copy batch by batch, force, swap. */
    private void growAhead() {
        long generation = -1;
        GrowthAhead ahead = null;
        try {
            StoreMapping source;
            StoreHeader next;
            long[] stamps = locks.lockAll();
            try {
                if (!mapping.isOpen()) {
                    return;
                }
                source = mapping.current();
                generation = mapping.generation();
                next = grownHeader(source, counts.liveBySegment(source), counts.liveBytes(), 0, MAX_LOAD_AFTER);
            } finally {
                locks.unlockAll(stamps);
            }
            Path temp = file.resolveSibling(MappedStore.FILE_NAME + AHEAD_SUFFIX);
            Files.deleteIfExists(temp);
            StoreMapping target = StoreMapping.create(temp, file, next);
            if (largePages) {
                LargePages.advise(target.file); // before the copy fills its pages
            }
            ahead = new GrowthAhead(source, target, temp);
            stamps = locks.lockAll();
            try {
                if (!mapping.isOpen() || mapping.current() != source) {
                    return;
                }
                writes.ahead(ahead);
            } finally {
                locks.unlockAll(stamps);
            }
            for (int segment = 0; segment < locks.segments(); segment++) {
                for (int from = 0; from < source.slotsPerSegment; from += GrowthAhead.BATCH_SLOTS) {
                    long stamp = locks.lock(segment, true);
                    try {
                        if (writes.ahead() != ahead) {
                            return; // dropped by a growth made the old way, or by close: they unmapped it
                        }
                        ahead.copyBatch(segment, from, Math.min(GrowthAhead.BATCH_SLOTS, source.slotsPerSegment - from));
                    } finally {
                        locks.unlock(segment, stamp);
                    }
                }
            }
            ahead.target.forceAll(); // the bulk of the writing to the disk, with no lock held
            if (swap(ahead)) {
                ahead = null; // the store's mapping now
            }
        } catch (IOException | RuntimeException e) {
            // the growth will be made the old way; a dropped growth's mapping throws IllegalStateException here
        } finally {
            if (ahead != null) {
                drop(ahead, generation);
                ahead.abandon();
            }
            aheadRunning.set(false);
        }
    }

    /**
     * Makes the copied file the store's, under every lock: forces what was written since, renames,
     * remaps. What need not hold the lock is done before (forcing the bulk of the new pages) or
     * after it (unmapping the mapping retired by the previous growth; in async mode, forcing the
     * directory entry: a machine crash before it may lose the writes since, as async allows).
     * False when a growth made the old way, or close, dropped it meanwhile.
     */
    private boolean swap(GrowthAhead ahead) throws IOException {
        for (int pass = 0; pass < 3; pass++) {
            long start = System.nanoTime();
            ahead.target.forceAll(); // the writes made during the last force dirtied a few pages again
            if (System.nanoTime() - start < 1_000_000) {
                break;
            }
        }
        long[] stamps = locks.lockAll();
        try {
            if (writes.ahead() != ahead) {
                return false;
            }
            if (ahead.hasFailed()) {
                throw new IOException("the new file ran out of room");
            }
            writes.settleAll(mapping.current()); // the source: its left entries freed and counted before the target replaces it
            ahead.target.forceAll();
            Files.move(ahead.temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            writes.ahead(null);
            if (writes.isSync()) {
                ProcessLock.forceDirectory(file.getParent());
            }
            counts.grown(ahead.tail(), ahead.liveBySegment, ahead.usedBySegment);
            mapping.replace(ahead.target);
            swaps++;
        } finally {
            locks.unlockAll(stamps);
        }
        if (!writes.isSync()) {
            ProcessLock.forceDirectory(file.getParent());
        }
        return true;
    }

    /**
     * Unregisters a background growth that failed, unless a growth or close already did; the caller,
     * the growth's own thread, then unmaps it.
     */
    private void drop(GrowthAhead ahead, long generation) {
        long[] stamps = locks.lockAll();
        try {
            if (writes.ahead() == ahead) {
                writes.ahead(null);
                aheadFailedGeneration = generation;
            }
        } finally {
            locks.unlockAll(stamps);
        }
    }

    /**
     * Drops a growth under way in the background: no writer reaches its file any more, and its
     * thread, finding it dropped, unmaps and deletes it on its way out; under every write lock (close).
     */
    void stopAhead() {
        writes.ahead(null);
    }

    /** Waits (at most 10 s) for the background thread to leave; holding no lock (close). */
    void awaitAhead() {
        Thread thread = aheadThread;
        if (thread != null && thread != Thread.currentThread()) {
            try {
                thread.join(TimeUnit.SECONDS.toMillis(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}

package org.allocpool.kv.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Objects;

/**
 * Finds, creates, locks, maps and checks the file of a {@link MappedStore}: everything that happens
 * before the store serves its first call. A new store is written under a temporary name, forced
 * and renamed into place, so a crash never leaves a half-made {@code store.kv}. Stateless;
 * thread-safe (the process lock keeps two openers of one directory apart).
 */
final class StoreOpening {

    static final String LOCK_NAME = "store.lock";
    static final String NEW_SUFFIX = ".new";
    private static final java.security.SecureRandom KEY_SEEDS = new java.security.SecureRandom();
    static final int SEGMENTS = 64;
    static final int MIN_SLOTS_PER_SEGMENT = 8;
    static final long MIN_LOG_BYTES = 64 << 10;
    /**
     * Log bytes reserved per entry of initial capacity: a guess, since values vary (a long key and a
     * 48-byte value behind format 3's 16-byte header; a 32-byte value behind format 2's 32); a full
     * log grows in place by a sixteenth, in microseconds, so the guess errs small (128 until 2026-11-24, when a full log had to be copied to grow).
     */
    static final long LOG_BYTES_PER_ENTRY = 64;

    /**
     * A store file mapped, checked and locked, with the settings of this session: its counts, and
     * how many live entries were verified to find them (none when a clean close recorded them, or
     * another process had it open already). One of {@code lock} (this process has the file alone)
     * and {@code sharedLock} (shared with others: the counts are in the file) is set.
     */
    record Opened(StoreMapping mapping, CleanClose.Counts counts, long entriesChecked, ProcessLock lock,
                  SharedProcessLock sharedLock, int maxValueBytes, Durability durability, int maxKeyBytes) {

        Opened(StoreMapping mapping, CleanClose.Counts counts, long entriesChecked, ProcessLock lock,
               int maxValueBytes, Durability durability, int maxKeyBytes) {
            this(mapping, counts, entriesChecked, lock, null, maxValueBytes, durability, maxKeyBytes);
        }

        Opened shared(SharedProcessLock shared) {
            return new Opened(mapping, counts, entriesChecked, null, shared, maxValueBytes, durability, maxKeyBytes);
        }
    }

    private StoreOpening() {
    }

    /**
     * Opens the store in {@code dir}, creating the directory and an empty store laid out for
     * {@code config} if there is none. An existing store keeps its layout; {@code config}'s value
     * and key limits and durability apply to this session.
     *
     * @throws StoreFileException when the file is not a store, of another version, truncated,
     *                            corrupted, or open in another process
     */
    static Opened open(Path dir, StoreConfig config) throws IOException {
        return open(dir, config, newKeySeed());
    }

    /** As {@link #open}, a store made here keyed by {@code keySeed} (tests: 0 makes one of format version 4's hash). */
    static Opened open(Path dir, StoreConfig config, long keySeed) throws IOException {
        Objects.requireNonNull(config, "config");
        Files.createDirectories(dir);
        Path path = dir.resolve(MappedStore.FILE_NAME);
        if (config.shared()) {
            return openShared(path, config, keySeed);
        }
        ProcessLock lock = ProcessLock.acquire(dir.resolve(LOCK_NAME), path);
        try {
            deleteLeftovers(path);
            if (!Files.exists(path)) {
                create(path, headerFor(config, keySeed));
            }
            return openLocked(path, lock, config.maxValueBytes(), config.durability(), config.maxKeyBytes());
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    /**
     * Opens the store in {@code dir} with the value limit and durability it was created with.
     *
     * @throws StoreFileException when there is no store there, or it cannot be used (as {@link #open})
     */
    static Opened openExisting(Path dir) throws IOException {
        Path path = dir.resolve(MappedStore.FILE_NAME);
        if (!Files.isRegularFile(path)) {
            throw new StoreFileException(path, "no store here (the file does not exist)");
        }
        ProcessLock lock = ProcessLock.acquire(dir.resolve(LOCK_NAME), path);
        try {
            deleteLeftovers(path);
            StoreHeader header;
            try (StoreMapping peek = StoreMapping.open(path, false)) {
                header = peek.header;
            }
            return openLocked(path, lock, header.maxValueBytes(), header.durability(), header.maxKeyBytes());
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    /**
     * Opens the store at {@code path} shared with other processes: the first to open it (nobody
     * else has it open) does what an open alone does (creates it, takes the clean-close record or
     * checks every entry) and sets up the words the processes share in its header page; the others
     * map it as it is. Either way behind the door of {@link SharedProcessLock}.
     */
    private static Opened openShared(Path path, StoreConfig config, long keySeed) throws IOException {
        SharedProcessLock lock = SharedProcessLock.enter(path.resolveSibling(LOCK_NAME), path);
        try {
            Opened opened;
            if (lock.isFirst()) {
                deleteLeftovers(path);
                if (!Files.exists(path)) {
                    create(path, headerFor(config, keySeed));
                }
                opened = openLocked(path, null, config.maxValueBytes(), config.durability(), config.maxKeyBytes());
                try {
                    StoreHeader header = opened.mapping().header;
                    if (header.segments() > SharedLayout.MAX_SEGMENTS) {
                        throw new StoreFileException(path, header.segments() + " segments: a shared store has at most "
                                + SharedLayout.MAX_SEGMENTS);
                    }
                    CleanClose.Counts c = opened.counts();
                    SharedLayout.initialize(opened.mapping().file, header.segments(), c.tail(), c.liveBytes(),
                            c.usedBySegment(), c.liveBySegment());
                } catch (IOException | RuntimeException e) {
                    opened.mapping().close();
                    throw e;
                }
            } else {
                StoreMapping mapping = StoreMapping.open(path, true);
                opened = new Opened(mapping, null, 0, null, config.maxValueBytes(), config.durability(),
                        config.maxKeyBytes());
            }
            try {
                lock.opened();
            } catch (IOException | RuntimeException e) {
                opened.mapping().close();
                throw e;
            }
            return opened.shared(lock);
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    private static Opened openLocked(Path path, ProcessLock lock, int maxValueBytes, Durability durability,
                                     int maxKeyBytes) throws IOException {
        StoreMapping mapping = StoreMapping.open(path, true);
        try {
            // a clean close recorded what a scan would find; after a crash (no record) every live entry is verified
            CleanClose.Counts recorded = CleanClose.take(path, mapping.header);
            // a file left sparse by a version before reserved blocks: a full disk refuses the open, not a later put
            // (after take: reserving changes the file's times, which the clean-close record names)
            FileBlocks.reserveExisting(path, mapping.header.fileBytes());
            if (recorded != null) {
                return new Opened(mapping, recorded, 0, lock, maxValueBytes, durability, maxKeyBytes);
            }
            TableScan scan = TableScan.scan(mapping, true);
            return new Opened(mapping, CleanClose.Counts.of(scan), scan.entries, lock, maxValueBytes, durability,
                    maxKeyBytes);
        } catch (IOException | RuntimeException e) {
            mapping.close();
            throw e;
        }
    }

    /** A random non-zero key for the byte-key hash of a new store (unpredictable: keys cannot be aimed at a segment). */
    static long newKeySeed() {
        long seed;
        do {
            seed = KEY_SEEDS.nextLong();
        } while (seed == 0);
        return seed;
    }

    static StoreHeader headerFor(StoreConfig config, long keySeed) {
        long slots = Math.max(MIN_SLOTS_PER_SEGMENT, config.initialCapacity() * 2 / SEGMENTS);
        int slotsPerSegment = (int) Long.highestOneBit(slots - 1) << 1;
        long logBytes = Math.max(MIN_LOG_BYTES, Math.max(config.initialCapacity() * LOG_BYTES_PER_ENTRY,
                2 * EntryLayout.entryBytes(true, config.maxKeyBytes(), config.maxValueBytes())));
        logBytes = (logBytes + HeaderLayout.HEADER_BYTES - 1) / HeaderLayout.HEADER_BYTES * HeaderLayout.HEADER_BYTES;
        return new StoreHeader(SEGMENTS, slotsPerSegment, logBytes, config.maxValueBytes(), config.durability(),
                config.maxKeyBytes(), keySeed);
    }

    /** Writes a new empty store under a temporary name, forces it, and renames it into place. */
    private static void create(Path path, StoreHeader header) throws IOException {
        Path temp = path.resolveSibling(MappedStore.FILE_NAME + NEW_SUFFIX);
        try (StoreMapping fresh = StoreMapping.create(temp, path, header)) {
            fresh.forceAll();
        }
        Files.move(temp, path, StandardCopyOption.ATOMIC_MOVE);
        ProcessLock.forceDirectory(path.getParent());
        // an empty store needs no scan either: opening it then touches none of its pages
        CleanClose.write(path, CleanClose.Counts.empty(header));
    }

    /** A crash during creation or growth leaves a temporary file: the real one is intact, so drop it. */
    private static void deleteLeftovers(Path path) throws IOException {
        Files.deleteIfExists(path.resolveSibling(MappedStore.FILE_NAME + NEW_SUFFIX));
        Files.deleteIfExists(path.resolveSibling(MappedStore.FILE_NAME + MappedStore.GROW_SUFFIX));
        Files.deleteIfExists(path.resolveSibling(MappedStore.FILE_NAME + StoreGrowth.AHEAD_SUFFIX));
    }
}

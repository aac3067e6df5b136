package org.allocpool.kv.store;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.Map;

/**
 * The record a clean {@code close()} leaves beside the store's file ({@code store.clean}): what a
 * scan of the file would count, and the identity of the file it describes (inode, length,
 * modification and change times, read after the last write and the unmapping). Reopening a store
 * whose record matches its file skips the full scan (one CRC32C per live entry, and a read of the
 * whole file): the record is taken, i.e. deleted and its deletion forced, before the store writes
 * anything, so a crash during the session leaves no record and the next open scans everything.
 * A file changed by anything else since (another build, a repair, a patch, a copy) no longer
 * matches: its change time moved (Linux gives a changed file a new, fine-grained time once its
 * time was read), and it is scanned. All fields little-endian:
 *
 * <pre>
 *  0                   8                   16                  24                  32
 *  +-------------------+-------------------+-------------------+-------------------+
 *  | magic "allocKC1"  | file length       | inode             | mtime, ns         |
 *  +-------------------+-------------------+-------------------+-------------------+
 *  32                  40                  48                  56                  64
 *  +-------------------+-------------------+-------------------+-------------------+
 *  | ctime, ns         | live entries      | live log bytes    | tail (append at)  |
 *  +-------------------+-------------------+-------------------+-------------------+
 *  64        68                                                          (+ 8 x segments)
 *  +---------+----------------------------------------------------------+---------+
 *  | segments| per segment: used slots int32, live slots int32          | CRC32C  |
 *  |  int32  |                                                          | of 0..  |
 *  +---------+----------------------------------------------------------+---------+
 * </pre>
 *
 * Not part of the store's format: a store without the record (an older build's, a crashed one's)
 * opens as before, with a full scan. Stateless; called under the store's process lock.
 */
final class CleanClose {

    static final String FILE_NAME = "store.clean";
    /** "allocKC1" in ASCII, read as a little-endian long. */
    static final long MAGIC = 0x31434B636F6C6C61L;

    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final int FIXED_BYTES = 68;

    /** What a clean close knew: the counts a scan would find, and where appends resume. */
    record Counts(int[] usedBySegment, int[] liveBySegment, long entries, long liveBytes, long tail) {

        /** What a full scan of the file found. */
        static Counts of(TableScan scan) {
            return new Counts(scan.usedBySegment, scan.liveBySegment, scan.entries, scan.liveBytes, scan.tail);
        }

        /** A new, empty file laid out as {@code header}. */
        static Counts empty(StoreHeader header) {
            return new Counts(new int[header.segments()], new int[header.segments()], 0, 0, header.logOffset());
        }
    }

    private CleanClose() {
    }

    /** The record's path for the store file {@code store}. */
    static Path recordOf(Path store) {
        return store.resolveSibling(FILE_NAME);
    }

    /**
     * Writes the record for {@code store}, which the caller has forced and unmapped and will not
     * change again. Best effort: a record that cannot be written means a full scan next time.
     */
    static void write(Path store, Counts counts) {
        int segments = counts.usedBySegment().length;
        MemorySegment bytes = MemorySegment.ofArray(new byte[FIXED_BYTES + 8 * segments + 4]);
        try {
            Identity id = Identity.of(store);
            if (id == null) {
                return;
            }
            bytes.set(LONG, 0, MAGIC);
            bytes.set(LONG, 8, id.length);
            bytes.set(LONG, 16, id.inode);
            bytes.set(LONG, 24, id.modifiedNanos);
            bytes.set(LONG, 32, id.changedNanos);
            bytes.set(LONG, 40, counts.entries());
            bytes.set(LONG, 48, counts.liveBytes());
            bytes.set(LONG, 56, counts.tail());
            bytes.set(INT, 64, segments);
            for (int s = 0; s < segments; s++) {
                bytes.set(INT, FIXED_BYTES + 8L * s, counts.usedBySegment()[s]);
                bytes.set(INT, FIXED_BYTES + 8L * s + 4, counts.liveBySegment()[s]);
            }
            long end = bytes.byteSize() - 4;
            bytes.set(INT, end, Checksums.crc32c(bytes, 0, end));
            Path record = recordOf(store);
            try (FileChannel channel = FileChannel.open(record, StandardOpenOption.CREATE,
                    StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = bytes.asByteBuffer();
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            ProcessLock.forceDirectory(store.getParent());
        } catch (IOException | RuntimeException e) {
            // best effort, see above
        }
    }

    /**
     * Takes the record of {@code store} laid out as {@code header}: deletes it (forced) and returns
     * its counts if it describes the file as it is now, else null (no record, or a stale or
     * damaged one: scan the file). Call before anything writes to the store.
     */
    static Counts take(Path store, StoreHeader header) throws IOException {
        Path record = recordOf(store);
        byte[] read;
        try {
            read = Files.readAllBytes(record);
        } catch (NoSuchFileException e) {
            return null;
        }
        Files.delete(record);
        ProcessLock.forceDirectory(store.getParent());
        Identity id = Identity.of(store);
        return id == null ? null : parse(MemorySegment.ofArray(read), id, header);
    }

    /** Deletes a record of {@code store}, if any (the file is about to be replaced). */
    static void discard(Path store) throws IOException {
        Files.deleteIfExists(recordOf(store));
    }

    private static Counts parse(MemorySegment bytes, Identity id, StoreHeader header) {
        int segments = header.segments();
        long size = FIXED_BYTES + 8L * segments + 4;
        if (bytes.byteSize() != size || bytes.get(LONG, 0) != MAGIC
                || bytes.get(INT, size - 4) != Checksums.crc32c(bytes, 0, size - 4)
                || bytes.get(LONG, 8) != id.length || bytes.get(LONG, 16) != id.inode
                || bytes.get(LONG, 24) != id.modifiedNanos || bytes.get(LONG, 32) != id.changedNanos
                || bytes.get(INT, 64) != segments) {
            return null;
        }
        int[] used = new int[segments];
        int[] live = new int[segments];
        for (int s = 0; s < segments; s++) {
            used[s] = bytes.get(INT, FIXED_BYTES + 8L * s);
            live[s] = bytes.get(INT, FIXED_BYTES + 8L * s + 4);
            if (live[s] < 0 || used[s] < live[s] || used[s] > header.slotsPerSegment()) {
                return null;
            }
        }
        long entries = bytes.get(LONG, 40);
        long liveBytes = bytes.get(LONG, 48);
        long tail = bytes.get(LONG, 56);
        if (entries != sumOf(live) || liveBytes < 0 || tail < header.logOffset() || liveBytes > tail - header.logOffset()) {
            return null;
        }
        // a put that found the log full may have moved the tail past its end: appending there grows the store
        return new Counts(used, live, entries, liveBytes, Math.min(tail, header.fileBytes()));
    }

    private static long sumOf(int[] counts) {
        long sum = 0;
        for (int count : counts) {
            sum += count;
        }
        return sum;
    }

    /** What tells one file, unchanged, from any other or a changed one. */
    private record Identity(long length, long inode, long modifiedNanos, long changedNanos) {

        /** The identity of {@code file}, or null where the platform cannot tell (then no record is written or trusted). */
        static Identity of(Path file) throws IOException {
            Map<String, Object> unix;
            try {
                unix = Files.readAttributes(file, "unix:size,ino,lastModifiedTime,ctime");
            } catch (UnsupportedOperationException | IllegalArgumentException e) {
                return null; // no unix attribute view (not Linux or macOS): nothing to tell files apart by
            }
            return new Identity((Long) unix.get("size"), (Long) unix.get("ino"),
                    nanos((FileTime) unix.get("lastModifiedTime")), nanos((FileTime) unix.get("ctime")));
        }

        private static long nanos(FileTime time) {
            return time.to(java.util.concurrent.TimeUnit.NANOSECONDS);
        }
    }
}

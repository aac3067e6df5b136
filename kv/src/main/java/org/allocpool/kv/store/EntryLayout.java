package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * One entry of the append-only value log: a 16-byte header and the value, padded to a multiple of
 * 8 bytes so the next entry is 8-aligned. Little-endian.
 *
 * <pre>
 *  0         4         8                   16
 *  +---------+---------+-------------------+----------------------+---------+
 *  | CRC32C  | length  | key               | value (length bytes) | padding |
 *  |  int32  |  int32  |      int64        |                      | to 8    |
 *  +---------+---------+-------------------+----------------------+---------+
 *  CRC32C covers bytes 4 .. 16 + length: the length, the key and the value, in one run.
 * </pre>
 *
 * An entry is never changed once its slot points at it: an update appends a new entry and moves
 * the slot. Stateless; thread-safe.
 */
final class EntryLayout {

    static final int HEADER_BYTES = 16;
    static final int ALIGNMENT = 8;
    static final long CHECKSUM_OFFSET = 0;
    static final long LENGTH_OFFSET = 4;
    static final long KEY_OFFSET = 8;
    static final long VALUE_OFFSET = 16;

    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT.withOrder(ByteOrder.LITTLE_ENDIAN);

    private EntryLayout() {
    }

    /** Bytes an entry of a {@code valueLength}-byte value takes in the log, padding included. */
    static long entryBytes(long valueLength) {
        return (HEADER_BYTES + valueLength + ALIGNMENT - 1) & -ALIGNMENT;
    }

    // hot path: no allocation
    static long key(MemorySegment file, long entry) {
        return file.get(LONG, entry + KEY_OFFSET);
    }

    // hot path: no allocation
    static int length(MemorySegment file, long entry) {
        return file.get(INT, entry + LENGTH_OFFSET);
    }

    static int storedChecksum(MemorySegment file, long entry) {
        return file.get(INT, entry + CHECKSUM_OFFSET);
    }

    /** Writes key and length; the caller then copies the value and calls {@link #seal}. */
    static void writeHeader(MemorySegment file, long entry, long key, int length) {
        file.set(LONG, entry + KEY_OFFSET, key);
        file.set(INT, entry + LENGTH_OFFSET, length);
    }

    /** Computes and stores the checksum of a written entry. */
    static void seal(MemorySegment file, long entry) {
        file.set(INT, entry + CHECKSUM_OFFSET, checksum(file, entry, length(file, entry)));
    }

    /** The checksum the entry at {@code entry} should carry, from its key, length and value. */
    static int checksum(MemorySegment file, long entry, int length) {
        return Checksums.crc32c(file, entry + LENGTH_OFFSET, VALUE_OFFSET - LENGTH_OFFSET + length);
    }
}

package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * One entry of the append-only value log (format version 2): a 32-byte header, the key's bytes
 * (byte-string keys only) and the value, padded to a multiple of 8 bytes so the next entry is
 * 8-aligned. Little-endian.
 *
 * <pre>
 *  0         4         8                   16        20        24                  32
 *  +---------+---------+-------------------+---------+---------+-------------------+
 *  | CRC32C  | value   | key               | key     | zero    | expires at        |
 *  |  int32  | length  |      int64        | length  |         | int64, ms since   |
 *  |         |  int32  |                   |  int32  |         | 1970; 0 = never   |
 *  +---------+---------+-------------------+---------+---------+-------------------+
 *  32
 *  +---------------------------+----------------------+---------+
 *  | key bytes (key length of  | value (value length  | padding |
 *  | them; none for a long key)|  bytes)              | to 8    |
 *  +---------------------------+----------------------+---------+
 *  key: the long key itself, or for a byte-string key the 64-bit hash of its bytes (ByteKeyHash)
 *  key length: -1 for a long key, else the byte-string key's length (0 allowed)
 *  CRC32C covers bytes 4 .. 32 + key bytes + value length: everything but itself, in one run.
 * </pre>
 *
 * An entry is never changed while a slot points at it: an update writes a new entry (appended, or
 * in the room of a freed one of the same size) and moves the slot. An entry no slot points at any
 * more may be <b>freed</b> ({@link FreeEntries}): its reserved word (bytes 20..24) then holds
 * {@link #FREED} and its key field the offset of the next freed entry of its stack (0: none); its
 * lengths, expiry time and value stay as they were, so it still spans the same bytes. A freed entry is not whole (reserved word and checksum).
 * Stateless; thread-safe.
 */
final class EntryLayout {

    static final int HEADER_BYTES = 32;
    static final int ALIGNMENT = 8;
    /** The key length of an entry whose key is a {@code long}, not a byte string. */
    static final int LONG_KEY = -1;
    static final long CHECKSUM_OFFSET = 0;
    static final long LENGTH_OFFSET = 4;
    static final long KEY_OFFSET = 8;
    static final long KEY_LENGTH_OFFSET = 16;
    static final long EXPIRES_AT_OFFSET = 24;
    /** Where the key bytes start; the value follows them. */
    static final long KEY_BYTES_OFFSET = 32;

    /** The reserved word of a freed entry: "FREE" in ASCII, little-endian. */
    static final int FREED = 0x45455246;
    static final long RESERVED_OFFSET = 20;

    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT.withOrder(ByteOrder.LITTLE_ENDIAN);

    private EntryLayout() {
    }

    /** Bytes an entry takes in the log, padding included, for {@code keyBytes} key bytes (0 for a long key). */
    static long entryBytes(int keyBytes, long valueLength) {
        return (HEADER_BYTES + keyBytes + valueLength + ALIGNMENT - 1) & -ALIGNMENT;
    }

    /** Bytes the entry at {@code entry} takes in the log, padding included. */
    // hot path: no allocation
    static long entryBytes(MemorySegment file, long entry) {
        return entryBytes(keyBytes(file, entry), length(file, entry));
    }

    // hot path: no allocation
    static long key(MemorySegment file, long entry) {
        return file.get(LONG, entry + KEY_OFFSET);
    }

    /** The value's length. */
    // hot path: no allocation
    static int length(MemorySegment file, long entry) {
        return file.get(INT, entry + LENGTH_OFFSET);
    }

    /** The stored key length: {@link #LONG_KEY} or the byte-string key's length. */
    // hot path: no allocation
    static int keyLength(MemorySegment file, long entry) {
        return file.get(INT, entry + KEY_LENGTH_OFFSET);
    }

    /** Key bytes in the entry: 0 for a long key. */
    // hot path: no allocation
    static int keyBytes(MemorySegment file, long entry) {
        return Math.max(0, keyLength(file, entry));
    }

    /** Where the value of the entry at {@code entry} starts in the file. */
    // hot path: no allocation
    static long valueOffset(MemorySegment file, long entry) {
        return entry + KEY_BYTES_OFFSET + keyBytes(file, entry);
    }

    // hot path: no allocation
    static long expiresAt(MemorySegment file, long entry) {
        return file.get(LONG, entry + EXPIRES_AT_OFFSET);
    }

    /** Whether the entry carries an expiry time that has passed (reads the clock only if it has one). */
    // hot path: no allocation
    static boolean isExpired(MemorySegment file, long entry) {
        long expiresAt = expiresAt(file, entry);
        return expiresAt != 0 && expiresAt <= System.currentTimeMillis();
    }

    /** Whether the entry's key is the byte string {@code key}. */
    // hot path: no allocation
    static boolean hasKey(MemorySegment file, long entry, ByteKey key) {
        return keyLength(file, entry) == key.length() && key.matches(file, entry + KEY_BYTES_OFFSET);
    }

    static int storedChecksum(MemorySegment file, long entry) {
        return file.get(INT, entry + CHECKSUM_OFFSET);
    }

    /**
     * Writes the header fields (all but the checksum); the caller then copies the key bytes and the
     * value and calls {@link #seal}.
     */
    // hot path: no allocation
    static void writeHeader(MemorySegment file, long entry, long key, int keyLength, int length, long expiresAt) {
        file.set(INT, entry + LENGTH_OFFSET, length);
        file.set(LONG, entry + KEY_OFFSET, key);
        file.set(INT, entry + KEY_LENGTH_OFFSET, keyLength);
        file.set(INT, entry + RESERVED_OFFSET, 0);
        file.set(LONG, entry + EXPIRES_AT_OFFSET, expiresAt);
    }

    /**
     * Marks the entry at {@code entry}, which no slot points at any more, freed: {@code next} (the
     * next freed entry of its stack, or 0) in its key field, {@link #FREED} in its reserved word.
     * Its lengths and value bytes are left as they were.
     */
    // hot path: no allocation
    static void markFreed(MemorySegment file, long entry, long next) {
        file.set(LONG, entry + KEY_OFFSET, next);
        file.set(INT, entry + RESERVED_OFFSET, FREED);
    }

    /** The freed entry after the freed entry {@code entry} in its stack, or 0. */
    // hot path: no allocation
    static long nextFreed(MemorySegment file, long entry) {
        return file.get(LONG, entry + KEY_OFFSET);
    }

    /** Computes and stores the checksum of a written entry. */
    // hot path: no allocation
    static void seal(MemorySegment file, long entry) {
        file.set(INT, entry + CHECKSUM_OFFSET, checksum(file, entry, keyBytes(file, entry), length(file, entry)));
    }

    /** The checksum the entry at {@code entry} should carry, from its header fields, key bytes and value. */
    static int checksum(MemorySegment file, long entry, int keyBytes, int length) {
        return Checksums.crc32c(file, entry + LENGTH_OFFSET, KEY_BYTES_OFFSET - LENGTH_OFFSET + keyBytes + length);
    }
}

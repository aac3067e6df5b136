package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * One entry of the append-only value log (format versions 3 and 4): a 16-byte compact header for the
 * common entry (a long key, no expiry time), or the 32-byte extended header (a byte-string key, or
 * an expiry time), then the key's bytes (byte-string keys only) and the value, padded to a
 * multiple of 8 bytes so the next entry is 8-aligned. Little-endian.
 *
 * <pre>
 *  compact (long key, no expiry): the value starts at 16
 *  0         4         8                   16
 *  +---------+---------+-------------------+----------------------+---------+
 *  | CRC32C  | length  | key               | value (value length  | padding |
 *  |  int32  | word    |      int64        |  bytes)              | to 8    |
 *  +---------+---------+-------------------+----------------------+---------+
 *
 *  extended (EXTENDED bit set): the key bytes start at 32, the value follows them
 *  0         4         8                   16        20        24                  32
 *  +---------+---------+-------------------+---------+---------+-------------------+
 *  | CRC32C  | length  | key               | key     | zero    | expires at        |
 *  |  int32  | word    |      int64        | length  |         | int64, ms since   |
 *  |         |         |                   |  int32  |         | 1970; 0 = never   |
 *  +---------+---------+-------------------+---------+---------+-------------------+
 *  32
 *  +---------------------------+----------------------+---------+
 *  | key bytes (key length of  | value (value length  | padding |
 *  | them; none for a long key)|  bytes)              | to 8    |
 *  +---------------------------+----------------------+---------+
 *
 *  length word: bits 0..29 the value's length (at most 2^30 - 1), bit 30 FREED, bit 31 EXTENDED
 *  key: the long key itself, or for a byte-string key the 64-bit hash of its bytes (KeyHash.ofBytes)
 *  key length: -1 for a long key (with an expiry time), else the byte-string key's length (0 allowed)
 *  CRC32C covers bytes 4 .. header + key bytes + value length: everything but itself, in one run.
 * </pre>
 *
 * An entry is never changed while a slot points at it: an update writes a new entry (appended, or
 * in the room of a freed one: of the same size, or the front of a bigger one, whose rest is then
 * marked a freed entry of its own, {@link #markFreedRoom}) and moves the slot. An entry no slot points at any
 * more may be <b>freed</b> ({@link FreeEntries}): its length word then has the {@link #FREED} bit
 * and its key field holds the offset of the next freed entry of its stack (0: none); its value
 * length, header kind, key length, expiry time and value stay as they were, so it still spans the
 * same bytes and a scan steps over it. A freed entry is not whole (the mark, and its checksum
 * fails). Stateless; thread-safe.
 */
final class EntryLayout {

    /** Header bytes of an entry of a long key without an expiry time. */
    static final int COMPACT_HEADER_BYTES = 16;
    /** Header bytes of an entry of a byte-string key, or with an expiry time. */
    static final int EXTENDED_HEADER_BYTES = 32;
    /** The fewest bytes an entry takes: what a scan needs to read its length word and key. */
    static final int MIN_ENTRY_BYTES = COMPACT_HEADER_BYTES;
    static final int ALIGNMENT = 8;
    /** The key length of an entry whose key is a {@code long}, not a byte string. */
    static final int LONG_KEY = -1;
    static final long CHECKSUM_OFFSET = 0;
    static final long LENGTH_OFFSET = 4;
    static final long KEY_OFFSET = 8;
    /** Extended header only. */
    static final long KEY_LENGTH_OFFSET = 16;
    /** Extended header only: a word every writer sets to 0 (format 2 marked freed entries there). */
    static final long RESERVED_OFFSET = 20;
    /** Extended header only. */
    static final long EXPIRES_AT_OFFSET = 24;
    /** Where a byte-string key's bytes start (its entry is always extended); the value follows them. */
    static final long KEY_BYTES_OFFSET = EXTENDED_HEADER_BYTES;

    /** Bit of the length word: the entry has the 32-byte extended header. */
    static final int EXTENDED = 1 << 31;
    /** Bit of the length word: the entry was freed ({@link #markFreed}). */
    static final int FREED = 1 << 30;
    /** Bits of the length word that hold the value's length. */
    static final int LENGTH_MASK = FREED - 1;
    /** The longest value the format can hold: 2^30 - 1 bytes. */
    static final int MAX_LENGTH = LENGTH_MASK;

    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT.withOrder(ByteOrder.LITTLE_ENDIAN);

    private EntryLayout() {
    }

    /** Whether the entry of a key ({@code byteKey}) with {@code expiresAt} (0: never) needs the extended header. */
    // hot path: no allocation
    static boolean isExtended(boolean byteKey, long expiresAt) {
        return byteKey || expiresAt != 0;
    }

    /**
     * Bytes an entry takes in the log, padding included, for {@code keyBytes} key bytes (0 for a
     * long key), with the extended header or the compact one.
     */
    // hot path: no allocation
    static long entryBytes(boolean extended, int keyBytes, long valueLength) {
        int header = extended ? EXTENDED_HEADER_BYTES : COMPACT_HEADER_BYTES;
        return ((long) header + keyBytes + valueLength + ALIGNMENT - 1) & -ALIGNMENT; // long: no int overflow on a crafted key length
    }

    /** Bytes the entry at {@code entry} takes in the log, padding included (a freed entry's too). */
    // hot path: no allocation
    static long entryBytes(MemorySegment file, long entry) {
        int word = lengthWord(file, entry);
        boolean extended = (word & EXTENDED) != 0;
        return entryBytes(extended, extended ? Math.max(0, extendedKeyLength(file, entry)) : 0, word & LENGTH_MASK);
    }

    // hot path: no allocation
    static long key(MemorySegment file, long entry) {
        return file.get(LONG, entry + KEY_OFFSET);
    }

    /** The length word as stored: the value's length and the {@link #EXTENDED} and {@link #FREED} bits. */
    // hot path: no allocation
    static int lengthWord(MemorySegment file, long entry) {
        return file.get(INT, entry + LENGTH_OFFSET);
    }

    /** The value's length (the flag bits cleared). */
    // hot path: no allocation
    static int length(MemorySegment file, long entry) {
        return lengthWord(file, entry) & LENGTH_MASK;
    }

    /** Whether the entry has the extended header. */
    // hot path: no allocation
    static boolean isExtended(MemorySegment file, long entry) {
        return (lengthWord(file, entry) & EXTENDED) != 0;
    }

    /** Whether the entry was marked freed. */
    static boolean isFreed(MemorySegment file, long entry) {
        return (lengthWord(file, entry) & FREED) != 0;
    }

    /** Header bytes of the entry: {@link #COMPACT_HEADER_BYTES} or {@link #EXTENDED_HEADER_BYTES}. */
    // hot path: no allocation
    static int headerBytes(MemorySegment file, long entry) {
        return isExtended(file, entry) ? EXTENDED_HEADER_BYTES : COMPACT_HEADER_BYTES;
    }

    /** The key length: {@link #LONG_KEY} or the byte-string key's length. */
    // hot path: no allocation
    static int keyLength(MemorySegment file, long entry) {
        return isExtended(file, entry) ? extendedKeyLength(file, entry) : LONG_KEY;
    }

    /** The key length field of an extended header. */
    // hot path: no allocation
    static int extendedKeyLength(MemorySegment file, long entry) {
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
        return isExtended(file, entry)
                ? entry + EXTENDED_HEADER_BYTES + Math.max(0, extendedKeyLength(file, entry))
                : entry + COMPACT_HEADER_BYTES;
    }

    /** When the entry expires, in ms since 1970; 0 (never) for a compact entry. */
    // hot path: no allocation
    static long expiresAt(MemorySegment file, long entry) {
        return isExtended(file, entry) ? file.get(LONG, entry + EXPIRES_AT_OFFSET) : 0;
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
        return isExtended(file, entry) && extendedKeyLength(file, entry) == key.length()
                && key.matches(file, entry + KEY_BYTES_OFFSET);
    }

    static int storedChecksum(MemorySegment file, long entry) {
        return file.get(INT, entry + CHECKSUM_OFFSET);
    }

    /**
     * Writes the header fields (all but the checksum): the compact header for a long key
     * ({@code keyLength} {@link #LONG_KEY}) without an expiry time, else the extended one. The caller
     * then copies the key bytes and the value from the returned offset and calls {@link #seal}.
     *
     * @return where the key bytes (and after them the value) go
     */
    // hot path: no allocation
    static long writeHeader(MemorySegment file, long entry, long key, int keyLength, int length, long expiresAt) {
        file.set(LONG, entry + KEY_OFFSET, key);
        if (!isExtended(keyLength != LONG_KEY, expiresAt)) {
            file.set(INT, entry + LENGTH_OFFSET, length);
            return entry + COMPACT_HEADER_BYTES;
        }
        file.set(INT, entry + LENGTH_OFFSET, length | EXTENDED);
        file.set(INT, entry + KEY_LENGTH_OFFSET, keyLength);
        file.set(INT, entry + RESERVED_OFFSET, 0);
        file.set(LONG, entry + EXPIRES_AT_OFFSET, expiresAt);
        return entry + EXTENDED_HEADER_BYTES;
    }

    /**
     * Marks the entry at {@code entry}, which no slot points at any more, freed: {@code next} (the
     * next freed entry of its stack, or 0) in its key field, the {@link #FREED} bit in its length
     * word. Its lengths, header kind and value bytes are left as they were.
     */
    // hot path: no allocation
    static void markFreed(MemorySegment file, long entry, long next) {
        file.set(LONG, entry + KEY_OFFSET, next);
        file.set(INT, entry + LENGTH_OFFSET, lengthWord(file, entry) | FREED);
    }

    /**
     * Marks the {@code bytes} (a multiple of 8, at least {@link #MIN_ENTRY_BYTES}) at {@code at},
     * the rest of a freed entry whose front a put takes, a freed entry of their own: a compact
     * header spanning them, with the {@link #FREED} bit and {@code next} in the key field. Written
     * before the put's entry, whose length word then ends the bigger entry's span here, so a scan
     * steps over the rest at any instant.
     */
    // hot path: no allocation
    static void markFreedRoom(MemorySegment file, long at, long bytes, long next) {
        file.set(INT, at + CHECKSUM_OFFSET, 0);
        file.set(LONG, at + KEY_OFFSET, next);
        file.set(INT, at + LENGTH_OFFSET, FREED | (int) (bytes - COMPACT_HEADER_BYTES));
    }

    /** The freed entry after the freed entry {@code entry} in its stack, or 0. */
    // hot path: no allocation
    static long nextFreed(MemorySegment file, long entry) {
        return file.get(LONG, entry + KEY_OFFSET);
    }

    /** Computes and stores the checksum of a written entry. */
    // hot path: no allocation
    static void seal(MemorySegment file, long entry) {
        file.set(INT, entry + CHECKSUM_OFFSET,
                checksum(file, entry, headerBytes(file, entry), keyBytes(file, entry), length(file, entry)));
    }

    /**
     * The checksum the entry at {@code entry} should carry, from its header fields, key bytes and
     * value, for a header of {@code headerBytes}.
     */
    // hot path: no allocation
    static int checksum(MemorySegment file, long entry, int headerBytes, int keyBytes, int length) {
        return Checksums.crc32c(file, entry + LENGTH_OFFSET, headerBytes - LENGTH_OFFSET + keyBytes + (long) length);
    }
}

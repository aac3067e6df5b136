package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * The header page of a store file: the first 4,096 bytes. All fields little-endian.
 *
 * <pre>
 *  0                   8         12        16        20        24
 *  +-------------------+---------+---------+---------+---------+
 *  | magic "allocKV1"  | version | header  | segments| slots   |
 *  |      int64        |  int32  |  bytes  |  int32  | per seg |
 *  +-------------------+---------+---------+---------+---------+
 *  24                  32                  40                  48
 *  +-------------------+-------------------+-------------------+
 *  | table offset      | log offset        | log bytes         |
 *  |      int64        |      int64        |      int64        |
 *  +-------------------+-------------------+-------------------+
 *  48        52        56        60        64                  72               4096
 *  +---------+---------+---------+---------+-------------------+------------------+
 *  | max     | durabi- | max key | CRC32C  | key seed (v5)     |  zero            |
 *  | value   | lity    | bytes   | (below) |      int64        |                  |
 *  +---------+---------+---------+---------+-------------------+------------------+
 * </pre>
 *
 * The checksum covers bytes 0 to 60 (version 4), or 0 to 60 and 64 to 72 (version 5).
 *
 * Version 2 (byte-string keys, expiry times) added the max key field and moved the checksum from 56
 * to 60. Version 3 keeps this header page as it is and changes what follows it: 8-byte slots
 * ({@link SlotLayout}), which limit a file to 1 TiB and its segments to 256, and a 16-byte entry
 * header for a long key without an expiry time ({@link EntryLayout}). Version 4 (2026-11-25) holds a
 * long key from 0 to 2^24 - 1 whole in its slot, in place of a tag of its hash ({@link SlotLayout}):
 * its entries are version 3's, its slots of such keys are not. Version 5 (issue 34) adds the key
 * seed of the byte-key hash ({@link KeyHash#ofBytes}, SipHash keyed by it; 0: version 4's unkeyed
 * hash) and nothing else: version 4 files are read as version 5 files of seed 0 (a growth or repair
 * writes them as such; a build before version 5 then refuses them by version). Files of versions 1
 * to 3 are refused by name, never misread.
 *
 * <p>The header is written when the file is made, and changed in one way only: a log grown in
 * place ({@link #extendLog}, since 2026-11-24) gets a larger log length. That is made in an order a
 * crash can interrupt anywhere: the file is made longer first, then the checksum of the new fields
 * is written, then the log length. {@link #read} takes a file longer than its header says for a log
 * extension a crash cut short before the header changed (the header's length holds; the opening
 * store drops the extra bytes), and a checksum that holds only for the file's own length for one cut
 * short between the checksum and the length (the file's length holds; the opening store writes the
 * field). A build before that date refuses both, and any extended file ("unexpected length").
 * Stateless; thread-safe.
 */
final class HeaderLayout {

    /** Bytes of the header page; the table starts here. */
    static final int HEADER_BYTES = 4096;
    /** "allocKV1" in ASCII, read as a little-endian long. */
    static final long MAGIC = 0x31564B636F6C6C61L;
    static final int VERSION = 5;
    /** The oldest version read: its byte-key hash is unkeyed (a key seed of 0). */
    static final int UNKEYED_VERSION = 4;

    static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    static final long MAGIC_OFFSET = 0;
    static final long VERSION_OFFSET = 8;
    static final long HEADER_BYTES_OFFSET = 12;
    static final long SEGMENTS_OFFSET = 16;
    static final long SLOTS_PER_SEGMENT_OFFSET = 20;
    static final long TABLE_OFFSET_OFFSET = 24;
    static final long LOG_OFFSET_OFFSET = 32;
    static final long LOG_BYTES_OFFSET = 40;
    static final long MAX_VALUE_OFFSET = 48;
    static final long DURABILITY_OFFSET = 52;
    static final long MAX_KEY_OFFSET = 56;
    static final long CHECKSUM_OFFSET = 60;
    static final long KEY_SEED_OFFSET = 64;
    /** The end of the fields version 5's checksum covers. */
    private static final int FIELDS_END = 72;

    private HeaderLayout() {
    }

    /** Writes {@code header} at the start of {@code file}, checksum included. */
    static void write(MemorySegment file, StoreHeader header) {
        file.asSlice(0, HEADER_BYTES).fill((byte) 0);
        file.set(LONG, MAGIC_OFFSET, MAGIC);
        file.set(INT, VERSION_OFFSET, VERSION);
        file.set(INT, HEADER_BYTES_OFFSET, HEADER_BYTES);
        file.set(INT, SEGMENTS_OFFSET, header.segments());
        file.set(INT, SLOTS_PER_SEGMENT_OFFSET, header.slotsPerSegment());
        file.set(LONG, TABLE_OFFSET_OFFSET, header.tableOffset());
        file.set(LONG, LOG_OFFSET_OFFSET, header.logOffset());
        file.set(LONG, LOG_BYTES_OFFSET, header.logBytes());
        file.set(INT, MAX_VALUE_OFFSET, header.maxValueBytes());
        file.set(INT, DURABILITY_OFFSET, header.durability().ordinal());
        file.set(INT, MAX_KEY_OFFSET, header.maxKeyBytes());
        file.set(LONG, KEY_SEED_OFFSET, header.keySeed());
        file.set(INT, CHECKSUM_OFFSET, checksum(file, VERSION));
    }

    /** The checksum of the header fields at the start of {@code bytes}, laid out as {@code version}'s. */
    static int checksum(MemorySegment bytes, int version) {
        if (version == UNKEYED_VERSION) {
            return Checksums.crc32c(bytes, 0, CHECKSUM_OFFSET);
        }
        MemorySegment fields = MemorySegment.ofArray(new byte[FIELDS_END]);
        fields.copyFrom(bytes.asSlice(0, FIELDS_END));
        fields.set(INT, CHECKSUM_OFFSET, 0); // the checksum's own field counts as zero
        return Checksums.crc32c(fields, 0, FIELDS_END);
    }

    /**
     * Writes the header of a log grown in place to {@code logBytes} into the header page at the start
     * of {@code file}, whose file was made long enough for it: the checksum of the new fields first,
     * then the log length (see the class comment: a crash between the two is healed on opening).
     */
    static void extendLog(MemorySegment file, long logBytes) {
        MemorySegment fields = MemorySegment.ofArray(new byte[FIELDS_END]);
        fields.copyFrom(file.asSlice(0, FIELDS_END));
        fields.set(LONG, LOG_BYTES_OFFSET, logBytes);
        file.set(INT, CHECKSUM_OFFSET, checksum(fields, file.get(INT, VERSION_OFFSET))); // a version 4 file stays one
        file.set(LONG, LOG_BYTES_OFFSET, logBytes);
    }

    /** The log length field as stored (which a crash during {@link #extendLog} may have left behind the checksum). */
    static long storedLogBytes(MemorySegment bytes) {
        return bytes.get(LONG, LOG_BYTES_OFFSET);
    }

    /**
     * Reads and checks the header at the start of {@code bytes} (the first bytes of {@code path},
     * at most {@link #HEADER_BYTES}), for a file of {@code fileSize} bytes.
     *
     * A file longer than the header says is taken for a log extension a crash cut short: its header
     * holds (the bytes past it are not the store's).
     *
     * @throws StoreFileException naming the file and the problem: not a store, another version,
     *                            corrupted header, truncated file
     */
    static StoreHeader read(Path path, MemorySegment bytes, long fileSize) throws StoreFileException {
        StoreHeader header = readAnyLength(path, bytes, fileSize);
        if (fileSize < header.fileBytes()) {
            throw new StoreFileException(path, "truncated: " + fileSize + " bytes, the header says "
                    + header.fileBytes(), true);
        }
        return header;
    }

    /**
     * As {@link #read}, without comparing the file's length with the header's: for
     * {@link StoreRepair}, which reads what is left of a truncated file.
     */
    static StoreHeader readAnyLength(Path path, MemorySegment bytes, long fileSize) throws StoreFileException {
        if (bytes.byteSize() < 8 || bytes.get(LONG, MAGIC_OFFSET) != MAGIC) {
            throw new StoreFileException(path, "not an allocpool kv store (no 'allocKV1' magic at the start)");
        }
        if (bytes.byteSize() < HEADER_BYTES) {
            throw new StoreFileException(path, "truncated: " + fileSize + " bytes, shorter than the "
                    + HEADER_BYTES + "-byte header");
        }
        int version = bytes.get(INT, VERSION_OFFSET);
        String reads = "this build reads versions " + UNKEYED_VERSION + " and " + VERSION;
        if (version == 1) {
            throw new StoreFileException(path, "format version 1 (long keys only, before byte keys and expiry), "
                    + reads + "; rewrite the data with the build that made it");
        }
        if (version == 2) {
            throw new StoreFileException(path, "format version 2 (32-byte entry headers, 16-byte slots), "
                    + reads + "; rewrite the data with the build that made it");
        }
        if (version == 3) {
            throw new StoreFileException(path, "format version 3 (slots with a tag of every key's hash, none holding "
                    + "a key), " + reads + "; rewrite the data with the build that made it");
        }
        if (version != VERSION && version != UNKEYED_VERSION) {
            throw new StoreFileException(path, "format version " + version + ", " + reads);
        }
        int stored = bytes.get(INT, CHECKSUM_OFFSET);
        int actual = checksum(bytes, version);
        if (stored != actual) {
            MemorySegment extended = extensionCutShort(bytes, fileSize, stored, version);
            if (extended == null) {
                throw new StoreFileException(path, "corrupted header: checksum mismatch (stored "
                        + Integer.toHexString(stored) + ", computed " + Integer.toHexString(actual) + ")");
            }
            return fields(path, extended, version);
        }
        return fields(path, bytes, version);
    }

    /**
     * The header's fields with the log length the file's own length implies, when the stored
     * checksum holds for those (a crash fell between {@link #extendLog}'s two writes); else null.
     */
    private static MemorySegment extensionCutShort(MemorySegment bytes, long fileSize, int stored, int version) {
        long logBytes = fileSize - bytes.get(LONG, LOG_OFFSET_OFFSET);
        if (logBytes <= 0 || logBytes % EntryLayout.ALIGNMENT != 0) {
            return null;
        }
        MemorySegment fields = MemorySegment.ofArray(new byte[HEADER_BYTES]);
        fields.copyFrom(bytes.asSlice(0, HEADER_BYTES));
        fields.set(LONG, LOG_BYTES_OFFSET, logBytes);
        return checksum(fields, version) == stored ? fields : null;
    }

    private static StoreHeader fields(Path path, MemorySegment bytes, int version) throws StoreFileException {
        int headerBytes = bytes.get(INT, HEADER_BYTES_OFFSET);
        int segments = bytes.get(INT, SEGMENTS_OFFSET);
        int slotsPerSegment = bytes.get(INT, SLOTS_PER_SEGMENT_OFFSET);
        long logBytes = bytes.get(LONG, LOG_BYTES_OFFSET);
        int maxValue = bytes.get(INT, MAX_VALUE_OFFSET);
        int durability = bytes.get(INT, DURABILITY_OFFSET);
        int maxKey = bytes.get(INT, MAX_KEY_OFFSET);
        if (headerBytes != HEADER_BYTES || !isPowerOfTwo(segments) || !isPowerOfTwo(slotsPerSegment)
                || logBytes <= 0 || logBytes % EntryLayout.ALIGNMENT != 0 || maxValue < 1
                || maxValue > EntryLayout.MAX_LENGTH
                || durability < 0 || durability >= Durability.values().length || maxKey < 1) {
            throw new StoreFileException(path, "corrupted header: impossible layout parameters");
        }
        if (segments > SlotLayout.MAX_SEGMENTS) {
            throw new StoreFileException(path, "corrupted header: impossible layout parameters");
        }
        long keySeed = version == UNKEYED_VERSION ? 0 : bytes.get(LONG, KEY_SEED_OFFSET);
        StoreHeader header = new StoreHeader(segments, slotsPerSegment, logBytes, maxValue,
                Durability.values()[durability], maxKey, keySeed);
        checkFileBytes(path, header);
        if (bytes.get(LONG, TABLE_OFFSET_OFFSET) != header.tableOffset()
                || bytes.get(LONG, LOG_OFFSET_OFFSET) != header.logOffset()) {
            throw new StoreFileException(path, "corrupted header: table or log offset does not match the layout");
        }
        return header;
    }

    /**
     * Refuses a layout whose file would reach {@link SlotLayout#MAX_FILE_BYTES} (1 TiB): a slot holds
     * an entry's offset in 40 bits.
     *
     * @throws StoreFileException naming the file, its length and the limit
     */
    static void checkFileBytes(Path path, StoreHeader header) throws StoreFileException {
        if (header.fileBytes() >= SlotLayout.MAX_FILE_BYTES) {
            throw new StoreFileException(path, "a store file of " + header.fileBytes() + " bytes is over format version "
                    + VERSION + "'s limit of 1 TiB (" + SlotLayout.MAX_FILE_BYTES + " bytes: a slot holds an entry's offset"
                    + " in " + SlotLayout.OFFSET_BITS + " bits)");
        }
    }

    private static boolean isPowerOfTwo(int n) {
        return n > 0 && (n & (n - 1)) == 0;
    }
}

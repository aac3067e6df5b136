package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Judges the bytes at one offset of a possibly damaged store file: do they hold a whole entry
 * ({@link EntryLayout}) of the value log? Unlike {@link TableScan}, which trusts the file's length,
 * it reads only the bytes the file still has ({@code file.byteSize()} may be less than the header
 * says, for a truncated file) and never trusts a length field before checking it fits. Used by
 * {@link StoreRepair} and {@link LogScan}. Stateless; thread-safe.
 */
final class EntryCheck {

    /** What the bytes at an offset are. */
    enum Verdict {
        /** A whole entry: plausible header, in the log, key bytes hashing to the key, checksum right. */
        WHOLE,
        /** Not an entry offset at all: misaligned, or outside the log. */
        OUTSIDE_LOG,
        /** The file ends before the entry does (a truncated file). */
        TORN,
        /** Header fields no writer makes (oversized lengths, a negative key length, a non-zero reserved word). */
        IMPLAUSIBLE,
        /** Checksum right but the key bytes do not hash to the key: written wrong, never by this store. */
        BAD_KEY_BYTES,
        /** The checksum does not match the bytes. */
        BAD_CHECKSUM,
        /** The room of a replaced or removed value, marked freed by the store ({@link EntryLayout#markFreed}): no entry, but no damage. */
        FREED
    }

    private EntryCheck() {
    }

    /**
     * Judges the bytes at {@code entry} of {@code file}, whose value log runs from
     * {@code logOffset} to {@code logEnd} (the header's end of file, which the mapping may fall
     * short of), in a file whose byte-key hash is keyed by {@code keySeed}.
     */
    static Verdict check(MemorySegment file, long entry, long logOffset, long logEnd, long keySeed) {
        if ((entry & (EntryLayout.ALIGNMENT - 1)) != 0 || entry < logOffset
                || entry > logEnd - EntryLayout.MIN_ENTRY_BYTES) {
            return Verdict.OUTSIDE_LOG;
        }
        long available = file.byteSize();
        if (entry + EntryLayout.MIN_ENTRY_BYTES > available) {
            return Verdict.TORN;
        }
        int word = EntryLayout.lengthWord(file, entry);
        boolean extended = (word & EntryLayout.EXTENDED) != 0;
        int length = word & EntryLayout.LENGTH_MASK;
        int headerBytes = extended ? EntryLayout.EXTENDED_HEADER_BYTES : EntryLayout.COMPACT_HEADER_BYTES;
        if (entry + headerBytes > logEnd || length > StoreConfig.MAX_VALUE_LIMIT) {
            return Verdict.IMPLAUSIBLE;
        }
        if (entry + headerBytes > available) {
            return Verdict.TORN;
        }
        int keyLength = EntryLayout.LONG_KEY;
        if (extended) {
            keyLength = EntryLayout.extendedKeyLength(file, entry);
            int reserved = file.get(ValueLayout.JAVA_INT_UNALIGNED, entry + EntryLayout.RESERVED_OFFSET);
            if (keyLength < EntryLayout.LONG_KEY || keyLength > StoreConfig.MAX_KEY_LIMIT || reserved != 0) {
                return Verdict.IMPLAUSIBLE;
            }
        }
        int keyBytes = Math.max(0, keyLength);
        long end = entry + EntryLayout.entryBytes(extended, keyBytes, length);
        if (end > logEnd) {
            return Verdict.IMPLAUSIBLE;
        }
        if (end > available) {
            return Verdict.TORN;
        }
        if ((word & EntryLayout.FREED) != 0) {
            return Verdict.FREED;
        }
        boolean keyMatches = keyLength < 0
                || KeyHash.ofBytes(keySeed, file, entry + EntryLayout.KEY_BYTES_OFFSET, keyLength) == EntryLayout.key(file, entry);
        if (EntryLayout.storedChecksum(file, entry) != EntryLayout.checksum(file, entry, headerBytes, keyBytes, length)) {
            return Verdict.BAD_CHECKSUM;
        }
        return keyMatches ? Verdict.WHOLE : Verdict.BAD_KEY_BYTES;
    }
}

package org.allocpool.kv.store;

/**
 * The layout parameters of one store file, as its header records them (see {@link HeaderLayout}).
 * Immutable: a file's header is written when the file is made; a growth writes a new file with a
 * new header, or grows the log in place and writes a larger log length ({@link #withLogBytes}).
 *
 * @param segments        independently locked parts of the slot table (a power of two)
 * @param slotsPerSegment slots in each segment (a power of two)
 * @param logBytes        bytes in the value log region
 * @param maxValueBytes   the largest value accepted when the file was made
 * @param durability      the durability the file was made with ({@link MappedStore#openExisting})
 * @param maxKeyBytes     the longest byte-string key accepted when the file was made
 * @param keySeed         the key of the byte-key hash ({@link KeyHash#ofBytes}): random when the store
 *                        was made, kept by every file its growths and repairs make; 0 in a file of
 *                        format version 4 (the unkeyed hash)
 */
record StoreHeader(int segments, int slotsPerSegment, long logBytes, int maxValueBytes, Durability durability,
                   int maxKeyBytes, long keySeed) {

    /** The same layout with a log of {@code bytes}. */
    StoreHeader withLogBytes(long bytes) {
        return new StoreHeader(segments, slotsPerSegment, bytes, maxValueBytes, durability, maxKeyBytes, keySeed);
    }

    /** Where the slot table starts: right after the header page. */
    long tableOffset() {
        return HeaderLayout.HEADER_BYTES;
    }

    /** Slots in the whole table. */
    long slots() {
        return (long) segments * slotsPerSegment;
    }

    /** Where the value log starts: after the table, on a page boundary. */
    long logOffset() {
        long tableEnd = tableOffset() + slots() * SlotLayout.SLOT_BYTES;
        return (tableEnd + HeaderLayout.HEADER_BYTES - 1) / HeaderLayout.HEADER_BYTES * HeaderLayout.HEADER_BYTES;
    }

    /** The file's exact length. */
    long fileBytes() {
        return logOffset() + logBytes;
    }
}

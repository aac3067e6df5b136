package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.util.zip.CRC32C;

/**
 * CRC32C (Castagnoli) over ranges of a segment, through the JDK's intrinsic
 * {@link CRC32C}. Stateless and thread-safe; each call allocates a checksum object and a buffer
 * view (a few dozen bytes), which is why reads never verify checksums on the hot path.
 */
final class Checksums {

    private Checksums() {
    }

    /** CRC32C of {@code length} bytes of {@code segment} from {@code offset}. */
    static int crc32c(MemorySegment segment, long offset, long length) {
        CRC32C crc = new CRC32C();
        crc.update(segment.asSlice(offset, length).asByteBuffer());
        return (int) crc.getValue();
    }

    /** CRC32C of two ranges of {@code segment}, the first then the second, as if contiguous. */
    static int crc32c(MemorySegment segment, long offset1, long length1, long offset2, long length2) {
        CRC32C crc = new CRC32C();
        crc.update(segment.asSlice(offset1, length1).asByteBuffer());
        if (length2 > 0) {
            crc.update(segment.asSlice(offset2, length2).asByteBuffer());
        }
        return (int) crc.getValue();
    }
}

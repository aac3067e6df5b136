package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * CRC32C (Castagnoli) over ranges of a segment, through the JDK's intrinsic {@link CRC32C}.
 * Thread-safe: each thread keeps its own checksum object and a {@code ByteBuffer} view of the
 * last segment it checksummed (a store's whole mapping), so checksumming in a put or a scan
 * allocates nothing once the thread has seen the mapping. Segments over 2 GiB, which one buffer
 * cannot view, fall back to a view per call.
 */
final class Checksums {

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    private Checksums() {
    }

    /** CRC32C of {@code length} bytes of {@code segment} from {@code offset}. */
    // hot path: no allocation (after the thread's first call on this segment)
    static int crc32c(MemorySegment segment, long offset, long length) {
        Scratch scratch = SCRATCH.get();
        CRC32C crc = scratch.crc;
        crc.reset();
        ByteBuffer view = scratch.viewOf(segment);
        if (view != null) {
            view.clear();
            view.limit((int) (offset + length));
            view.position((int) offset);
            crc.update(view);
        } else {
            crc.update(segment.asSlice(offset, length).asByteBuffer());
        }
        return (int) crc.getValue();
    }

    /** One thread's checksum object and buffer view. */
    private static final class Scratch {
        final CRC32C crc = new CRC32C();
        private MemorySegment viewed;
        private ByteBuffer view;

        ByteBuffer viewOf(MemorySegment segment) {
            if (segment != viewed) {
                viewed = segment;
                view = segment.byteSize() <= Integer.MAX_VALUE ? segment.asByteBuffer() : null;
            }
            return view;
        }
    }
}

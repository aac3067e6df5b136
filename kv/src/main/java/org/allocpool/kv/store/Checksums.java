package org.allocpool.kv.store;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * CRC32C (Castagnoli) over ranges of a segment, through the JDK's intrinsic {@link CRC32C}.
 * Thread-safe: each thread keeps its own checksum object and {@code ByteBuffer} views of the last
 * segment it checksummed (a store's whole mapping), so checksumming in a put or a scan allocates
 * nothing once the thread has seen the mapping. A buffer views at most 2 GiB, so a mapping is
 * viewed in windows: window {@code k} starts at {@code k} GiB and runs on for 1 GiB plus
 * {@link #OVERLAP} (or to the segment's end), so a range that starts in it and is no longer than
 * the overlap lies in it whole; a longer range that crosses a window's end gets a view of its own.
 */
final class Checksums {

    /** The step between windows. */
    private static final long WINDOW = 1L << 30;
    /** How far a window runs past the next one's start: more than any entry (values up to 64 MiB). */
    private static final long OVERLAP = 128L << 20;

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    private Checksums() {
    }

    /** CRC32C of {@code length} bytes of {@code segment} from {@code offset}. */
    // hot path: no allocation (after the thread's first call on this window of this segment)
    static int crc32c(MemorySegment segment, long offset, long length) {
        Scratch scratch = SCRATCH.get();
        CRC32C crc = scratch.crc;
        crc.reset();
        int window = (int) (offset / WINDOW);
        long start = window * WINDOW;
        ByteBuffer view = scratch.viewOf(segment, window);
        if (offset + length - start <= view.capacity()) {
            view.clear();
            view.limit((int) (offset - start + length));
            view.position((int) (offset - start));
            crc.update(view);
        } else {
            crc.update(segment.asSlice(offset, length).asByteBuffer());
        }
        return (int) crc.getValue();
    }

    /** One thread's checksum object and the views of its last segment's windows. */
    private static final class Scratch {
        final CRC32C crc = new CRC32C();
        private MemorySegment viewed;
        private ByteBuffer[] views = new ByteBuffer[0];

        ByteBuffer viewOf(MemorySegment segment, int window) {
            if (segment != viewed) {
                viewed = segment;
                views = new ByteBuffer[(int) ((segment.byteSize() + WINDOW - 1) / WINDOW) + 1];
            }
            ByteBuffer view = views[window];
            if (view == null) {
                long start = window * WINDOW;
                view = segment.asSlice(start, Math.min(WINDOW + OVERLAP, segment.byteSize() - start)).asByteBuffer();
                views[window] = view;
            }
            return view;
        }
    }
}

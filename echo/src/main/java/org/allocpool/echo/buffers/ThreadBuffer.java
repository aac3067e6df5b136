package org.allocpool.echo.buffers;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.LongAdder;

/**
 * One growable off-heap buffer of one I/O thread: a {@link ByteBuf} over a {@link MemorySegment}
 * of an automatic {@link Arena}, so the bytes are off the heap without {@code Unsafe}, and are
 * freed by the garbage collector once the buffer is dropped (after growing, or when a channel
 * kept it for a write that did not finish). Used by one thread only; not thread-safe (the shared
 * counters it bumps are).
 */
final class ThreadBuffer {

    /** Cache-line alignment of each segment. */
    private static final long ALIGNMENT = 64;

    private final int cap;
    private final LongAdder grown;
    private final LongAdder replaced;
    private ByteBuf buffer;

    ThreadBuffer(int size, int cap, LongAdder grown, LongAdder replaced) {
        if (size < 1 || cap < size) {
            throw new IllegalArgumentException("thread buffer size " + size + " and cap " + cap
                    + " must satisfy 1 <= size <= cap");
        }
        this.cap = cap;
        this.grown = grown;
        this.replaced = replaced;
        this.buffer = wrap(size);
    }

    ByteBuf buffer() {
        return buffer;
    }

    int cap() {
        return cap;
    }

    /**
     * Makes room for {@code bytes} writable bytes, keeping the readable bytes; {@code false} when
     * that would exceed the cap. Allocates only when it grows.
     */
    boolean ensureWritable(int bytes) {
        if (buffer.writableBytes() >= bytes) {
            return true;
        }
        long needed = (long) buffer.readableBytes() + bytes;
        if (needed > cap) {
            return false;
        }
        int capacity = (int) Math.min(cap, Math.max(needed, 2L * buffer.capacity()));
        ByteBuf bigger = wrap(capacity);
        bigger.writeBytes(buffer, buffer.readerIndex(), buffer.readableBytes());
        buffer.release();
        buffer = bigger;
        grown.increment();
        return true;
    }

    /** Gives up the current buffer (a channel still holds it) and takes a fresh one of the same size. */
    void replace() {
        buffer.release();
        buffer = wrap(buffer.capacity());
        replaced.increment();
    }

    private static ByteBuf wrap(int capacity) {
        MemorySegment segment = Arena.ofAuto().allocate(capacity, ALIGNMENT);
        return Unpooled.wrappedBuffer(segment.asByteBuffer()).clear();
    }
}

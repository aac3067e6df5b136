package org.allocpool.echo.wire;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.ByteToMessageDecoder;

/**
 * How {@link FrameDecoder} keeps the bytes of a frame split across socket reads: as Netty's
 * {@code MERGE_CUMULATOR} does (the read's own buffer when nothing is pending; else the read appended
 * to the pending bytes, in a bigger buffer when they do not fit), but copying with {@link WordCopy}.
 * Netty's copy between two direct buffers goes through {@code nioBuffers()} and, to grow, through
 * {@code ByteBuffer.duplicate()}: without {@code sun.misc.Unsafe} both allocate a {@code ByteBuffer}
 * on every split frame (JFR: ~2 bytes per event for 1 KB messages). Owns nothing: the cumulation
 * belongs to the decoder and its bytes to the channel's allocator. Stateless and thread-safe.
 */
final class WordCopyCumulator implements ByteToMessageDecoder.Cumulator {

    static final WordCopyCumulator INSTANCE = new WordCopyCumulator();

    private WordCopyCumulator() {
    }

    // hot path: no allocation (but a bigger buffer from the allocator when the pending bytes outgrow theirs)
    @Override
    public ByteBuf cumulate(ByteBufAllocator alloc, ByteBuf cumulation, ByteBuf in) {
        if (cumulation == in) {
            in.release(); // the same buffer handed in twice: keep one reference, as Netty's cumulators do
            return cumulation;
        }
        if (!cumulation.isReadable() && in.isContiguous()) {
            cumulation.release();
            return in;
        }
        try {
            int pending = cumulation.readableBytes();
            int arriving = in.readableBytes();
            if (arriving > cumulation.writableBytes() || cumulation.refCnt() > 1 || cumulation.isReadOnly()) {
                return grown(alloc, cumulation, pending, in, arriving);
            }
            WordCopy.copy(in, in.readerIndex(), cumulation, cumulation.writerIndex(), arriving);
            cumulation.writerIndex(cumulation.writerIndex() + arriving);
            in.readerIndex(in.writerIndex());
            return cumulation;
        } finally {
            in.release();
        }
    }

    /** The pending bytes and the arriving ones in a new buffer of the allocator's next size; frees the old one. */
    private static ByteBuf grown(ByteBufAllocator alloc, ByteBuf cumulation, int pending, ByteBuf in, int arriving) {
        int bytes = pending + arriving;
        ByteBuf bigger = alloc.buffer(alloc.calculateNewCapacity(bytes, Integer.MAX_VALUE));
        try {
            WordCopy.copy(cumulation, cumulation.readerIndex(), bigger, 0, pending);
            WordCopy.copy(in, in.readerIndex(), bigger, pending, arriving);
            bigger.writerIndex(bytes);
            in.readerIndex(in.writerIndex());
        } catch (RuntimeException e) {
            bigger.release();
            throw e;
        }
        cumulation.release();
        return bigger;
    }
}

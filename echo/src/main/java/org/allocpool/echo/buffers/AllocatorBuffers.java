package org.allocpool.echo.buffers;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import org.allocpool.echo.wire.WordCopy;

/**
 * Decode copies and replies from a Netty allocator, one buffer per message: an unpooled heap
 * allocator (a new buffer for the garbage collector each time), the pooled or the adaptive one.
 * Thread-safe as the allocator is; holds no state of its own.
 */
final class AllocatorBuffers implements CodecBuffers {

    private final ByteBufAllocator allocator;

    AllocatorBuffers(ByteBufAllocator allocator) {
        this.allocator = allocator;
    }

    @Override
    public ByteBufAllocator channelAllocator() {
        return allocator;
    }

    @Override
    public ByteBuf decodeCopy(ChannelHandlerContext ctx, ByteBuf in, int index, int length) {
        ByteBuf copy = allocator.buffer(length);
        WordCopy.copy(in, index, copy, 0, length);
        return copy.writerIndex(length);
    }

    @Override
    public void decoded(ByteBuf copy) {
        copy.release();
    }

    @Override
    public ByteBuf replyBuffer(ChannelHandlerContext ctx, int frameBytes) {
        return allocator.buffer(frameBytes);
    }

    @Override
    public void replied(ChannelHandlerContext ctx, ByteBuf buffer) {
        ctx.write(buffer, ctx.voidPromise());
    }

    @Override
    public void readEnd(ChannelHandlerContext ctx) {
        ctx.flush();
    }

    @Override
    public int largestFrame() {
        return Integer.MAX_VALUE;
    }
}

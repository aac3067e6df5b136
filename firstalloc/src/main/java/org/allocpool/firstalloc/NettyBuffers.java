package org.allocpool.firstalloc;

import io.netty.buffer.AdaptiveByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;

/**
 * Netty's allocators as users reach them: {@code PooledByteBufAllocator.DEFAULT}, a new
 * {@code AdaptiveByteBufAllocator} (Netty 4.2's default), or {@code Unpooled}; heap or direct buffers.
 * Each buffer is released at {@link #close()}. Single-threaded, as {@link FirstBuffers}; the buffers are
 * Netty's, reference-counted, and this owns one reference to each until it closes. The calling thread is
 * not one of Netty's event loops: the allocators treat it as any other thread.
 */
final class NettyBuffers implements FirstBuffers {

    /** {@code null} for {@code Unpooled}, whose static methods make every buffer. */
    private final ByteBufAllocator allocator;
    private final boolean direct;
    private final int size;
    private final ByteBuf[] buffers;
    private int made;

    private NettyBuffers(ByteBufAllocator allocator, boolean direct, int size, int count) {
        this.allocator = allocator;
        this.direct = direct;
        this.size = size;
        this.buffers = new ByteBuf[count];
    }

    /** From {@code PooledByteBufAllocator.DEFAULT}: its first touch initialises the allocator (arenas, caches). */
    static FirstBuffers pooled(boolean direct, int size, int count) {
        return new NettyBuffers(PooledByteBufAllocator.DEFAULT, direct, size, count);
    }

    /** From a new {@code AdaptiveByteBufAllocator}, as a program makes its one. */
    static FirstBuffers adaptive(boolean direct, int size, int count) {
        return new NettyBuffers(new AdaptiveByteBufAllocator(), direct, size, count);
    }

    /** From {@code Unpooled.buffer} or {@code Unpooled.directBuffer}: nothing to make up front. */
    static FirstBuffers unpooled(boolean direct, int size, int count) {
        return new NettyBuffers(null, direct, size, count);
    }

    @Override
    public void makeNext() {
        Limits.checkRoom(made, buffers.length);
        ByteBuf buffer;
        if (allocator == null) {
            buffer = direct ? Unpooled.directBuffer(size) : Unpooled.buffer(size);
        } else {
            buffer = direct ? allocator.directBuffer(size) : allocator.heapBuffer(size);
        }
        buffer.writeByte(FirstBuffers.mark(made));
        buffers[made++] = buffer;
    }

    @Override
    public int made() {
        return made;
    }

    @Override
    public long capacity(int index) {
        return buffers[Limits.checkIndex(index, made)].capacity();
    }

    @Override
    public byte firstByte(int index) {
        return buffers[Limits.checkIndex(index, made)].getByte(0);
    }

    /** Whether buffer {@code index} is a direct one (its bytes off the heap). */
    boolean isDirect(int index) {
        return buffers[Limits.checkIndex(index, made)].isDirect();
    }

    @Override
    public void close() {
        for (int i = 0; i < made; i++) {
            buffers[i].release();
            buffers[i] = null;
        }
        made = 0;
    }
}

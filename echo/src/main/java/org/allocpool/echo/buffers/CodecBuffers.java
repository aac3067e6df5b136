package org.allocpool.echo.buffers;

import io.netty.buffer.AdaptiveByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;

/**
 * The buffers a connection decodes from and encodes replies into: one {@link BufferStrategy}.
 * One instance per server, shared by its I/O threads; every method is called on the I/O thread
 * of {@code ctx}'s channel. Every strategy takes the same steps, so they differ only in where the
 * bytes live: a frame body is copied out of the network buffer into a decode buffer and decoded
 * from there; a reply is encoded into a reply buffer that goes to the channel; replies of one
 * read are flushed at its end.
 */
public interface CodecBuffers {

    /** The allocator for the channel's own buffers (socket reads, cumulation of split frames). */
    ByteBufAllocator channelAllocator();

    /**
     * A buffer whose readable bytes are a copy of {@code [index, index + length)} of {@code in},
     * or {@code null} when {@code length} is more than this strategy can hold ({@link #largestFrame()}).
     * Give it back with {@link #decoded}.
     */
    ByteBuf decodeCopy(ChannelHandlerContext ctx, ByteBuf in, int index, int length);

    /** Gives back a buffer from {@link #decodeCopy}. */
    void decoded(ByteBuf copy);

    /**
     * A buffer with at least {@code frameBytes} writable bytes at its writer index, or {@code null}
     * when that is more than this strategy can hold. Hand it on with {@link #replied} once written.
     */
    ByteBuf replyBuffer(ChannelHandlerContext ctx, int frameBytes);

    /** Sends (or queues, until {@link #readEnd}) the reply just encoded into {@code buffer}. */
    void replied(ChannelHandlerContext ctx, ByteBuf buffer);

    /** The end of one read on {@code ctx}'s channel: flushes the replies it produced. */
    void readEnd(ChannelHandlerContext ctx);

    /** The largest frame or body this strategy holds; {@link Integer#MAX_VALUE} when unbounded. */
    int largestFrame();

    /** Times a thread-local buffer grew (0 for the other strategies). */
    default long grown() {
        return 0;
    }

    /** Times a thread-local encode buffer was left to a channel for a write the socket could not take at once. */
    default long replaced() {
        return 0;
    }

    /**
     * The buffers of {@code strategy}; {@code size} and {@code cap} are the thread-local buffers'
     * first and largest capacity (ignored by the other strategies).
     */
    static CodecBuffers of(BufferStrategy strategy, int size, int cap) {
        return switch (strategy) {
            case UNPOOLED -> new AllocatorBuffers(new UnpooledByteBufAllocator(false, true));
            case NETTY_POOLED -> new AllocatorBuffers(PooledByteBufAllocator.DEFAULT);
            case NETTY_ADAPTIVE -> new AllocatorBuffers(new AdaptiveByteBufAllocator());
            // socket reads from the pooled allocator: its buffers keep their NIO view across reuse, where
            // the adaptive one (without Unsafe) makes a DirectByteBuffer slice for every read (JFR, issue 14)
            case THREAD_LOCAL -> new ThreadLocalBuffers(PooledByteBufAllocator.DEFAULT, size, cap);
        };
    }
}

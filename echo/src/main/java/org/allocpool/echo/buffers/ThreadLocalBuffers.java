package org.allocpool.echo.buffers;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.concurrent.FastThreadLocal;
import java.util.concurrent.atomic.LongAdder;
import org.allocpool.echo.wire.WordCopy;

/**
 * The Netty case study's strategy: each I/O thread owns one pre-allocated off-heap buffer to
 * decode from and one to encode into ({@link ThreadBuffer}, {@code size} bytes growing up to
 * {@code cap}). Replies produced by one read are encoded one after the other into the thread's
 * encode buffer and leave in one write at the end of the read; when the socket takes them all at
 * once (the usual case) the buffer is reused at once, otherwise the channel keeps it and the
 * thread takes a fresh one. A frame bigger than the cap is refused (the caller replies with an
 * error). Shared by the server's I/O threads; each touches only its own buffers.
 */
final class ThreadLocalBuffers implements CodecBuffers {

    private final ByteBufAllocator channelAllocator;
    private final FastThreadLocal<Buffers> buffers;
    private final int cap;
    private final LongAdder grown = new LongAdder();
    private final LongAdder replaced = new LongAdder();

    ThreadLocalBuffers(ByteBufAllocator channelAllocator, int size, int cap) {
        new ThreadBuffer(size, cap, grown, replaced).buffer().release(); // validates size and cap now, not on the first event
        this.channelAllocator = channelAllocator;
        this.cap = cap;
        this.buffers = new FastThreadLocal<>() {
            @Override
            protected Buffers initialValue() {
                return new Buffers(new ThreadBuffer(size, cap, grown, replaced), new ThreadBuffer(size, cap, grown, replaced));
            }
        };
    }

    @Override
    public ByteBufAllocator channelAllocator() {
        return channelAllocator;
    }

    // hot path: no allocation
    @Override
    public ByteBuf decodeCopy(ChannelHandlerContext ctx, ByteBuf in, int index, int length) {
        ThreadBuffer decode = buffers.get().decode;
        decode.buffer().clear();
        if (!decode.ensureWritable(length)) {
            return null;
        }
        ByteBuf copy = decode.buffer();
        WordCopy.copy(in, index, copy, 0, length);
        return copy.writerIndex(length);
    }

    @Override
    public void decoded(ByteBuf copy) {
        // the thread keeps its decode buffer
    }

    // hot path: no allocation
    @Override
    public ByteBuf replyBuffer(ChannelHandlerContext ctx, int frameBytes) {
        Buffers b = buffers.get();
        ByteBuf encode = b.encode.buffer();
        if (encode.isReadable() && b.owner != ctx.channel()) {
            // replies of a read that ended without readEnd (its handler threw): never send them to another channel
            encode.clear();
        }
        b.owner = ctx.channel();
        if (encode.writableBytes() >= frameBytes || b.encode.ensureWritable(frameBytes)) {
            return b.encode.buffer(); // room, or grown (up to the cap) to hold this read's replies together
        }
        if (encode.isReadable()) {
            send(ctx, b.encode); // the cap is reached: what is pending leaves now
        }
        return b.encode.ensureWritable(frameBytes) ? b.encode.buffer() : null;
    }

    @Override
    public void replied(ChannelHandlerContext ctx, ByteBuf buffer) {
        // the reply stays in the thread's encode buffer until the read ends
    }

    // hot path: no allocation
    @Override
    public void readEnd(ChannelHandlerContext ctx) {
        Buffers b = buffers.get();
        if (b.owner == ctx.channel() && b.encode.buffer().isReadable()) {
            send(ctx, b.encode);
        }
    }

    @Override
    public int largestFrame() {
        return cap;
    }

    @Override
    public long grown() {
        return grown.sum();
    }

    @Override
    public long replaced() {
        return replaced.sum();
    }

    private static void send(ChannelHandlerContext ctx, ThreadBuffer encode) {
        ByteBuf buffer = encode.buffer();
        ctx.writeAndFlush(buffer.retain(), ctx.voidPromise());
        if (buffer.refCnt() == 1) {
            buffer.clear(); // written and released by the channel: ours again
        } else {
            encode.replace(); // the channel still holds it for a write it could not finish
        }
    }

    /** One thread's pair of buffers, and the channel whose replies sit in the encode buffer. */
    private static final class Buffers {
        final ThreadBuffer decode;
        final ThreadBuffer encode;
        Channel owner;

        Buffers(ThreadBuffer decode, ThreadBuffer encode) {
            this.decode = decode;
            this.encode = encode;
        }
    }
}

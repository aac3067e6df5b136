package org.allocpool.kv.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;

/**
 * Answers one RESP connection: finds each request in the input ({@link RespParser}), runs it
 * ({@link RespCommands}) straight from the input's bytes and writes its reply into one pooled reply
 * buffer; when the read burst ends the replies go out in one write and flush, so pipelined requests
 * (many in one read) are answered in order and share system calls. Nothing is passed down the
 * pipeline: no message object per request.
 *
 * <p>A protocol error (see {@link RespParser}) gets its {@code -ERR Protocol error: ...} reply after
 * the replies before it, then the connection is closed and the rest of its input ignored; QUIT
 * closes it the same way after {@code +OK}. Other connections are served on.
 *
 * <p>Not thread-safe: one instance per connection, on its event loop (Netty's contract). The reply
 * buffer comes from the channel's allocator; once written, Netty releases it.
 */
final class RespRequestHandler extends ByteToMessageDecoder {

    /**
     * The reply buffer of a read burst: big enough that it seldom grows (a pooled buffer that grows
     * is moved, and its moved copy makes a new NIO view on its next array write: measured, about 1
     * byte per request at 1 KiB), small enough to stay in the allocator's per-thread cache (32 KiB).
     */
    static final int REPLY_BUFFER_BYTES = 16 * 1024;
    /** Replies pending past this are written (flushed when the burst ends), so the buffer seldom grows. */
    private static final int WRITE_AT_BYTES = 12 * 1024;

    private final RespParser parser;
    private final RespCommands commands;
    private final ServerCounters counters;
    private final RespRequest request = new RespRequest();
    private ByteBuf replies;
    private boolean closing;

    RespRequestHandler(RespParser parser, RespCommands commands, ServerCounters counters) {
        this.parser = parser;
        this.commands = commands;
        this.counters = counters;
    }

    // hot path: no allocation (GET and SET; the reply buffer is a recycled pooled object)
    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (closing) {
            in.skipBytes(in.readableBytes());
            return;
        }
        int length;
        try {
            length = parser.parse(in, request);
        } catch (RespProtocolException e) {
            in.skipBytes(in.readableBytes());
            RespReplies.writeError(replies(ctx), e.getMessage());
            close(ctx);
            return;
        }
        if (length == 0) {
            return;
        }
        try {
            if (request.count() > 0) {
                boolean goOn = commands.execute(request, replies(ctx));
                counters.respRequestServed();
                if (!goOn) {
                    in.skipBytes(in.readableBytes() - length);
                    close(ctx);
                    return;
                }
                if (replies.readableBytes() >= WRITE_AT_BYTES) {
                    ctx.write(replies, ctx.voidPromise());
                    replies = null;
                }
            }
        } finally {
            in.skipBytes(length);
        }
    }

    private ByteBuf replies(ChannelHandlerContext ctx) {
        if (replies == null) {
            replies = ctx.alloc().ioBuffer(REPLY_BUFFER_BYTES);
        }
        return replies;
    }

    /** Sends what is pending, then closes: the peer reads every reply before the end of the stream. */
    private void close(ChannelHandlerContext ctx) {
        closing = true;
        ByteBuf last = replies;
        replies = null;
        ctx.writeAndFlush(last).addListener(ChannelFutureListener.CLOSE);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
        if (replies != null) {
            ByteBuf pending = replies;
            replies = null;
            ctx.writeAndFlush(pending, ctx.voidPromise());
        }
        super.channelReadComplete(ctx);
    }

    /** A client that sends without reading its replies stops being read until it catches up. */
    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        ctx.channel().config().setAutoRead(ctx.channel().isWritable());
        super.channelWritabilityChanged(ctx);
    }

    @Override
    protected void handlerRemoved0(ChannelHandlerContext ctx) {
        if (replies != null) {
            replies.release();
            replies = null;
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // A peer that resets or misbehaves loses its own connection; every other client is served on.
        ctx.close();
    }
}

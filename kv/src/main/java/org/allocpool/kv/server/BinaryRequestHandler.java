package org.allocpool.kv.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;

/**
 * Answers the request frames of one binary-protocol connection: runs each against the store and
 * writes the reply; replies written while a read burst lasts go out in one flush when it ends, so
 * pipelined requests share system calls.
 *
 * <p>Not thread-safe: one instance per connection, on its event loop (Netty's contract).
 */
final class BinaryRequestHandler extends SimpleChannelInboundHandler<ByteBuf> {

    private final StoreRequests requests;
    private final ServerCounters counters;

    BinaryRequestHandler(StoreRequests requests, ServerCounters counters) {
        this.requests = requests;
        this.counters = counters;
    }

    // hot path: no allocation (beside the pooled reply buffer)
    @Override
    protected void channelRead0(ChannelHandlerContext ctx, ByteBuf frame) {
        ByteBuf reply = requests.execute(frame, ctx.alloc());
        counters.tcpRequestServed();
        ctx.write(reply, ctx.voidPromise());
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        ctx.flush();
    }

    /** A client that sends without reading its replies stops being read until it catches up. */
    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        ctx.channel().config().setAutoRead(ctx.channel().isWritable());
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // A peer that resets or misbehaves loses its own connection; every other client is served on.
        ctx.close();
    }
}

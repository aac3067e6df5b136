package org.allocpool.kv.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;

/**
 * Cuts the byte stream of one connection into request frames ({@link BinaryProtocol}) and passes
 * each on as a retained slice without its length field, one at a time, in order: each frame's reply
 * is written before the next frame is cut. A length under the request header (negative included) or
 * over the maximum cannot be trusted to find the next frame: the decoder replies once with BAD_FRAME
 * or TOO_LARGE (flushed with the replies to the frames before it, which therefore reach the client
 * first), then closes the connection and ignores what follows.
 *
 * <p>Not thread-safe: one instance per connection, on its event loop (Netty's contract).
 */
final class FrameDecoder extends ByteToMessageDecoder {

    private final int maxFrameBytes;
    private boolean refused;

    FrameDecoder(int maxFrameBytes) {
        this.maxFrameBytes = maxFrameBytes;
    }

    // hot path: no allocation (the slice is a recycled pooled object)
    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (refused) {
            in.skipBytes(in.readableBytes());
            return;
        }
        if (in.readableBytes() < BinaryProtocol.LENGTH_FIELD) {
            return;
        }
        int length = in.getInt(in.readerIndex());
        if (length < BinaryProtocol.REQUEST_HEADER || length > maxFrameBytes) {
            refuse(ctx, in, length);
            return;
        }
        if (in.readableBytes() < BinaryProtocol.LENGTH_FIELD + length) {
            return;
        }
        in.skipBytes(BinaryProtocol.LENGTH_FIELD);
        out.add(in.readRetainedSlice(length));
    }

    private void refuse(ChannelHandlerContext ctx, ByteBuf in, int length) {
        refused = true;
        in.skipBytes(in.readableBytes());
        ByteBuf reply = length < BinaryProtocol.REQUEST_HEADER
                ? StoreRequests.refuse(ctx.alloc(), BinaryProtocol.STATUS_BAD_FRAME, "frame length " + length
                        + " is under " + BinaryProtocol.REQUEST_HEADER + " (op and key); closing the connection")
                : StoreRequests.refuse(ctx.alloc(), BinaryProtocol.STATUS_TOO_LARGE, "frame length " + length
                        + " is over the maximum of " + maxFrameBytes + "; closing the connection");
        ctx.writeAndFlush(reply).addListener(ChannelFutureListener.CLOSE);
    }
}

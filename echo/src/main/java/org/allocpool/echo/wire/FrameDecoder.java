package org.allocpool.echo.wire;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;

/**
 * Length-field framing ({@link FrameLayout}): cuts the byte stream of one connection into frames
 * and hands each to a {@link FrameListener} in place, without a frame object or a copy. Frames
 * split across reads wait in Netty's cumulation buffer (from the channel's allocator, filled by the
 * {@link WordCopyCumulator}, which makes no {@code ByteBuffer} view); many frames
 * in one read are handed over one after the other. A length outside {@code 1..maxFrame} closes
 * this connection only. One instance per connection, used by its I/O thread only.
 */
public final class FrameDecoder extends ByteToMessageDecoder {

    private final int maxFrame;
    private final FrameListener listener;
    private boolean closing;

    public FrameDecoder(int maxFrame, FrameListener listener) {
        if (maxFrame < 1) {
            throw new IllegalArgumentException("max frame must be at least 1, was " + maxFrame);
        }
        this.maxFrame = maxFrame;
        this.listener = listener;
        setCumulator(WordCopyCumulator.INSTANCE);
    }

    // hot path: no allocation
    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        while (!closing && in.readableBytes() >= FrameLayout.LENGTH_BYTES) {
            int start = in.readerIndex();
            int length = in.getInt(start + FrameLayout.LENGTH_OFFSET);
            if (length < 1 || length > maxFrame) {
                closing = true;
                in.skipBytes(in.readableBytes());
                listener.onBadLength(ctx, length, maxFrame);
                ctx.close();
                return;
            }
            if (in.readableBytes() - FrameLayout.LENGTH_BYTES < length) {
                return;
            }
            byte type = in.getByte(start + FrameLayout.TYPE_OFFSET);
            listener.onFrame(ctx, type, in, start + FrameLayout.HEADER_BYTES, length - 1);
            in.readerIndex(start + FrameLayout.LENGTH_BYTES + length);
        }
        if (closing) {
            in.skipBytes(in.readableBytes());
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        super.channelRead(ctx, msg);
        if (!closing) {
            listener.onReadEnd(ctx);
        }
    }
}

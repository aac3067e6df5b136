package org.allocpool.echo.wire;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;

/**
 * What a {@link FrameDecoder} hands its frames to, in Agrona's style: a type, a buffer and where
 * the body lies, no object per frame. Called on the connection's I/O thread.
 */
public interface FrameListener {

    /**
     * One whole frame. The body is {@code [index, index + length)} of {@code buffer}, lent for the
     * call only (the decoder moves past it afterwards).
     */
    void onFrame(ChannelHandlerContext ctx, byte type, ByteBuf buffer, int index, int length);

    /** A length field outside {@code 1..maxFrame}: the decoder closes the connection after this call. */
    void onBadLength(ChannelHandlerContext ctx, int length, int maxFrame);

    /** The end of one read from the socket: the moment to flush replies. */
    void onReadEnd(ChannelHandlerContext ctx);
}

package org.allocpool.echo.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import java.nio.charset.StandardCharsets;
import org.allocpool.echo.buffers.CodecBuffers;
import org.allocpool.echo.event.Message;
import org.allocpool.echo.event.MessageListener;
import org.allocpool.echo.event.TopOfBook;
import org.allocpool.echo.event.TopOfBookListener;
import org.allocpool.echo.wire.FrameLayout;
import org.allocpool.echo.wire.FrameType;
import org.allocpool.echo.wire.MessageCodec;
import org.allocpool.echo.wire.TopOfBookCodec;

/**
 * The service's {@code out}: encodes events and error lines into reply buffers of the connection's
 * {@link CodecBuffers}. One per connection; I/O thread only.
 */
final class ReplyWriter implements TopOfBookListener, MessageListener {

    private final CodecBuffers buffers;
    private final ServerCounters counters;
    private ChannelHandlerContext ctx;

    ReplyWriter(CodecBuffers buffers, ServerCounters counters) {
        this.buffers = buffers;
        this.counters = counters;
    }

    /** The connection the next replies go to. */
    void bind(ChannelHandlerContext context) {
        this.ctx = context;
    }

    // hot path: no allocation
    @Override
    public void topOfBook(TopOfBook topOfBook) {
        ByteBuf out = buffers.replyBuffer(ctx, TopOfBookCodec.FRAME_BYTES);
        if (out == null) {
            error("a top-of-book reply of " + TopOfBookCodec.FRAME_BYTES + " bytes does not fit --buffer-cap "
                    + buffers.largestFrame());
            return;
        }
        TopOfBookCodec.encode(topOfBook, out);
        buffers.replied(ctx, out);
        counters.echoed();
    }

    // hot path: no allocation
    @Override
    public void message(Message message) {
        int frameBytes = MessageCodec.frameBytes(message);
        ByteBuf out = buffers.replyBuffer(ctx, frameBytes);
        if (out == null) {
            error("a message reply of " + frameBytes + " bytes does not fit --buffer-cap " + buffers.largestFrame());
            return;
        }
        MessageCodec.encode(message, out);
        buffers.replied(ctx, out);
        counters.echoed();
    }

    /** Replies with an error frame saying {@code reason}; the connection stays open. */
    void error(String reason) {
        counters.error();
        byte[] text = reason.getBytes(StandardCharsets.UTF_8);
        ByteBuf out = buffers.replyBuffer(ctx, FrameLayout.frameBytes(text.length));
        if (out == null) {
            return; // an error line longer than the cap: nothing sensible to say
        }
        out.writeInt(FrameLayout.lengthField(text.length));
        out.writeByte(FrameType.ERROR);
        out.writeBytes(text);
        buffers.replied(ctx, out);
    }
}

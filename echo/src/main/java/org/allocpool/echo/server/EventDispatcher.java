package org.allocpool.echo.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import java.util.function.Consumer;
import org.allocpool.echo.buffers.CodecBuffers;
import org.allocpool.echo.event.Message;
import org.allocpool.echo.event.TopOfBook;
import org.allocpool.echo.wire.FrameListener;
import org.allocpool.echo.wire.FrameType;
import org.allocpool.echo.wire.MessageCodec;
import org.allocpool.echo.wire.MessageLayout;
import org.allocpool.echo.wire.TopOfBookCodec;
import org.allocpool.echo.wire.TopOfBookLayout;

/**
 * Turns one connection's frames into calls: the type byte picks the listener method, as an
 * asynchronous RPC would; the event is decoded from the strategy's decode buffer into the one
 * object this connection keeps per event type (no allocation per event). Frames the service
 * cannot take get an error reply; STATS requests go to the {@link StatsDesk}. One per
 * connection; its I/O thread only.
 */
final class EventDispatcher implements FrameListener {

    private final CodecBuffers buffers;
    private final EchoService service;
    private final ReplyWriter replies;
    private final StatsDesk stats;
    private final Consumer<String> log;
    private final TopOfBook topOfBook = new TopOfBook();
    private final Message message = new Message(MessageLayout.DEFAULT_BODY_BYTES);

    EventDispatcher(CodecBuffers buffers, boolean copyPerEvent, ServerCounters counters, StatsDesk stats,
                    Consumer<String> log) {
        this.buffers = buffers;
        this.replies = new ReplyWriter(buffers, counters);
        this.service = new EchoService(copyPerEvent, replies, replies);
        this.stats = stats;
        this.log = log;
    }

    // hot path: no allocation
    @Override
    public void onFrame(ChannelHandlerContext ctx, byte type, ByteBuf buffer, int index, int length) {
        replies.bind(ctx);
        switch (type) {
            case FrameType.TOP_OF_BOOK -> onTopOfBook(ctx, buffer, index, length);
            case FrameType.MESSAGE -> onMessage(ctx, buffer, index, length);
            case FrameType.STATS_REQUEST -> onStats(ctx, buffer, index, length);
            default -> replies.error("unknown frame type " + FrameType.describe(type) + "; allowed: 't' (top-of-book), "
                    + "'m' (message), 's' (stats request)");
        }
    }

    private void onTopOfBook(ChannelHandlerContext ctx, ByteBuf buffer, int index, int length) {
        if (length != TopOfBookLayout.BODY_BYTES) {
            replies.error("a top-of-book body has " + TopOfBookLayout.BODY_BYTES + " bytes, this one " + length);
            return;
        }
        ByteBuf copy = buffers.decodeCopy(ctx, buffer, index, length);
        if (copy == null) {
            tooBig("top-of-book", length);
            return;
        }
        TopOfBookCodec.decode(copy, copy.readerIndex(), topOfBook);
        buffers.decoded(copy);
        service.topOfBook(topOfBook);
    }

    private void onMessage(ChannelHandlerContext ctx, ByteBuf buffer, int index, int length) {
        if (length < MessageLayout.PAYLOAD) {
            replies.error("a message body has at least " + MessageLayout.PAYLOAD + " bytes, this one " + length);
            return;
        }
        ByteBuf copy = buffers.decodeCopy(ctx, buffer, index, length);
        if (copy == null) {
            tooBig("message", length);
            return;
        }
        MessageCodec.decode(copy, copy.readerIndex(), length, message);
        buffers.decoded(copy);
        service.message(message);
    }

    private void onStats(ChannelHandlerContext ctx, ByteBuf buffer, int index, int length) {
        long since = length >= 16 ? buffer.getLong(index) : 0;
        long until = length >= 16 ? buffer.getLong(index + 8) : 0;
        stats.answerLater(ctx.channel(), since, until);
    }

    private void tooBig(String what, int length) {
        replies.error("a " + what + " of " + length + " bytes is bigger than --buffer-cap " + buffers.largestFrame()
                + "; refused");
    }

    @Override
    public void onBadLength(ChannelHandlerContext ctx, int length, int maxFrame) {
        log.accept("echo: closing " + ctx.channel().remoteAddress() + ": frame length " + length
                + " is outside 1.." + maxFrame + " (--max-frame)");
    }

    // hot path: no allocation
    @Override
    public void onReadEnd(ChannelHandlerContext ctx) {
        buffers.readEnd(ctx);
    }
}

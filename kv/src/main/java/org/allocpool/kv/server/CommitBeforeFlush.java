package org.allocpool.kv.server;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;

/**
 * The group commit of a {@code --durability sync} connection: any flush, which would send replies,
 * waits for the commit of the writes they acknowledge ({@link LoopCommit}, shared by the
 * connections of one event loop). Placed first in the pipeline, so every flush of every handler
 * passes it, the frame decoder's refusals included. Replies are only written, never flushed, while
 * their requests run, so none leaves before the commit. When the connection ends, what is staged is
 * committed at the end of the loop's turn, which also lets a growth waiting for the batch go on.
 *
 * <p>Not thread-safe: one per connection, on its event loop (Netty's contract).
 */
final class CommitBeforeFlush extends ChannelDuplexHandler {

    private final LoopCommit loop;

    CommitBeforeFlush(LoopCommit loop) {
        this.loop = loop;
    }

    @Override
    public void flush(ChannelHandlerContext ctx) {
        loop.flushAfterCommit(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        loop.commitSoon(ctx);
        super.channelInactive(ctx);
    }
}

package org.allocpool.kv.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * In a {@code --durability sync} server, first in the pipeline of a connection whose requests call
 * the store directly (HTTP): commits the writes its event loop has staged ({@link LoopCommit})
 * before a read is handled. A direct put may have to grow the store, and a growth waits for every
 * staged batch to be published: on the thread that holds the batch, it would wait forever; and a
 * direct read sees the writes staged before it.
 *
 * <p>Not thread-safe: one per connection, on its event loop (Netty's contract).
 */
final class CommitBeforeRead extends ChannelInboundHandlerAdapter {

    private final LoopCommit loop;

    CommitBeforeRead(LoopCommit loop) {
        this.loop = loop;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            loop.batch().commit();
        } catch (RuntimeException e) {
            io.netty.util.ReferenceCountUtil.release(msg);
            ctx.close(); // the loop's commit failed: it serves nothing more (see LoopCommit)
            return;
        }
        ctx.fireChannelRead(msg);
    }
}

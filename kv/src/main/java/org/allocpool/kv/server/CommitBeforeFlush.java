package org.allocpool.kv.server;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import org.allocpool.kv.store.SyncBatch;

/**
 * The group commit of a {@code --durability sync} connection: before any flush sends its replies,
 * the puts they acknowledge are made durable in one commit of the connection's {@link SyncBatch}
 * (two {@code msync}s for the whole read burst). Placed first in the pipeline, so every flush of
 * every handler passes it, the frame decoder's refusals included. Replies are only written, never
 * flushed, while their requests run, so none leaves before the commit.
 *
 * <p>When the commit fails (an I/O error), the connection is closed without the flush: the replies
 * not yet sent, which may acknowledge puts that are not on the disk, are dropped with it (a client
 * sees its connection end, never an acknowledgement of a lost write). When the connection ends,
 * whatever it staged is committed, which also lets a growth waiting for the batch go on.
 *
 * <p>Not thread-safe: one per connection, on its event loop (Netty's contract), as its batch.
 */
final class CommitBeforeFlush extends ChannelDuplexHandler {

    private final SyncBatch batch;

    CommitBeforeFlush(SyncBatch batch) {
        this.batch = batch;
    }

    @Override
    public void flush(ChannelHandlerContext ctx) {
        try {
            batch.commit();
        } catch (RuntimeException e) {
            ctx.close();
            return;
        }
        ctx.flush();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        commitQuietly();
        super.channelInactive(ctx);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        commitQuietly();
    }

    private void commitQuietly() {
        try {
            batch.commit();
        } catch (RuntimeException e) {
            // nothing to acknowledge any more: the connection is gone
        }
    }
}

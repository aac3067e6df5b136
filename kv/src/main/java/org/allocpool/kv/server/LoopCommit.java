package org.allocpool.kv.server;

import io.netty.channel.ChannelHandlerContext;
import java.util.ArrayDeque;
import org.allocpool.kv.store.SyncBatch;

/**
 * The group commit of one event loop of a {@code --durability sync} server, Redis's way: the writes
 * of every connection the loop read in one turn are staged in one {@link SyncBatch}; their replies
 * wait, written but not flushed; once the loop has handled every read of the turn, one task commits
 * the batch (two {@code msync}s for all of them) and then flushes the waiting connections. Requests
 * that read (GET, DELETE, EXISTS, ...) commit the batch before they run, so that they see the writes
 * before them (of their own connection, and of the others of the loop).
 *
 * <p>A commit that fails (an I/O error from {@code msync}) closes the waiting connections without
 * flushing, so no reply acknowledges a write that may not be on the disk; the batch keeps the
 * failure and refuses every later write and read of this loop with it: fail-stop, as Redis stops
 * accepting writes after a failed fsync. Connections of the other loops go on.
 *
 * <p>Not thread-safe: one per event loop, used only on its thread (every connection registered with
 * that loop shares it).
 */
final class LoopCommit implements Runnable {

    private final SyncBatch batch;
    private final ArrayDeque<ChannelHandlerContext> waiting = new ArrayDeque<>();
    private boolean scheduled;

    LoopCommit(SyncBatch batch) {
        this.batch = batch;
    }

    /** The batch the loop's connections stage their writes in. */
    SyncBatch batch() {
        return batch;
    }

    /**
     * Flushes {@code ctx} once the writes its replies acknowledge are committed: now when nothing is
     * pending, else after the commit at the end of the loop's turn.
     */
    void flushAfterCommit(ChannelHandlerContext ctx) {
        if (batch.pending() == 0) {
            try {
                batch.commit(); // throws when an earlier commit failed: nothing may be acknowledged
            } catch (RuntimeException e) {
                ctx.close();
                return;
            }
            ctx.flush();
            return;
        }
        waiting.add(ctx);
        schedule(ctx);
    }

    /** Commits what is pending at the end of the loop's turn even if no flush asks for it (a connection ended). */
    void commitSoon(ChannelHandlerContext ctx) {
        if (batch.pending() > 0) {
            schedule(ctx);
        }
    }

    private void schedule(ChannelHandlerContext ctx) {
        if (!scheduled) {
            scheduled = true;
            ctx.executor().execute(this);
        }
    }

    /** The end of the loop's turn: one commit, then the waiting flushes. */
    @Override
    public void run() {
        scheduled = false;
        boolean committed;
        try {
            batch.commit();
            committed = true;
        } catch (RuntimeException e) {
            committed = false;
        }
        for (ChannelHandlerContext ctx; (ctx = waiting.poll()) != null; ) {
            if (committed) {
                ctx.flush();
            } else {
                ctx.close();
            }
        }
    }
}

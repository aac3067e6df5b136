package org.allocpool.kv.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.allocpool.kv.store.ByteKey;
import org.allocpool.kv.store.Durability;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.store.StoreConfig;
import org.allocpool.kv.store.SyncBatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The group commit of a sync server's connection, on an embedded channel: one commit per read (plus
 * one before each read of the pipeline), replies in request order, and no reply reaching the socket
 * before the writes it acknowledges are committed.
 */
class GroupCommitTest {

    @TempDir
    Path dir;

    /** At the socket's end of the pipeline: what the store held when each flush went out. */
    static final class SocketProbe extends ChannelOutboundHandlerAdapter {
        private final MappedStore store;
        final List<Long> sizeAtFlush = new ArrayList<>();
        final List<Long> sizeAtWrite = new ArrayList<>();

        SocketProbe(MappedStore store) {
            this.store = store;
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            sizeAtWrite.add(store.size());
            ctx.write(msg, promise);
        }

        @Override
        public void flush(ChannelHandlerContext ctx) {
            sizeAtFlush.add(store.size());
            ctx.flush();
        }
    }

    @Test
    void shouldCommitTheBinaryPutsOfOneReadOnceBeforeTheirRepliesLeave() throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(1024, 1024, Durability.SYNC))) {
            SyncBatch batch = store.beginBatch();
            SocketProbe probe = new SocketProbe(store);
            EmbeddedChannel channel = new EmbeddedChannel(probe, new CommitBeforeFlush(new LoopCommit(batch)),
                    new FrameDecoder(ServerConfig.frameFor(1024)),
                    new BinaryRequestHandler(new StoreRequests(store, batch), new ServerCounters()));
            ByteBuf read = Unpooled.buffer();
            for (int key = 0; key < 20; key++) {
                BinaryRequestHandlerTest.request(read, BinaryProtocol.OP_PUT, key, 10 + key);
            }
            BinaryRequestHandlerTest.request(read, BinaryProtocol.OP_GET, 7, 0);      // reads a put before it
            read.writeInt(BinaryProtocol.requestLength(0)).writeByte(9).writeLong(1); // unknown op: an error in its place
            for (int key = 20; key < 30; key++) {
                BinaryRequestHandlerTest.request(read, BinaryProtocol.OP_PUT, key, 5);
            }
            BinaryRequestHandlerTest.request(read, BinaryProtocol.OP_DELETE, 25, 0);  // removes one
            for (int key = 30; key < 33; key++) {
                BinaryRequestHandlerTest.request(read, BinaryProtocol.OP_PUT, key, 5);
            }
            channel.writeInbound(read);

            assertEquals(3, batch.commits(), "before the GET, before the DELETE, and at the end of the read");
            assertEquals(33, batch.committedPuts());
            assertEquals(List.of(32L), probe.sizeAtFlush, "one flush, after every put was committed");
            assertEquals(0L, probe.sizeAtWrite.getFirst(), "replies are queued before the commit, sent after");
            for (int key = 0; key < 20; key++) {
                BinaryRequestHandlerTest.assertReply(channel.readOutbound(), BinaryProtocol.STATUS_OK, 0);
            }
            BinaryRequestHandlerTest.assertReply(channel.readOutbound(), BinaryProtocol.STATUS_OK, 17);
            ByteBuf refused = channel.readOutbound();
            assertEquals(BinaryProtocol.STATUS_BAD_REQUEST, refused.getByte(4));
            refused.release();
            for (int key = 20; key < 30; key++) {
                BinaryRequestHandlerTest.assertReply(channel.readOutbound(), BinaryProtocol.STATUS_OK, 0);
            }
            for (int reply = 0; reply < 4; reply++) { // the DELETE and three PUTs
                BinaryRequestHandlerTest.assertReply(channel.readOutbound(), BinaryProtocol.STATUS_OK, 0);
            }
            assertNull(channel.readOutbound(), "one reply per request");
            assertFalse(store.containsKey(25));
            channel.finishAndReleaseAll();
        }
    }

    @Test
    void shouldCommitTheRespSetsOfOneReadOnceAndAnswerInOrder() throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(1024, 1024, Durability.SYNC))) {
            SyncBatch batch = store.beginBatch();
            SocketProbe probe = new SocketProbe(store);
            RespCommands commands = new RespCommands(store, new RespServerCommands(store), batch);
            EmbeddedChannel channel = new EmbeddedChannel(probe, new CommitBeforeFlush(new LoopCommit(batch)),
                    new RespRequestHandler(new RespParser(1024, 1 << 20), commands, new ServerCounters()));
            StringBuilder read = new StringBuilder();
            for (int i = 0; i < 10; i++) {
                read.append(RespText.command("SET", "k" + i, "v" + i));
            }
            read.append(RespText.command("SET", "k0", "x", "KEEPTTL"))      // unsupported option: an error, nothing stored
                    .append(RespText.command("MSET", "m1", "1", "m2", "2"))
                    .append(RespText.command("GET", "k3"))                   // commits the 12 writes before it
                    .append(RespText.command("SET", "k1", "y", "NX"))        // conditional: nil, k1 is there
                    .append(RespText.command("INCR", "n"))                   // unknown command: an error
                    .append(RespText.command("SET", "k9", "last"))
                    .append(RespText.command("EXISTS", "k9"));               // commits the SET before it
            channel.writeInbound(Unpooled.copiedBuffer(read, StandardCharsets.US_ASCII));

            assertEquals(2, batch.commits(), "before the GET and before the EXISTS; nothing is left for the flush");
            assertEquals(13, batch.committedPuts());
            assertEquals(List.of(12L), probe.sizeAtFlush);
            StringBuilder expected = new StringBuilder("+OK\r\n".repeat(10));
            expected.append("-ERR SET option 'KEEPTTL' is not supported by this server (EX, PX, EXAT, PXAT, NX and XX are)\r\n")
                    .append("+OK\r\n")
                    .append("$2\r\nv3\r\n")
                    .append("$-1\r\n")
                    .append("-ERR unknown command 'INCR', with args beginning with: 'n' \r\n")
                    .append("+OK\r\n")
                    .append(":1\r\n");
            StringBuilder replies = new StringBuilder();
            for (ByteBuf reply; (reply = channel.readOutbound()) != null; reply.release()) {
                replies.append(reply.toString(StandardCharsets.US_ASCII));
            }
            assertEquals(expected.toString(), replies.toString());
            assertTrue(store.containsKey(ByteKey.of("m2")));
            channel.finishAndReleaseAll();
        }
    }

    /**
     * A connection that calls the store directly (HTTP) on an event loop whose batch holds staged
     * writes: its put grows the store, and a growth waits for staged batches, so the staged writes
     * must be committed first or the loop would wait for itself forever (the timeout would end it).
     */
    @Test
    @org.junit.jupiter.api.Timeout(value = 60, unit = java.util.concurrent.TimeUnit.SECONDS)
    void shouldCommitTheLoopsStagedWritesBeforeADirectPutThatGrowsTheStore() throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(64, 1024, Durability.SYNC))) {
            LoopCommit loop = new LoopCommit(store.beginBatch());
            loop.batch().put(1L, new byte[8], 0, 8); // staged by another connection of the loop, this turn
            long fileBytesBefore = store.fileBytes();
            EmbeddedChannel direct = new EmbeddedChannel(new CommitBeforeRead(loop),
                    new io.netty.channel.ChannelInboundHandlerAdapter() {
                        @Override
                        public void channelRead(ChannelHandlerContext ctx, Object msg) {
                            io.netty.util.ReferenceCountUtil.release(msg);
                            for (long key = 100; key < 1_100; key++) {
                                store.put(key, new byte[8], 0, 8);
                            }
                        }
                    });
            direct.writeInbound(Unpooled.copiedBuffer("PUT", StandardCharsets.US_ASCII));
            assertEquals(0, loop.batch().pending());
            assertTrue(store.fileBytes() > fileBytesBefore, "the direct puts grew the store");
            assertEquals(1_001, store.size());
            direct.finishAndReleaseAll();
        }
    }
}

package org.allocpool.kv.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.IOException;
import java.nio.file.Path;
import org.allocpool.kv.store.Durability;
import org.allocpool.kv.store.MappedStore;
import org.allocpool.kv.store.StoreConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The binary pipeline on an embedded channel: what reaches the socket, and how many flushes. */
class BinaryRequestHandlerTest {

    @TempDir
    Path dir;

    /** Counts flushes on their way to the socket. */
    static final class FlushCounter extends ChannelOutboundHandlerAdapter {
        int flushes;

        @Override
        public void flush(ChannelHandlerContext ctx) {
            flushes++;
            ctx.flush();
        }
    }

    static void request(ByteBuf into, byte op, long key, int valueBytes) {
        into.writeInt(BinaryProtocol.requestLength(valueBytes)).writeByte(op).writeLong(key);
        into.writeZero(valueBytes);
    }

    @Test
    void shouldWriteAllRepliesOfOneReadInOneFlush() throws IOException {
        try (MappedStore store = MappedStore.open(dir, new StoreConfig(1024, 1024, Durability.ASYNC))) {
            FlushCounter counter = new FlushCounter();
            EmbeddedChannel channel = new EmbeddedChannel(counter, new FrameDecoder(ServerConfig.frameFor(1024)),
                    new BinaryRequestHandler(new StoreRequests(store), new ServerCounters()));
            ByteBuf read = Unpooled.buffer();
            for (int key = 0; key < 16; key++) {
                request(read, BinaryProtocol.OP_PUT, key, 30);
                request(read, BinaryProtocol.OP_GET, key, 0);
            }
            request(read, BinaryProtocol.OP_GET, 99, 0);
            channel.writeInbound(read);     // one socket read carrying 33 requests
            assertEquals(1, counter.flushes, "one flush for the whole read");
            for (int key = 0; key < 16; key++) {
                assertReply(channel.readOutbound(), BinaryProtocol.STATUS_OK, 0);
                assertReply(channel.readOutbound(), BinaryProtocol.STATUS_OK, 30);
            }
            assertReply(channel.readOutbound(), BinaryProtocol.STATUS_NOT_FOUND, 0);
            assertNull(channel.readOutbound(), "one reply per request");
            channel.finishAndReleaseAll();
        }
    }

    /** Reads one binary reply off {@code reply}: its length for {@code valueBytes}, its status; releases it. */
    static void assertReply(ByteBuf reply, byte status, int valueBytes) {
        try {
            assertEquals(BinaryProtocol.REPLY_HEADER + valueBytes, reply.readInt());
            assertEquals(status, reply.readByte());
        } finally {
            reply.release();
        }
    }
}

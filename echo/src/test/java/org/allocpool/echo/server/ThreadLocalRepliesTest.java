package org.allocpool.echo.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import org.allocpool.echo.buffers.BufferStrategy;
import org.allocpool.echo.buffers.CodecBuffers;
import org.allocpool.echo.event.Message;
import org.allocpool.echo.wire.FrameDecoder;
import org.allocpool.echo.wire.FrameLayout;
import org.allocpool.echo.wire.FrameType;
import org.allocpool.echo.wire.MessageCodec;
import org.junit.jupiter.api.Test;

/** The thread-local strategy's replies: gathered per read, up to the cap, into one write. */
class ThreadLocalRepliesTest {

    private static EmbeddedChannel channel(CodecBuffers buffers) {
        try (StatsDesk stats = new StatsDesk((since, until) -> null)) {
            return new EmbeddedChannel(new FrameDecoder(FrameLayout.DEFAULT_MAX_FRAME,
                    new EventDispatcher(buffers, false, new ServerCounters(), stats, line -> { })));
        }
    }

    private static ByteBuf messages(int count, int payloadBytes) {
        ByteBuf in = Unpooled.buffer();
        for (int i = 0; i < count; i++) {
            MessageCodec.encode(new Message(0).sendingTimeNS(i).payload(new byte[payloadBytes]), in);
        }
        return in;
    }

    @Test
    void shouldSendTheRepliesOfOneReadInOneWriteGrowingTheBuffer() {
        CodecBuffers buffers = CodecBuffers.of(BufferStrategy.THREAD_LOCAL, 1024, 64 * 1024);
        EmbeddedChannel channel = channel(buffers);
        ByteBuf in = messages(10, 1016);
        int bytes = in.readableBytes();
        channel.writeInbound(in);
        ByteBuf out = channel.readOutbound();
        assertEquals(bytes, out.readableBytes(), "all ten replies in the first write");
        assertEquals(FrameType.MESSAGE, out.getByte(FrameLayout.TYPE_OFFSET));
        assertNull(channel.readOutbound(), "and no other");
        out.release();
        channel.finishAndReleaseAll();
    }

    @Test
    void shouldSendWhatIsPendingOnceTheCapIsReached() {
        CodecBuffers buffers = CodecBuffers.of(BufferStrategy.THREAD_LOCAL, 1024, 4096);
        EmbeddedChannel channel = channel(buffers);
        channel.writeInbound(messages(10, 1016)); // 1029-byte replies: three fit in 4096 bytes
        int writes = 0;
        int bytes = 0;
        for (ByteBuf out; (out = channel.readOutbound()) != null; out.release()) {
            writes++;
            bytes += out.readableBytes();
            assertEquals(0, out.readableBytes() % 1029);
        }
        assertEquals(4, writes, "3 + 3 + 3 + 1 replies");
        assertEquals(10 * 1029, bytes);
        channel.finishAndReleaseAll();
    }
}

package org.allocpool.echo.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.allocpool.echo.event.TopOfBook;
import org.junit.jupiter.api.Test;

class FrameDecoderTest {

    /** Decodes every top-of-book frame it is handed and remembers it. */
    static final class Collected implements FrameListener {
        final List<TopOfBook> events = new ArrayList<>();
        final List<Integer> badLengths = new ArrayList<>();
        int readEnds;

        @Override
        public void onFrame(ChannelHandlerContext ctx, byte type, ByteBuf buffer, int index, int length) {
            assertEquals(FrameType.TOP_OF_BOOK, type);
            assertEquals(TopOfBookLayout.BODY_BYTES, length);
            events.add(TopOfBookCodec.decode(buffer, index, new TopOfBook()));
        }

        @Override
        public void onBadLength(ChannelHandlerContext ctx, int length, int maxFrame) {
            badLengths.add(length);
        }

        @Override
        public void onReadEnd(ChannelHandlerContext ctx) {
            readEnds++;
        }
    }

    private static List<TopOfBook> events(int n) {
        SplittableRandom random = new SplittableRandom(n);
        List<TopOfBook> events = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            events.add(CodecRoundTripTest.randomTopOfBook(random));
        }
        return events;
    }

    private static ByteBuf frames(List<TopOfBook> events) {
        ByteBuf all = Unpooled.buffer();
        events.forEach(e -> TopOfBookCodec.encode(e, all));
        return all;
    }

    @Test
    void shouldDecodeFramesSplitAcrossReadsByteByByte() {
        List<TopOfBook> sent = events(5);
        ByteBuf all = frames(sent);
        Collected collected = new Collected();
        EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(1024, collected));
        while (all.isReadable()) {
            channel.writeInbound(all.readRetainedSlice(1));
        }
        assertEquals(sent, collected.events);
        assertTrue(channel.isActive());
        channel.finishAndReleaseAll();
    }

    @Test
    void shouldDecodeFramesSplitAtEveryUnevenBoundary() {
        List<TopOfBook> sent = events(40);
        ByteBuf all = frames(sent);
        Collected collected = new Collected();
        EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(1024, collected));
        SplittableRandom random = new SplittableRandom(1);
        while (all.isReadable()) {
            channel.writeInbound(all.readRetainedSlice(Math.min(all.readableBytes(), random.nextInt(1, 120))));
        }
        assertEquals(sent, collected.events);
        channel.finishAndReleaseAll();
    }

    @Test
    void shouldDecodeManyFramesCoalescedInOneRead() {
        List<TopOfBook> sent = events(1000);
        Collected collected = new Collected();
        EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(1024, collected));
        channel.writeInbound(frames(sent));
        assertEquals(sent, collected.events);
        assertEquals(1, collected.readEnds, "one read, one flush point");
        channel.finishAndReleaseAll();
    }

    @Test
    void shouldCloseTheConnectionOnAFrameLongerThanTheMaximum() {
        Collected collected = new Collected();
        EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(100, collected));
        ByteBuf in = frames(events(1));
        in.writeInt(101).writeByte('m').writeZero(100);
        channel.writeInbound(in);
        assertEquals(1, collected.events.size(), "the frame before the bad one is still handled");
        assertEquals(List.of(101), collected.badLengths);
        assertFalse(channel.isOpen());
        channel.finishAndReleaseAll();
    }

    @Test
    void shouldCloseTheConnectionOnANegativeOrZeroLength() {
        for (int length : new int[] {-1, 0, Integer.MIN_VALUE}) {
            Collected collected = new Collected();
            EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(100, collected));
            channel.writeInbound(Unpooled.buffer().writeInt(length).writeZero(10));
            assertEquals(List.of(length), collected.badLengths);
            assertFalse(channel.isOpen());
            channel.finishAndReleaseAll();
        }
    }
}

package org.allocpool.echo.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.util.SplittableRandom;
import org.allocpool.echo.event.EventCodes;
import org.allocpool.echo.event.Message;
import org.allocpool.echo.event.TopOfBook;
import org.junit.jupiter.api.Test;

class CodecRoundTripTest {

    private static final String CODE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/.-_:#";

    @Test
    void shouldLayATopOfBookOutInFortyFourBigEndianBytes() {
        assertEquals(44, TopOfBookLayout.BODY_BYTES);
        assertEquals(49, TopOfBookCodec.FRAME_BYTES);
        TopOfBook event = new TopOfBook().sendingTimeNS(0x0102030405060708L).symbol(EventCodes.symbol("EUR/USD"))
                .ecn(EventCodes.ecn("EBS")).bidPrice(1.5).askPrice(-2.25).bidQuantity(7).askQuantity(-1);
        ByteBuf frame = Unpooled.buffer();
        TopOfBookCodec.encode(event, frame);
        assertEquals(49, frame.readableBytes());
        assertEquals(45, frame.getInt(0));
        assertEquals('t', frame.getByte(4));
        assertEquals(0x01, frame.getByte(5), "sendingTimeNS most significant byte first");
        assertEquals('E', frame.getByte(5 + TopOfBookLayout.SYMBOL));
        assertEquals('D', frame.getByte(5 + TopOfBookLayout.SYMBOL + 6));
        assertEquals(0, frame.getByte(5 + TopOfBookLayout.SYMBOL + 7), "codes are padded with zero bytes");
        assertEquals('S', frame.getByte(5 + TopOfBookLayout.ECN + 2));
        assertEquals(7, frame.getInt(5 + TopOfBookLayout.BID_QUANTITY));
        assertEquals(-2.25, frame.getDouble(5 + TopOfBookLayout.ASK_PRICE));
    }

    @Test
    void shouldDecodeEveryGeneratedTopOfBookAsItWasEncoded() {
        SplittableRandom random = new SplittableRandom(42);
        ByteBuf heap = Unpooled.buffer();
        ByteBuf direct = PooledByteBufAllocator.DEFAULT.directBuffer();
        TopOfBook decoded = new TopOfBook();
        try {
            for (int i = 0; i < 20_000; i++) {
                TopOfBook event = randomTopOfBook(random);
                for (ByteBuf buf : new ByteBuf[] {heap, direct}) {
                    buf.clear().writeZero(random.nextInt(8)); // the frame at an odd offset
                    int start = buf.writerIndex();
                    TopOfBookCodec.encode(event, buf);
                    assertEquals(TopOfBookCodec.FRAME_BYTES, buf.writerIndex() - start);
                    assertEquals(event, TopOfBookCodec.decode(buf, start + FrameLayout.HEADER_BYTES, decoded));
                }
                assertEquals(EventCodes.symbolText(event.symbol()), EventCodes.symbolText(decoded.symbol()));
            }
        } finally {
            direct.release();
        }
    }

    @Test
    void shouldDecodeEveryGeneratedMessageAsItWasEncoded() {
        SplittableRandom random = new SplittableRandom(7);
        ByteBuf direct = PooledByteBufAllocator.DEFAULT.directBuffer();
        Message decoded = new Message(16);
        try {
            for (int i = 0; i < 3_000; i++) {
                byte[] payload = new byte[random.nextInt(0, 3000)];
                random.nextBytes(payload);
                Message message = new Message(0).sendingTimeNS(random.nextLong()).payload(payload);
                direct.clear().writeZero(random.nextInt(8));
                int start = direct.writerIndex();
                MessageCodec.encode(message, direct);
                assertEquals(MessageCodec.frameBytes(message), direct.writerIndex() - start);
                int body = direct.getInt(start) - 1;
                assertEquals(message, MessageCodec.decode(direct, start + FrameLayout.HEADER_BYTES, body, decoded));
                assertEquals(message, decoded.deepCopy());
            }
        } finally {
            direct.release();
        }
    }

    @Test
    void shouldPackEveryShortCodeAndReadItBack() {
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 10_000; i++) {
            String symbol = randomCode(random, EventCodes.SYMBOL_CHARS);
            String ecn = randomCode(random, EventCodes.ECN_CHARS);
            assertEquals(symbol, EventCodes.symbolText(EventCodes.symbol(symbol)));
            assertEquals(ecn, EventCodes.ecnText(EventCodes.ecn(ecn)));
        }
    }

    @Test
    void shouldRefuseCodesThatDoNotFit() {
        assertThrows(IllegalArgumentException.class, () -> EventCodes.symbol("EURUSDXYZ"));
        assertThrows(IllegalArgumentException.class, () -> EventCodes.ecn("NASDQ"));
        assertThrows(IllegalArgumentException.class, () -> EventCodes.symbol(""));
        assertThrows(IllegalArgumentException.class, () -> EventCodes.symbol("EUR USD"));
    }

    static TopOfBook randomTopOfBook(SplittableRandom random) {
        return new TopOfBook().sendingTimeNS(random.nextLong())
                .symbol(EventCodes.symbol(randomCode(random, EventCodes.SYMBOL_CHARS)))
                .ecn(EventCodes.ecn(randomCode(random, EventCodes.ECN_CHARS)))
                .bidPrice(random.nextDouble(-1e6, 1e6)).askPrice(Double.longBitsToDouble(random.nextLong()))
                .bidQuantity(random.nextInt()).askQuantity(random.nextInt());
    }

    private static String randomCode(SplittableRandom random, int width) {
        int length = random.nextInt(1, width + 1);
        StringBuilder s = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            s.append(CODE_CHARS.charAt(random.nextInt(CODE_CHARS.length())));
        }
        return s.toString();
    }
}

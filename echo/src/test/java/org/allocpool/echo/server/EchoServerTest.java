package org.allocpool.echo.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.allocpool.echo.buffers.BufferStrategy;
import org.allocpool.echo.client.EchoConnection;
import org.allocpool.echo.client.Frame;
import org.allocpool.echo.event.Message;
import org.allocpool.echo.event.TopOfBook;
import org.allocpool.echo.wire.FrameType;
import org.allocpool.echo.wire.MessageCodec;
import org.allocpool.echo.wire.TopOfBookCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A real server over loopback: every test waits on its sockets, each read at most {@link TestServers#TIMEOUT_MS}. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class EchoServerTest {

    private static TopOfBook event(long n) {
        return new TopOfBook().sendingTimeNS(n).symbol(n * 31).ecn((int) n).bidPrice(n / 3.0).askPrice(n / 7.0)
                .bidQuantity((int) n * 5).askQuantity((int) n * 11);
    }

    private static TopOfBook echoOf(EchoConnection c, TopOfBook sent) throws Exception {
        c.send(sent);
        Frame reply = c.receive();
        assertEquals(FrameType.TOP_OF_BOOK, reply.type(), reply.isError() ? reply.text() : "type");
        return TopOfBookCodec.decode(Unpooled.wrappedBuffer(reply.body()), 0, new TopOfBook());
    }

    private static byte[] bytes(ByteBuf written) {
        return Arrays.copyOfRange(written.array(), written.arrayOffset(), written.arrayOffset() + written.writerIndex());
    }

    @ParameterizedTest
    @EnumSource(BufferStrategy.class)
    void shouldEchoEveryEventWithEveryBufferStrategy(BufferStrategy buffers) throws Exception {
        TestServers s = new TestServers(TestServers.settings(buffers).withCopyPerEvent(buffers.ordinal() % 2 == 0));
        try (s.server; EchoConnection c = s.connect()) {
            for (long i = 0; i < 200; i++) {
                assertEquals(event(i), echoOf(c, event(i)));
            }
            SplittableRandom random = new SplittableRandom(5);
            for (int size : new int[] {0, 1, 7, 8, 1016, 5000, 60_000}) {
                byte[] payload = new byte[size];
                random.nextBytes(payload);
                Message sent = new Message(0).sendingTimeNS(size).payload(payload);
                c.send(sent);
                Frame reply = c.receive();
                assertEquals(FrameType.MESSAGE, reply.type(), reply.isError() ? reply.text() : "type");
                assertEquals(sent, MessageCodec.decode(Unpooled.wrappedBuffer(reply.body()), 0, reply.body().length,
                        new Message(0)));
            }
            assertEquals(207, s.server.eventsEchoed());
        }
    }

    @Test
    void shouldCloseOnlyTheConnectionThatSentAnOversizedFrame() throws Exception {
        TestServers s = new TestServers(TestServers.settings(BufferStrategy.THREAD_LOCAL).withMaxFrame(1000));
        try (s.server; EchoConnection bad = s.connect(); EchoConnection good = s.connect()) {
            assertEquals(event(1), echoOf(bad, event(1)));
            bad.sendRaw(bytes(Unpooled.buffer().writeInt(1001).writeByte('m').writeZero(16)));
            assertNull(bad.receive(), "the server closes the offending connection");
            assertEquals(event(2), echoOf(good, event(2)), "everyone else is still served");
            try (EchoConnection later = s.connect()) {
                assertEquals(event(3), echoOf(later, event(3)));
            }
            assertTrue(s.log.stream().anyMatch(l -> l.contains("frame length 1001") && l.contains("1..1000")), s.log.toString());
        }
    }

    @Test
    void shouldStayHealthyWhenAClientDisconnectsMidFrame() throws Exception {
        TestServers s = new TestServers(TestServers.settings(BufferStrategy.NETTY_POOLED));
        try (s.server) {
            try (EchoConnection quitter = s.connect()) {
                ByteBuf frame = Unpooled.buffer();
                TopOfBookCodec.encode(event(4), frame);
                quitter.sendRaw(Arrays.copyOf(frame.array(), 20)); // header and part of the body, then gone
            }
            try (EchoConnection next = s.connect()) {
                for (long i = 0; i < 50; i++) {
                    assertEquals(event(i), echoOf(next, event(i)));
                }
                JsonNode stats = next.stats(0, 0);
                assertEquals(50, stats.path("eventsEchoed").asLong());
                assertEquals(2, stats.path("connections").asLong());
            }
        }
    }

    @Test
    void shouldRefuseAMessageBiggerThanTheThreadBufferCapWithAnErrorReply() throws Exception {
        TestServers s = new TestServers(TestServers.settings(BufferStrategy.THREAD_LOCAL).withBufferSizes(64, 2048));
        try (s.server; EchoConnection c = s.connect()) {
            c.send(new Message(0).sendingTimeNS(1).payload(new byte[3000]));
            Frame reply = c.receive();
            assertTrue(reply.isError());
            assertTrue(reply.text().contains("3008 bytes is bigger than --buffer-cap 2048"), reply.text());
            c.send(new Message(0).sendingTimeNS(2).payload(new byte[2000]));
            assertEquals(FrameType.MESSAGE, c.receive().type(), "a message within the cap still passes, the buffer grown");
            assertEquals(event(9), echoOf(c, event(9)));
        }
    }

    @Test
    void shouldAnswerAnUnknownTypeWithAnErrorAndKeepTheConnection() throws Exception {
        TestServers s = new TestServers(TestServers.settings(BufferStrategy.UNPOOLED));
        try (s.server; EchoConnection c = s.connect()) {
            c.sendRaw(bytes(Unpooled.buffer().writeInt(3).writeByte('x').writeShort(0)));
            Frame reply = c.receive();
            assertTrue(reply.isError());
            assertTrue(reply.text().contains("unknown frame type 0x78"), reply.text());
            c.sendRaw(bytes(Unpooled.buffer().writeInt(3).writeByte('t').writeShort(0)));
            assertTrue(c.receive().text().contains("a top-of-book body has 44 bytes, this one 2"));
            assertEquals(event(5), echoOf(c, event(5)));
        }
    }

    @Test
    void shouldAnswerStatsWithItsSettingsAndCounters() throws Exception {
        TestServers s = new TestServers(TestServers.settings(BufferStrategy.THREAD_LOCAL).withCopyPerEvent(true));
        try (s.server; EchoConnection c = s.connect()) {
            echoOf(c, event(1));
            JsonNode stats = c.stats(0, 0);
            assertEquals("thread-local", stats.path("buffers").asText());
            assertTrue(stats.path("copyPerEvent").asBoolean());
            assertEquals(1, stats.path("eventsEchoed").asLong());
            assertFalse(stats.path("gc").asText().isEmpty());
            assertFalse(stats.path("env").path("jdk").asText().isEmpty());
            assertTrue(stats.path("ioAllocatedBytes").asLong() > 0);
            assertTrue(stats.path("nowNs").asLong() > 0);
            assertTrue(stats.path("gcWindow").has("pauseTotalMs"));
        }
    }
}

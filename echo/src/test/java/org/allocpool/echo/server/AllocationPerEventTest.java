package org.allocpool.echo.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.util.concurrent.TimeUnit;
import org.allocpool.echo.buffers.BufferStrategy;
import org.allocpool.echo.event.TopOfBook;
import org.allocpool.echo.wire.TopOfBookCodec;
import org.allocpool.metrics.alloc.AllocationCounter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The articles' claim, measured on the real server with its own I/O-thread allocation counter.
 * Events go in batches of {@value #BATCH}: the JDK's selector allocates a {@code HashMap} node per
 * ready key on every wake-up (Netty's selected-key optimisation needs {@code --add-opens}, which the
 * product does not use), a cost per wake-up, not per event, that batches spread thin.
 * Every test waits on a real server's socket, each read at most {@link TestServers#TIMEOUT_MS}.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class AllocationPerEventTest {

    private static final int BATCH = 1000;

    /** Sends {@code batches} batches of events and reads every reply; returns the last reply's time field. */
    private static long drive(TestServers s, int batches) throws IOException {
        ByteBuf batch = Unpooled.buffer(BATCH * TopOfBookCodec.FRAME_BYTES);
        TopOfBook event = new TopOfBook().symbol(1).ecn(2).bidPrice(0.9913).askPrice(0.9917).bidQuantity(3).askQuantity(4);
        for (int i = 0; i < BATCH; i++) {
            TopOfBookCodec.encode(event.sendingTimeNS(i), batch);
        }
        byte[] replies = new byte[batch.readableBytes()];
        try (Socket socket = new Socket(s.server.address().getAddress(), s.server.address().getPort())) {
            socket.setSoTimeout(TestServers.TIMEOUT_MS);
            socket.setTcpNoDelay(true);
            OutputStream out = socket.getOutputStream();
            DataInputStream in = new DataInputStream(socket.getInputStream());
            for (int b = 0; b < batches; b++) {
                out.write(batch.array(), 0, batch.readableBytes());
                out.flush();
                in.readFully(replies);
            }
        }
        return Unpooled.wrappedBuffer(replies).getLong(replies.length - 44);
    }

    /** Server I/O-thread bytes per event over {@code events} events, after a warm-up. */
    private static double bytesPerEvent(TestServers s, int warmupEvents, int events) throws IOException {
        drive(s, warmupEvents / BATCH);
        long echoed = s.server.eventsEchoed();
        long allocated = s.server.ioAllocatedBytes();
        assertEquals(BATCH - 1, drive(s, events / BATCH), "every reply came back, in order");
        long measuredEvents = s.server.eventsEchoed() - echoed;
        assertEquals(events, measuredEvents);
        return (double) (s.server.ioAllocatedBytes() - allocated) / measuredEvents;
    }

    @Test
    void shouldAllocateLessThanOneBytePerEventWithThreadLocalBuffersAndNoCopy() throws IOException {
        TestServers s = new TestServers(TestServers.settings(BufferStrategy.THREAD_LOCAL));
        try (s.server) {
            double perEvent = bytesPerEvent(s, 100_000, 100_000);
            assertTrue(perEvent < 1.0, "bytes per event: " + perEvent);
        }
    }

    @Test
    void shouldAllocateAtLeastATopOfBookPerEventWhenCopyingEachEvent() throws IOException {
        TestServers s = new TestServers(TestServers.settings(BufferStrategy.THREAD_LOCAL).withCopyPerEvent(true));
        try (s.server) {
            double perEvent = bytesPerEvent(s, 50_000, 20_000);
            double objectBytes = topOfBookObjectBytes();
            assertTrue(objectBytes >= 44, "a TopOfBook holds 44 bytes of fields: " + objectBytes);
            assertTrue(perEvent >= objectBytes, "bytes per event " + perEvent + " < one TopOfBook " + objectBytes);
        }
    }

    /** What one deep copy allocates here, measured the same way (kept in an array, so it must exist). */
    private static double topOfBookObjectBytes() {
        TopOfBook original = new TopOfBook().sendingTimeNS(1);
        TopOfBook[] kept = new TopOfBook[10_000];
        long before = AllocationCounter.currentThreadAllocatedBytes();
        for (int i = 0; i < kept.length; i++) {
            kept[i] = original.deepCopy();
        }
        long after = AllocationCounter.currentThreadAllocatedBytes();
        assertEquals(1, kept[kept.length - 1].sendingTimeNS());
        return (double) (after - before) / kept.length;
    }
}

package org.allocpool.echo.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.util.ResourceLeakDetector;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.allocpool.echo.buffers.BufferStrategy;
import org.allocpool.echo.event.Message;
import org.allocpool.echo.event.TopOfBook;
import org.allocpool.echo.wire.MessageCodec;
import org.allocpool.echo.wire.MessageLayout;
import org.allocpool.echo.wire.TopOfBookCodec;
import org.allocpool.metrics.alloc.AllocationCounter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The articles' claim, measured on the real server with its own I/O-thread allocation counter.
 * The zero-allocation tests drive the server the bench's way (clients connected once, each keeping
 * {@value #WINDOW} events in flight, a reply making room for the next event): {@value #CLIENTS}
 * clients of top-of-book events as in the lab, and the case study's 3 clients of 1 KB messages, split
 * across socket reads. A wake-up of the server then carries few events, so any cost per wake-up or
 * per read shows: the JDK selector's {@code HashMap} node per ready key (gone with
 * {@link SelectorFlags}, which this module's test JVM is started with), Netty's iterator over that
 * set, a {@code ByteBuffer} view per read or per split frame. Netty's leak detection is off while
 * they measure, as in {@code echo serve}. The copy test sends batches of {@value #BATCH}, where such
 * costs spread thin. Every wait is on a real server's socket, each read at most
 * {@link TestServers#TIMEOUT_MS}.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class AllocationPerEventTest {

    private static final int BATCH = 1000;
    /** The lab's and the Chronicle benchmark's clients. */
    private static final int CLIENTS = 16;
    /** The bench's default window: events in flight per client. */
    private static final int WINDOW = 64;

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
    void shouldAllocateLessThanOneBytePerEventWithThreadLocalBuffersAndNoCopyUnderTheLabsWindowedLoad()
            throws Exception {
        ByteBuf frame = Unpooled.buffer(TopOfBookCodec.FRAME_BYTES);
        TopOfBookCodec.encode(new TopOfBook().sendingTimeNS(7).symbol(1).ecn(2).bidPrice(0.9913).askPrice(0.9917)
                .bidQuantity(3).askQuantity(4), frame);
        double perEvent = windowedBytesPerEvent(CLIENTS, frame, 2_000, 10_000);
        // under 1, and well under what the selector's HashMap nodes alone cost here (0.6 without
        // SelectorFlags, 0.02 with them on the 2-core machine: warm-up leftovers, not per event)
        assertTrue(perEvent < 0.1, "bytes per event: " + perEvent);
    }

    @Test
    void shouldAllocateLessThanOneBytePerKilobyteMessageSplitAcrossReadsWithThreadLocalBuffersAndNoCopy()
            throws Exception {
        Message message = new Message(MessageLayout.DEFAULT_BODY_BYTES).sendingTimeNS(7)
                .payload(new byte[MessageLayout.DEFAULT_BODY_BYTES - MessageLayout.PAYLOAD]);
        ByteBuf frame = Unpooled.buffer(MessageCodec.frameBytes(message));
        MessageCodec.encode(message, frame);
        // the case study's 3 clients: 64 frames of 1 KB in flight split across socket reads, so the
        // decoder keeps partial frames (Netty's own cumulator made ByteBuffer views for them: 2.1 bytes/event
        // here; 0.004 with the WordCopyCumulator)
        double perEvent = windowedBytesPerEvent(3, frame, 10_000, 40_000);
        assertTrue(perEvent < 0.1, "bytes per event: " + perEvent);
    }

    /**
     * Server I/O-thread bytes per event with thread-local buffers and no copy, {@code clients}
     * connected once (a connection's setup is not per event) sending {@code frame} the bench's way:
     * {@code warmup} events each, then {@code events} each measured.
     */
    private static double windowedBytesPerEvent(int clients, ByteBuf frame, int warmup, int events)
            throws Exception {
        // as echo serve runs (LeakDetection.offUnlessConfigured): Netty's sampled leak records are not the server's
        ResourceLeakDetector.Level leakLevel = ResourceLeakDetector.getLevel();
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        TestServers s = new TestServers(TestServers.settings(BufferStrategy.THREAD_LOCAL).withIoThreads(2));
        List<Socket> sockets = new ArrayList<>();
        try (s.server) {
            for (int c = 0; c < clients; c++) {
                Socket socket = new Socket(s.server.address().getAddress(), s.server.address().getPort());
                sockets.add(socket);
                socket.setSoTimeout(TestServers.TIMEOUT_MS);
                socket.setTcpNoDelay(true);
            }
            driveWindowed(sockets, frame, warmup);
            long echoed = s.server.eventsEchoed();
            long allocated = s.server.ioAllocatedBytes();
            driveWindowed(sockets, frame, events);
            long measured = s.server.eventsEchoed() - echoed;
            assertEquals((long) clients * events, measured);
            return (double) (s.server.ioAllocatedBytes() - allocated) / measured;
        } finally {
            for (Socket socket : sockets) {
                socket.close();
            }
            ResourceLeakDetector.setLevel(leakLevel);
        }
    }

    /**
     * Every socket's client at once, each sending {@code eventsPerClient} copies of {@code frame} with
     * {@value #WINDOW} in flight: it sends a window, then as many frames as whole replies each read
     * brought back.
     */
    private static void driveWindowed(List<Socket> sockets, ByteBuf frame, int eventsPerClient) throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(sockets.size());
        try {
            List<Future<Integer>> replies = new ArrayList<>();
            for (Socket socket : sockets) {
                replies.add(clients.submit(() -> windowedClient(socket, frame, eventsPerClient)));
            }
            for (Future<Integer> received : replies) {
                assertEquals(eventsPerClient, received.get(TestServers.TIMEOUT_MS, TimeUnit.MILLISECONDS));
            }
        } finally {
            clients.shutdownNow();
        }
    }

    /** One client of {@link #driveWindowed}, on its own thread; returns the replies it received. */
    private static int windowedClient(Socket socket, ByteBuf frame, int events) throws IOException {
        int frameBytes = frame.readableBytes();
        byte[] window = new byte[WINDOW * frameBytes];
        for (int i = 0; i < WINDOW; i++) {
            frame.getBytes(frame.readerIndex(), window, i * frameBytes, frameBytes);
        }
        byte[] in = new byte[window.length];
        OutputStream out = socket.getOutputStream();
        InputStream replies = socket.getInputStream();
        int sent = Math.min(WINDOW, events);
        out.write(window, 0, sent * frameBytes);
        int received = 0;
        int partial = 0;
        while (received < events) {
            int n = replies.read(in);
            if (n < 0) {
                throw new EOFException("the server closed after " + received + " of " + events + " replies");
            }
            int whole = (partial + n) / frameBytes;
            partial = (partial + n) % frameBytes;
            received += whole;
            int next = Math.min(whole, events - sent);
            if (next > 0) {
                out.write(window, 0, next * frameBytes);
                sent += next;
            }
        }
        return received;
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

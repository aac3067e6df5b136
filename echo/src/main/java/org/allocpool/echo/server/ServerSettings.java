package org.allocpool.echo.server;

import org.allocpool.echo.buffers.BufferStrategy;
import org.allocpool.echo.wire.FrameLayout;

/**
 * How an echo server runs ({@code allocpool echo serve} options). Immutable; validated on creation.
 *
 * @param host         address to bind, {@code 127.0.0.1} by default
 * @param port         TCP port, 0 for an ephemeral one
 * @param buffers      where encode and decode buffers come from
 * @param copyPerEvent {@code deepCopy()} every event before replying: the articles' one new object per event
 * @param maxFrame     largest frame length accepted; a larger or negative one closes that connection
 * @param bufferSize   first capacity of each thread-local buffer
 * @param bufferCap    largest capacity of each thread-local buffer; bigger messages get an error reply
 * @param ioThreads    I/O threads (Netty event loops) serving every connection
 */
public record ServerSettings(String host, int port, BufferStrategy buffers, boolean copyPerEvent, int maxFrame,
                             int bufferSize, int bufferCap, int ioThreads) {

    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 7100;
    public static final int DEFAULT_BUFFER_SIZE = 1024;
    public static final int DEFAULT_BUFFER_CAP = 64 * 1024;
    /** Largest {@code --max-frame}: a whole frame must fit an {@code int} of bytes. */
    public static final int MAX_FRAME_LIMIT = Integer.MAX_VALUE - FrameLayout.HEADER_BYTES;

    public ServerSettings {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("--host must name an address, was '" + host + "'");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("--port " + port + " is out of range; allowed: 0 to 65535 (0: any free port)");
        }
        if (buffers == null) {
            throw new IllegalArgumentException("--buffers is required; allowed: " + BufferStrategy.labels());
        }
        if (maxFrame < 1 || maxFrame > MAX_FRAME_LIMIT) {
            throw new IllegalArgumentException("--max-frame " + maxFrame + " is out of range; allowed: 1 to "
                    + MAX_FRAME_LIMIT + " bytes");
        }
        if (bufferSize < 1 || bufferSize > MAX_FRAME_LIMIT) {
            throw new IllegalArgumentException("--buffer-size " + bufferSize + " is out of range; allowed: 1 to "
                    + MAX_FRAME_LIMIT + " bytes");
        }
        if (bufferCap < bufferSize || bufferCap > MAX_FRAME_LIMIT) {
            throw new IllegalArgumentException("--buffer-cap " + bufferCap + " is out of range; allowed: --buffer-size ("
                    + bufferSize + ") to " + MAX_FRAME_LIMIT + " bytes");
        }
        if (ioThreads < 1 || ioThreads > 1024) {
            throw new IllegalArgumentException("--io-threads " + ioThreads + " is out of range; allowed: 1 to 1024");
        }
    }

    /** Default I/O threads: one per core. */
    public static int defaultIoThreads() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** The defaults of {@code allocpool echo serve}, with these buffers. */
    public static ServerSettings defaults(BufferStrategy buffers) {
        return new ServerSettings(DEFAULT_HOST, DEFAULT_PORT, buffers, false, FrameLayout.DEFAULT_MAX_FRAME,
                DEFAULT_BUFFER_SIZE, DEFAULT_BUFFER_CAP, defaultIoThreads());
    }

    public ServerSettings withPort(int newPort) {
        return new ServerSettings(host, newPort, buffers, copyPerEvent, maxFrame, bufferSize, bufferCap, ioThreads);
    }

    public ServerSettings withCopyPerEvent(boolean copy) {
        return new ServerSettings(host, port, buffers, copy, maxFrame, bufferSize, bufferCap, ioThreads);
    }

    public ServerSettings withMaxFrame(int frame) {
        return new ServerSettings(host, port, buffers, copyPerEvent, frame, bufferSize, bufferCap, ioThreads);
    }

    public ServerSettings withBufferSizes(int size, int cap) {
        return new ServerSettings(host, port, buffers, copyPerEvent, maxFrame, size, cap, ioThreads);
    }

    public ServerSettings withIoThreads(int threads) {
        return new ServerSettings(host, port, buffers, copyPerEvent, maxFrame, bufferSize, bufferCap, threads);
    }
}

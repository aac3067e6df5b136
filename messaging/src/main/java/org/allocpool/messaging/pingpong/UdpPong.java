package org.allocpool.messaging.pingpong;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.DatagramChannel;
import java.util.function.BooleanSupplier;

/**
 * Answers pings over a plain non-blocking {@link DatagramChannel}: the first datagram names the pinger,
 * the channel is then connected to it and echoes every datagram back with {@code read}/{@code write}
 * (allocation-free). A ping with sequence {@link PingPongMain#END} ends it. Confined to one thread.
 */
final class UdpPong implements Pong {

    private final DatagramChannel channel;
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(RoundTrip.MESSAGE_BYTES * 2).order(ByteOrder.LITTLE_ENDIAN);
    private long answered;

    UdpPong(String host) {
        try {
            channel = DatagramChannel.open(StandardProtocolFamily.INET);
            channel.bind(new InetSocketAddress(host, 0));
            channel.configureBlocking(false);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot bind a UDP channel on " + host, e);
        }
    }

    @Override
    public InetSocketAddress address() {
        try {
            return (InetSocketAddress) channel.getLocalAddress();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public long run(BooleanSupplier stop) {
        try {
            SocketAddress pinger = null;
            int idle = 0;
            while (true) {
                buffer.clear();
                int read;
                if (pinger == null) {
                    pinger = channel.receive(buffer);
                    if (pinger != null) {
                        channel.connect(pinger);
                    }
                    read = buffer.position();
                } else {
                    read = channel.read(buffer);
                }
                if (read > 0) {
                    if (read >= 8 && buffer.getLong(0) == PingPongMain.END) {
                        return answered;
                    }
                    buffer.flip();
                    channel.write(buffer);
                    answered++;
                } else if ((++idle & 1023) == 0 && stop.getAsBoolean()) {
                    return answered;
                } else {
                    Thread.yield();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the UDP pong failed", e);
        }
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // closing
        }
    }
}

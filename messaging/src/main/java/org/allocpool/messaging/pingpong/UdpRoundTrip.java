package org.allocpool.messaging.pingpong;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.DatagramChannel;

/**
 * Pings over a plain non-blocking {@link DatagramChannel} connected to the pong: {@code write} and
 * {@code read} on a connected channel with direct buffers allocate nothing (a {@code receive} would make
 * a {@code SocketAddress} per datagram). Polls by spinning on {@code read}. Confined to one thread.
 */
final class UdpRoundTrip implements RoundTrip {

    private final DatagramChannel channel;
    private final ByteBuffer out = ByteBuffer.allocateDirect(MESSAGE_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    private final ByteBuffer in = ByteBuffer.allocateDirect(MESSAGE_BYTES * 2).order(ByteOrder.LITTLE_ENDIAN);

    UdpRoundTrip(InetSocketAddress pong) {
        try {
            channel = DatagramChannel.open(StandardProtocolFamily.INET);
            channel.bind(new InetSocketAddress(pong.getAddress(), 0));
            channel.connect(pong);
            channel.configureBlocking(false);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a UDP channel to " + pong, e);
        }
    }

    // hot path: no allocation
    @Override
    public boolean send(long sequence) {
        out.clear();
        out.putLong(0, sequence);
        try {
            return channel.write(out) == MESSAGE_BYTES;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot send a ping", e);
        }
    }

    // hot path: no allocation
    @Override
    public long poll() {
        in.clear();
        try {
            int read = channel.read(in);
            return read >= 8 ? in.getLong(0) : NONE;
        } catch (IOException e) {
            // ICMP port unreachable (the pong went away) surfaces here on a connected channel
            throw new UncheckedIOException("cannot receive a pong", e);
        }
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // closing: nothing left to do
        }
    }
}

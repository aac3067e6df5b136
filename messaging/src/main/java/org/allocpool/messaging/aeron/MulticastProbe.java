package org.allocpool.messaging.aeron;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.MembershipKey;

/**
 * Whether multicast works on loopback here, tried rather than read from the interface's flags: joins a
 * group on the loopback interface, sends one datagram to it and waits up to half a second for it to come
 * back. Thread-safe (stateless).
 */
final class MulticastProbe {

    private static final long WAIT_NS = 500_000_000L;

    private MulticastProbe() {
    }

    /** {@code null} when a datagram to {@code group} came back on loopback, else why not, in a few words. */
    static String failure(String group) {
        try {
            InetAddress address = InetAddress.getByName(group);
            NetworkInterface loopback = NetworkInterface.getByInetAddress(InetAddress.getByName(Channels.LOOPBACK));
            if (loopback == null) {
                return "no interface holds " + Channels.LOOPBACK;
            }
            try (DatagramChannel channel = DatagramChannel.open(StandardProtocolFamily.INET)) {
                channel.setOption(StandardSocketOptions.SO_REUSEADDR, true);
                channel.bind(new InetSocketAddress(0));
                channel.setOption(StandardSocketOptions.IP_MULTICAST_IF, loopback);
                channel.setOption(StandardSocketOptions.IP_MULTICAST_LOOP, true);
                MembershipKey key = channel.join(address, loopback);
                channel.configureBlocking(false);
                int port = ((InetSocketAddress) channel.getLocalAddress()).getPort();
                long token = System.nanoTime();
                channel.send(ByteBuffer.allocate(8).putLong(0, token), new InetSocketAddress(address, port));
                ByteBuffer in = ByteBuffer.allocate(16);
                long deadline = System.nanoTime() + WAIT_NS;
                while (System.nanoTime() < deadline) {
                    in.clear();
                    if (channel.receive(in) != null && in.position() == 8 && in.getLong(0) == token) {
                        key.drop();
                        return null;
                    }
                    Thread.sleep(1);
                }
                key.drop();
                return "the probe datagram to " + group + " did not come back within 0.5 s";
            }
        } catch (IOException | UnsupportedOperationException e) {
            return e.toString();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}

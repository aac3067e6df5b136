package org.allocpool.messaging.pingpong;

import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import io.aeron.logbuffer.BufferClaim;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import java.net.InetSocketAddress;
import java.time.Duration;
import org.agrona.DirectBuffer;
import org.allocpool.messaging.aeron.Channels;
import org.allocpool.messaging.aeron.EmbeddedAeron;
import org.allocpool.messaging.aeron.Frame;

/**
 * Pings over Aeron UDP unicast on loopback: a publication to the pong's subscription, and a subscription
 * of its own on a free port that the pong publishes back to once a hello frame told it the port. The one
 * thread drives the embedded driver ({@link EmbeddedAeron}). Confined to that thread.
 */
final class AeronRoundTrip implements RoundTrip, FragmentHandler {

    static final int PING_STREAM = 2001;
    static final int PONG_STREAM = 2002;
    /** The sequence of a hello frame, whose second long is the port to answer to. */
    static final long HELLO = -2;
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(15);

    private final EmbeddedAeron embedded;
    private final ExclusivePublication publication;
    private final Subscription subscription;
    private final BufferClaim claim = new BufferClaim();
    private long received = NONE;

    AeronRoundTrip(InetSocketAddress pong) {
        embedded = EmbeddedAeron.start();
        try {
            subscription = embedded.aeron().addSubscription(Channels.subscription(new Channels.Choice("unicast", ""), 0), PONG_STREAM);
            publication = embedded.aeron().addExclusivePublication(
                    "aeron:udp?endpoint=" + pong.getHostString() + ":" + pong.getPort() + "|term-length=1m", PING_STREAM);
            long deadline = System.nanoTime() + CONNECT_TIMEOUT.toNanos();
            while (subscription.localSocketAddresses().isEmpty() || !publication.isConnected()) {
                tick(deadline, "the pong's subscription");
            }
            String bound = subscription.localSocketAddresses().getFirst();
            long port = Long.parseLong(bound.substring(bound.lastIndexOf(':') + 1));
            long nextHello = 0;
            while (!subscription.isConnected()) {
                if (System.nanoTime() >= nextHello && publication.tryClaim(16, claim) > 0) {
                    claim.buffer().putLong(claim.offset(), HELLO, Frame.ORDER);
                    claim.buffer().putLong(claim.offset() + 8, port, Frame.ORDER);
                    claim.commit();
                    nextHello = System.nanoTime() + 100_000_000L;
                }
                tick(deadline, "the pong's answers");
            }
        } catch (RuntimeException e) {
            embedded.close();
            throw e;
        }
    }

    private void tick(long deadline, String what) {
        embedded.invoke();
        if (System.nanoTime() > deadline) {
            throw new IllegalStateException("Aeron ping: no connection to " + what + " within " + CONNECT_TIMEOUT.toSeconds() + " s");
        }
        Thread.onSpinWait();
    }

    // hot path: no allocation
    @Override
    public boolean send(long sequence) {
        if (publication.tryClaim(MESSAGE_BYTES, claim) > 0) {
            claim.buffer().putLong(claim.offset(), sequence, Frame.ORDER);
            claim.commit();
            embedded.invoke();
            return true;
        }
        embedded.invoke();
        return false;
    }

    // hot path: no allocation
    @Override
    public long poll() {
        received = NONE;
        subscription.poll(this, 1);
        if (received == NONE) {
            embedded.invoke();
        }
        return received;
    }

    @Override
    public void onFragment(DirectBuffer buffer, int offset, int length, Header header) {
        received = buffer.getLong(offset, Frame.ORDER);
    }

    @Override
    public void close() {
        embedded.close();
    }
}

package org.allocpool.messaging.pingpong;

import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import io.aeron.logbuffer.BufferClaim;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import java.net.InetSocketAddress;
import java.util.function.BooleanSupplier;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.allocpool.messaging.aeron.Channels;
import org.allocpool.messaging.aeron.EmbeddedAeron;
import org.allocpool.messaging.aeron.Frame;

/**
 * Answers pings over Aeron UDP unicast on loopback: a subscription on a free port; a hello frame names the
 * pinger's port, to which it then publishes every ping back. Polls one fragment at a time and answers it
 * after the poll (never from inside the handler). Confined to one thread.
 */
final class AeronPong implements Pong, FragmentHandler {

    private final EmbeddedAeron embedded;
    private final Subscription subscription;
    private final BufferClaim claim = new BufferClaim();
    private final UnsafeBuffer pending = new UnsafeBuffer(new byte[RoundTrip.MESSAGE_BYTES]);
    private ExclusivePublication publication;
    private int pendingLength;
    private long helloPort = -1;
    private boolean ended;

    AeronPong() {
        embedded = EmbeddedAeron.start();
        subscription = embedded.aeron().addSubscription(Channels.subscription(new Channels.Choice("unicast", ""), 0),
                AeronRoundTrip.PING_STREAM);
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (subscription.localSocketAddresses().isEmpty()) {
            embedded.invoke();
            if (System.nanoTime() > deadline) {
                embedded.close();
                throw new IllegalStateException("the media driver did not bind the pong's subscription within 10 s");
            }
        }
    }

    @Override
    public InetSocketAddress address() {
        String bound = subscription.localSocketAddresses().getFirst();
        int colon = bound.lastIndexOf(':');
        return InetSocketAddress.createUnresolved(bound.substring(0, colon), Integer.parseInt(bound.substring(colon + 1)));
    }

    @Override
    public long run(BooleanSupplier stop) {
        long answered = 0;
        int idle = 0;
        while (!ended) {
            int fragments = subscription.poll(this, 1);
            if (helloPort >= 0 && publication == null) {
                publication = embedded.aeron().addExclusivePublication("aeron:udp?endpoint=" + Channels.LOOPBACK + ":" + helloPort
                        + "|term-length=1m", AeronRoundTrip.PONG_STREAM);
            }
            if (pendingLength > 0 && publication != null) {
                while (publication.tryClaim(pendingLength, claim) <= 0) {
                    embedded.invoke();
                    if (stop.getAsBoolean()) {
                        return answered;
                    }
                }
                claim.buffer().putBytes(claim.offset(), pending, 0, pendingLength);
                claim.commit();
                pendingLength = 0;
                answered++;
            }
            embedded.invoke();
            if (fragments == 0) {
                if ((++idle & 1023) == 0 && stop.getAsBoolean()) {
                    return answered;
                }
                Thread.yield();
            }
        }
        return answered;
    }

    // hot path: no allocation
    @Override
    public void onFragment(DirectBuffer buffer, int offset, int length, Header header) {
        long sequence = buffer.getLong(offset, Frame.ORDER);
        if (sequence == AeronRoundTrip.HELLO) {
            helloPort = buffer.getLong(offset + 8, Frame.ORDER);
        } else if (sequence == PingPongMain.END) {
            ended = true;
        } else {
            int length1 = Math.min(length, RoundTrip.MESSAGE_BYTES);
            pending.putBytes(0, buffer, offset, length1);
            pendingLength = length1;
        }
    }

    @Override
    public void close() {
        embedded.close();
    }
}

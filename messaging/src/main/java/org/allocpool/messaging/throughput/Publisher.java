package org.allocpool.messaging.throughput;

import io.aeron.ExclusivePublication;
import io.aeron.Publication;
import io.aeron.logbuffer.BufferClaim;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.agrona.MutableDirectBuffer;
import org.allocpool.messaging.aeron.Channels;
import org.allocpool.messaging.aeron.EmbeddedAeron;
import org.allocpool.messaging.aeron.Frame;
import org.allocpool.messaging.codec.MessageCodec;
import org.allocpool.messaging.codec.MessageGenerator;
import org.allocpool.messaging.codec.UserMessage;
import org.allocpool.metrics.alloc.AllocationCounter;

/**
 * The sending half of a throughput run: encodes messages as fast as it can straight into the claimed
 * room of one Aeron publication ({@code tryClaim}: the codec writes into the term buffer), for as long
 * as the {@link Timing} says, then sends the end frame and keeps the driver sending (over IPC: its client
 * conductor alive) until {@code done} says the subscriber has finished. A refused claim is retried, never dropped, and counted
 * by its reason: back pressure is the subscriber holding the publisher back. Confined to its thread.
 */
public final class Publisher implements AutoCloseable {

    /** Messages cycled through: made once, so that choosing one allocates nothing. */
    static final int USERS = 4096;
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(15);
    /** How long claims may find no subscriber connected before the publisher says it is gone. */
    private static final Duration GONE_AFTER = Duration.ofSeconds(5);

    private final EmbeddedAeron embedded;
    private final ExclusivePublication publication;
    private final MessageCodec codec;
    private final UserMessage[] users = MessageGenerator.users(USERS);
    private final long[] digests = new long[USERS];
    private final BufferClaim claim = new BufferClaim();

    private Publisher(EmbeddedAeron embedded, ExclusivePublication publication, MessageCodec codec) {
        this.embedded = embedded;
        this.publication = publication;
        this.codec = codec;
        for (int i = 0; i < USERS; i++) {
            digests[i] = users[i].digest();
        }
    }

    /**
     * Publishes to the subscription at {@code host:port} from a media driver of its own and waits until it
     * is connected; over IPC, joins the subscriber's driver in {@code aeronDir} as a client only (its thread
     * invokes its client conductor, the subscriber's thread the driver) and publishes to {@code aeron:ipc}.
     *
     * @throws IllegalStateException when no subscriber connected within 15 s, or no driver runs in {@code aeronDir}
     */
    public static Publisher connect(MessageCodec codec, Channels.Choice channel, String host, int port, String aeronDir) {
        EmbeddedAeron embedded = channel.isIpc() ? EmbeddedAeron.connect(aeronDir) : EmbeddedAeron.start();
        try {
            ExclusivePublication publication = embedded.aeron().addExclusivePublication(
                    Channels.publication(channel, host, port), Frame.STREAM);
            long deadline = System.nanoTime() + CONNECT_TIMEOUT.toNanos();
            while (!publication.isConnected()) {
                embedded.invoke();
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("no subscriber connected to " + publication.channel() + " within "
                            + CONNECT_TIMEOUT.toSeconds() + " s");
                }
                Thread.onSpinWait();
            }
            return new Publisher(embedded, publication, codec);
        } catch (RuntimeException e) {
            embedded.close();
            throw e;
        }
    }

    /** The most codec bytes one message may take (one Aeron frame, no fragmentation). */
    public int maxPayload() {
        return publication.maxPayloadLength() - Frame.PAYLOAD;
    }

    /**
     * Publishes for {@code timing}, then the end frame, then drives the sender until {@code done} or
     * {@code drainTimeout}.
     *
     * @return what it published and met; {@code done} not reached shows as the caller's missing report
     */
    public PublisherReport run(Timing timing, BooleanSupplier done, Duration drainTimeout) {
        long start = System.nanoTime();
        long end = start + timing.publishing().toNanos();
        long roundNs = timing.roundTime().toNanos();
        long boundary = start + timing.warmup().toNanos();
        double[] rates = new double[timing.rounds()];
        int round = -1;
        long roundStartCount = 0;
        long firstCount = 0;
        long firstAlloc = 0;
        long firstDutyAlloc = 0;
        long lastCount = 0;
        long lastAlloc = 0;
        long lastDutyAlloc = 0;
        long firstCpu = 0;
        long lastCpu = 0;
        long firstTime = 0;
        long lastTime = 0;
        long waitedNs = 0;
        long roundsWaitedNs = 0;
        long sequence = 0;
        long expectedDigestSum = 0;
        long payloadBytes = 0;
        long backPressured = 0;
        long backPressuredMessages = 0;
        long notConnected = 0;
        long adminAction = 0;
        long notConnectedSince = 0;
        boolean gone = false;
        long now = start;
        sending:
        while (now < end) {
            int index = (int) (sequence & (USERS - 1));
            UserMessage user = users[index];
            int payload = codec.prepare(user);
            boolean waited = false;
            long waitStart = 0;
            while (true) {
                long result = publication.tryClaim(Frame.PAYLOAD + payload, claim);
                if (result > 0) {
                    MutableDirectBuffer buffer = claim.buffer();
                    int offset = claim.offset();
                    buffer.putLong(offset + Frame.SEQUENCE, sequence, Frame.ORDER);
                    codec.write(user, buffer, offset + Frame.PAYLOAD);
                    claim.commit();
                    notConnectedSince = 0;
                    break;
                }
                if (!waited) {
                    waited = true;
                    waitStart = System.nanoTime();
                }
                if (result == Publication.BACK_PRESSURED) {
                    backPressured++;
                } else if (result == Publication.NOT_CONNECTED) {
                    notConnected++;
                    long t = System.nanoTime();
                    if (notConnectedSince == 0) {
                        notConnectedSince = t;
                    } else if (t - notConnectedSince > GONE_AFTER.toNanos()) {
                        gone = true;
                        break sending;
                    }
                } else if (result == Publication.ADMIN_ACTION) {
                    adminAction++;
                } else {
                    throw refused(result);
                }
                if (embedded.invokeCounted() == 0) {
                    Thread.yield();
                }
                now = System.nanoTime();
                if (now >= end) {
                    waitedNs += now - waitStart;
                    break sending;
                }
            }
            if (waited) {
                backPressuredMessages++;
                waitedNs += System.nanoTime() - waitStart;
            }
            expectedDigestSum += digests[index];
            payloadBytes += payload;
            sequence++;
            if ((sequence & 15) == 0) {
                embedded.invokeCounted();
            }
            now = System.nanoTime();
            if (now >= boundary && round < timing.rounds()) {
                if (round < 0) {
                    // the CPU clock read outside the allocation bracket: it is the JVM's to allocate in
                    firstCpu = ThreadCpu.current();
                    firstTime = now;
                    firstCount = sequence;
                    firstAlloc = AllocationCounter.currentThreadAllocatedBytes();
                    firstDutyAlloc = embedded.dutyAllocatedBytes();
                    roundsWaitedNs = waitedNs;
                } else {
                    rates[round] = (sequence - roundStartCount) * 1e9 / (now - boundary + roundNs);
                    lastCount = sequence;
                    lastAlloc = AllocationCounter.currentThreadAllocatedBytes();
                    lastDutyAlloc = embedded.dutyAllocatedBytes();
                    lastCpu = ThreadCpu.current();
                    lastTime = now;
                }
                round++;
                roundStartCount = sequence;
                boundary = now + roundNs;
            }
        }
        long roundsNs = Math.max(1, (long) Math.max(0, Math.min(round, timing.rounds())) * roundNs);
        double waitedShare = Math.min(1.0, (double) (waitedNs - roundsWaitedNs) / roundsNs);
        if (!gone) {
            sendEnd(sequence, drainTimeout);
            drain(done, drainTimeout);
        }
        int complete = Math.max(0, Math.min(round, timing.rounds()));
        List<Double> roundRates = new ArrayList<>();
        for (int i = 0; i < complete; i++) {
            roundRates.add(rates[i]);
        }
        long counted = lastCount - firstCount;
        boolean measured = complete > 0 && counted > 0;
        long dutyAlloc = lastDutyAlloc - firstDutyAlloc;
        Double alloc = measured ? (double) (lastAlloc - firstAlloc - dutyAlloc) / counted : null;
        Double driverAlloc = measured ? (double) dutyAlloc / counted : null;
        ThreadCpu.Share cpu = ThreadCpu.share(firstCpu, lastCpu, lastTime - firstTime, measured ? counted : 0);
        return new PublisherReport(sequence, expectedDigestSum, payloadBytes, backPressured, backPressuredMessages,
                notConnected, adminAction, roundRates, alloc, driverAlloc, waitedShare, gone, cpu.nsPerMessage(),
                cpu.ofWallTime());
    }

    private IllegalStateException refused(long result) {
        Throwable cause = embedded.clientError();
        return new IllegalStateException("the publication refused a claim: " + Publication.errorString(result)
                + (cause == null ? "" : " (the Aeron client said: " + cause + ")"));
    }

    private void sendEnd(long published, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (publication.tryClaim(Frame.PAYLOAD + 8, claim) <= 0) {
            embedded.invoke();
            if (System.nanoTime() > deadline) {
                return;
            }
            Thread.onSpinWait();
        }
        claim.buffer().putLong(claim.offset() + Frame.SEQUENCE, Frame.END, Frame.ORDER);
        claim.buffer().putLong(claim.offset() + Frame.PAYLOAD, published, Frame.ORDER);
        claim.commit();
    }

    private void drain(BooleanSupplier done, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        int iterations = 0;
        while (System.nanoTime() < deadline) {
            if (embedded.invoke() == 0) {
                Thread.yield();
            }
            if ((++iterations & 255) == 0 && done.getAsBoolean()) {
                return;
            }
        }
    }

    @Override
    public void close() {
        embedded.close();
    }
}

package org.allocpool.messaging.throughput;

import io.aeron.Image;
import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.agrona.DirectBuffer;
import org.allocpool.messaging.aeron.Channels;
import org.allocpool.messaging.aeron.EmbeddedAeron;
import org.allocpool.messaging.aeron.Frame;
import org.allocpool.messaging.codec.MessageCodec;
import org.allocpool.metrics.alloc.AllocationCounter;

/**
 * The receiving half of a throughput run: one Aeron subscription on loopback (or over IPC, from a
 * publisher that joins this process's driver), polled by the one thread that also drives the embedded
 * media driver; every message decoded with the codec where it lies in the term buffer. Counts what arrives (gaps, reordering, the end frame), times rounds of the decode rate
 * from its first message on, and measures the bytes its thread allocates per message. Confined to the
 * thread that runs it.
 */
public final class Subscriber implements AutoCloseable, FragmentHandler {

    private static final Duration BIND_TIMEOUT = Duration.ofSeconds(10);

    private final EmbeddedAeron embedded;
    private final Subscription subscription;
    private final MessageCodec codec;
    private final Timing timing;
    private final long slowNs;
    private final String host;
    private final int port;

    private long received;
    private long digestSum;
    private long expected;
    private long gaps;
    private long outOfOrder;
    private long payloadBytes;
    private long publishedAtEnd = -1;
    private volatile boolean imageLost;
    private boolean imageSeen;

    private Subscriber(EmbeddedAeron embedded, Subscription subscription, MessageCodec codec, Timing timing, long slowNs,
                       String host, int port) {
        this.embedded = embedded;
        this.subscription = subscription;
        this.codec = codec;
        this.timing = timing;
        this.slowNs = slowNs;
        this.host = host;
        this.port = port;
    }

    /**
     * Subscribes on a free loopback port (unicast) or the group on a free port (multicast) and waits
     * until the driver has bound it; over IPC, subscribes to {@code aeron:ipc} on the driver it starts in
     * {@code aeronDir} ({@code null}: a fresh folder, see {@link #aeronDirectory()}), which the publisher joins.
     *
     * @throws IllegalStateException when the driver did not bind within 10 s
     */
    public static Subscriber open(MessageCodec codec, Channels.Choice channel, String aeronDir, Timing timing, long slowNs) {
        EmbeddedAeron embedded = EmbeddedAeron.start(aeronDir);
        try {
            int wanted = channel.isMulticast() ? freePort() : 0;
            Subscriber[] self = new Subscriber[1];
            Subscription subscription = embedded.aeron().addSubscription(Channels.subscription(channel, wanted), Frame.STREAM,
                    image -> {
                        if (self[0] != null) {
                            self[0].imageSeen = true;
                        }
                    },
                    image -> lost(self[0], image));
            long deadline = System.nanoTime() + BIND_TIMEOUT.toNanos();
            List<String> bound = subscription.localSocketAddresses();
            while (!channel.isMulticast() && !channel.isIpc() && bound.isEmpty()) {
                embedded.invoke();
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the media driver did not bind " + subscription.channel() + " within "
                            + BIND_TIMEOUT.toSeconds() + " s");
                }
                Thread.onSpinWait();
                bound = subscription.localSocketAddresses();
            }
            String host = channel.isMulticast() ? Channels.GROUP : Channels.LOOPBACK;
            int port = channel.isMulticast() || channel.isIpc() ? wanted
                    : Integer.parseInt(bound.getFirst().substring(bound.getFirst().lastIndexOf(':') + 1));
            self[0] = new Subscriber(embedded, subscription, codec, timing, slowNs, host, port);
            return self[0];
        } catch (RuntimeException e) {
            embedded.close();
            throw e;
        }
    }

    private static void lost(Subscriber subscriber, Image image) {
        if (subscriber != null && subscriber.publishedAtEnd < 0) {
            subscriber.imageLost = true;
        }
    }

    /** The folder of this process's media driver: where an IPC publisher joins it. */
    public String aeronDirectory() {
        return embedded.directory();
    }

    /** Where publishers send: the loopback address or the group (IPC: no port, 0). */
    public String host() {
        return host;
    }

    public int port() {
        return port;
    }

    /**
     * Receives until the end frame and every message before it arrived, the image went away, {@code stop}
     * says so or {@code maxTime} passed.
     */
    public SubscriberReport run(BooleanSupplier stop, Duration maxTime) {
        long deadline = System.nanoTime() + maxTime.toNanos();
        long warmupNs = timing.warmup().toNanos();
        long roundNs = timing.roundTime().toNanos();
        double[] rates = new double[timing.rounds()];
        int round = -1;
        long boundary = Long.MAX_VALUE;
        long roundStartCount = 0;
        long firstRoundCount = 0;
        long firstRoundAlloc = 0;
        long firstRoundDutyAlloc = 0;
        long lastRoundCount = 0;
        long lastRoundAlloc = 0;
        long lastRoundDutyAlloc = 0;
        long firstRoundCpu = 0;
        long lastRoundCpu = 0;
        long firstRoundTime = 0;
        long lastRoundTime = 0;
        long polls = 0;
        long emptyPolls = 0;
        long firstRoundPolls = 0;
        long firstRoundEmptyPolls = 0;
        long lastRoundPolls = 0;
        long lastRoundEmptyPolls = 0;
        int iterations = 0;
        while (publishedAtEnd < 0 || received + gaps < publishedAtEnd) {
            int fragments = subscription.poll(this, 64);
            polls++;
            if (fragments == 0) {
                emptyPolls++;
            }
            embedded.invokeCounted();
            long now = System.nanoTime();
            if (boundary == Long.MAX_VALUE && received > 0) {
                boundary = now + warmupNs;
            }
            if (now >= boundary && publishedAtEnd < 0 && round < timing.rounds()) {
                if (round < 0) {
                    // the CPU clock read outside the allocation bracket: it is the JVM's to allocate in
                    firstRoundCpu = ThreadCpu.current();
                    firstRoundTime = now;
                    firstRoundPolls = polls;
                    firstRoundEmptyPolls = emptyPolls;
                    firstRoundCount = received;
                    firstRoundAlloc = AllocationCounter.currentThreadAllocatedBytes();
                    firstRoundDutyAlloc = embedded.dutyAllocatedBytes();
                } else {
                    rates[round] = (received - roundStartCount) * 1e9 / (now - boundary + roundNs);
                    lastRoundCount = received;
                    lastRoundAlloc = AllocationCounter.currentThreadAllocatedBytes();
                    lastRoundDutyAlloc = embedded.dutyAllocatedBytes();
                    lastRoundCpu = ThreadCpu.current();
                    lastRoundTime = now;
                    lastRoundPolls = polls;
                    lastRoundEmptyPolls = emptyPolls;
                }
                round++;
                roundStartCount = received;
                boundary = now + roundNs;
            }
            if (imageLost || now > deadline || ((++iterations & 1023) == 0 && stop.getAsBoolean())) {
                break;
            }
            if (fragments == 0) {
                Thread.yield();
            }
        }
        int complete = Math.max(0, Math.min(round, timing.rounds()));
        List<Double> roundRates = new ArrayList<>();
        for (int i = 0; i < complete; i++) {
            roundRates.add(rates[i]);
        }
        long roundMessages = complete == 0 ? 0 : lastRoundCount - firstRoundCount;
        long dutyAlloc = lastRoundDutyAlloc - firstRoundDutyAlloc;
        Double alloc = roundMessages == 0 ? null : (double) (lastRoundAlloc - firstRoundAlloc - dutyAlloc) / roundMessages;
        Double driverAlloc = roundMessages == 0 ? null : (double) dutyAlloc / roundMessages;
        ThreadCpu.Share cpu = ThreadCpu.share(firstRoundCpu, lastRoundCpu, lastRoundTime - firstRoundTime, roundMessages);
        long roundPolls = lastRoundPolls - firstRoundPolls;
        Double idle = roundMessages == 0 || roundPolls == 0 ? null
                : (double) (lastRoundEmptyPolls - firstRoundEmptyPolls) / roundPolls;
        return new SubscriberReport(received, digestSum, gaps, outOfOrder, payloadBytes, publishedAtEnd >= 0,
                imageLost && publishedAtEnd < 0, publishedAtEnd, roundRates, roundMessages, alloc, driverAlloc, slowNs,
                cpu.nsPerMessage(), cpu.ofWallTime(), idle);
    }

    /** Whether a publisher's image has appeared. */
    public boolean hasSeenPublisher() {
        return imageSeen;
    }

    // hot path: no allocation
    @Override
    public void onFragment(DirectBuffer buffer, int offset, int length, Header header) {
        long sequence = buffer.getLong(offset + Frame.SEQUENCE, Frame.ORDER);
        if (sequence == Frame.END) {
            publishedAtEnd = buffer.getLong(offset + Frame.PAYLOAD, Frame.ORDER);
            return;
        }
        if (sequence == expected) {
            expected++;
        } else if (sequence > expected) {
            gaps += sequence - expected;
            expected = sequence + 1;
        } else {
            outOfOrder++;
            gaps--;
        }
        int payload = length - Frame.PAYLOAD;
        digestSum += codec.decode(buffer, offset + Frame.PAYLOAD, payload);
        payloadBytes += payload;
        received++;
        if (slowNs > 0) {
            long until = System.nanoTime() + slowNs;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
        }
    }

    @Override
    public void close() {
        embedded.close();
    }

    private static int freePort() {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free UDP port on loopback", e);
        }
    }
}

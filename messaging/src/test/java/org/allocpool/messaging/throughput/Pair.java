package org.allocpool.messaging.throughput;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.allocpool.messaging.aeron.Channels;
import org.allocpool.messaging.codec.Codecs;

/**
 * A publisher and a subscriber of one codec in this JVM, each on a thread of its own: over Aeron UDP
 * unicast on loopback each with its own embedded media driver, over IPC sharing the subscriber's (the
 * publisher a client only, as it joins it from another process): what the lab runs as two processes,
 * for tests.
 */
final class Pair {

    record Outcome(PublisherReport publisher, SubscriberReport subscriber) {
        ThroughputRecord.Metrics metrics() {
            return ThroughputRecord.metrics(publisher, subscriber);
        }
    }

    private Pair() {
    }

    static Outcome run(String codec, Timing timing, long slowNs) throws Exception {
        return run(codec, "unicast", timing, slowNs);
    }

    static Outcome run(String codec, String channelMode, Timing timing, long slowNs) throws Exception {
        Channels.Choice channel = Channels.choose(channelMode);
        ExecutorService thread = Executors.newSingleThreadExecutor();
        AtomicBoolean stop = new AtomicBoolean();
        try (Subscriber subscriber = Subscriber.open(Codecs.byName(codec), channel, null, timing, slowNs)) {
            CompletableFuture<SubscriberReport> received = CompletableFuture.supplyAsync(
                    () -> subscriber.run(stop::get, Duration.ofSeconds(60)), thread);
            PublisherReport sent;
            try (Publisher publisher = Publisher.connect(Codecs.byName(codec), channel, Channels.LOOPBACK, subscriber.port(),
                    subscriber.aeronDirectory())) {
                sent = publisher.run(timing, received::isDone, Duration.ofSeconds(30));
            }
            try {
                return new Outcome(sent, received.get(30, TimeUnit.SECONDS));
            } finally {
                stop.set(true);
            }
        } finally {
            stop.set(true);
            thread.shutdown();
            thread.awaitTermination(30, TimeUnit.SECONDS);
        }
    }
}

package org.allocpool.messaging.throughput;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(120)
class ThroughputOverAeronTest {

    private static final Timing SHORT = new Timing(Duration.ofMillis(200), Duration.ofMillis(200), 2);

    @ParameterizedTest
    @ValueSource(strings = {"flyweight", "fory", "kryo", "jdk"})
    void shouldDeliverAndDecodeEveryMessageOverTheTransport(String codec) throws Exception {
        Pair.Outcome outcome = Pair.run(codec, SHORT, 0);
        ThroughputRecord.Metrics metrics = outcome.metrics();
        assertTrue(metrics.published() > 0, codec + " published nothing");
        assertEquals(metrics.published(), metrics.received(), codec + ": received what was published");
        assertEquals(0, metrics.lost());
        assertTrue(outcome.subscriber().endSeen(), "the end frame arrived");
        assertEquals(outcome.publisher().expectedDigestSum(), outcome.subscriber().digestSum(),
                codec + ": the decoded messages' digests add up to the sent ones'");
        assertTrue(metrics.digestOk());
        assertFalse(metrics.subscriberDropped());
    }

    /**
     * One media driver, the subscriber's, invoked by the subscriber's thread alone; the publisher joins it as
     * a client only, its thread invoking its own conductor: every message still arrives, decoded as sent.
     */
    @ParameterizedTest
    @ValueSource(strings = {"flyweight", "fory"})
    void shouldDeliverAndDecodeEveryMessageOverIpcThroughTheSubscribersDriver(String codec) throws Exception {
        Pair.Outcome outcome = Pair.run(codec, "ipc", SHORT, 0);
        ThroughputRecord.Metrics metrics = outcome.metrics();
        assertTrue(metrics.published() > 0, codec + " published nothing");
        assertEquals(metrics.published(), metrics.received(), codec + ": received what was published");
        assertEquals(0, metrics.lost());
        assertEquals(0, metrics.outOfOrder());
        assertTrue(outcome.subscriber().endSeen(), "the end frame arrived");
        assertTrue(metrics.digestOk(), codec + ": the decoded messages' digests add up to the sent ones'");
        assertFalse(metrics.subscriberDropped());
        assertEquals(0, metrics.notConnected(), "the publisher never lost the subscriber");
    }

    @Test
    void shouldReportBackPressureFromASlowSubscriberAndLoseNothing() throws Exception {
        // 50 µs of work per message caps the subscriber at 20,000/s: far below what the publisher encodes
        Pair.Outcome outcome = Pair.run("flyweight", new Timing(Duration.ofMillis(300), Duration.ofMillis(300), 2), 50_000);
        ThroughputRecord.Metrics metrics = outcome.metrics();
        assertTrue(metrics.backPressured() > 0, "the publisher's claims were refused BACK_PRESSURED");
        assertTrue(metrics.backPressuredShare() > 0.2, "the publisher waited " + metrics.backPressuredShare() + " of its time");
        assertEquals(0, metrics.lost(), "a back-pressured publisher retries: nothing is lost");
        assertEquals(metrics.published(), metrics.received());
        assertTrue(metrics.messagesPerSecond() != null && metrics.messagesPerSecond() < 25_000,
                "the subscriber's rate is its own: " + metrics.messagesPerSecond());
    }
}

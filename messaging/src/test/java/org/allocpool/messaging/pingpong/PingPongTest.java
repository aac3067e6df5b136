package org.allocpool.messaging.pingpong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(120)
class PingPongTest {

    @Test
    void shouldAnswerEveryPingOverUdpWithoutAllocatingPerRoundTrip() throws Exception {
        PingRun.Result result = run(() -> new UdpPong("127.0.0.1"), UdpRoundTrip::new, 0, Duration.ofMillis(1500));
        assertTrue(result.roundTrips() > 0);
        assertEquals(0, result.lost());
        assertNotNull(result.allocBytesPerRoundTrip());
        // the smallest object is 16 bytes: one per round trip would read 16 or more; what shows below that is a
        // few one-off allocations (first calls, compilations) spread over the round trips of a short run
        assertTrue(result.allocBytesPerRoundTrip() < 4,
                "the UDP ping allocated " + result.allocBytesPerRoundTrip() + " bytes per round trip over " + result.roundTrips());
    }

    @Test
    void shouldAnswerEveryPingOverAeron() throws Exception {
        PingRun.Result result = run(AeronPong::new, AeronRoundTrip::new, 0, Duration.ofMillis(300));
        assertTrue(result.roundTrips() > 0);
        assertEquals(0, result.lost());
        assertEquals(result.roundTrips(), result.corrected().getTotalCount());
    }

    @Test
    void shouldCountLatencyFromTheScheduleAtAFixedRate() throws Exception {
        PingRun.Result result = run(() -> new UdpPong("127.0.0.1"), UdpRoundTrip::new, 1_000, Duration.ofMillis(300));
        assertTrue(result.roundTrips() > 0);
        // from the intended send time, never less than from the actual one
        assertTrue(result.corrected().getMaxValue() >= result.uncorrected().getMaxValue());
        assertTrue(result.corrected().getValueAtPercentile(50) >= result.uncorrected().getValueAtPercentile(50));
    }

    private static PingRun.Result run(Supplier<Pong> pongs, Function<InetSocketAddress, RoundTrip> pings, long rate,
                                      Duration warmup) throws Exception {
        ExecutorService thread = Executors.newSingleThreadExecutor();
        AtomicBoolean stop = new AtomicBoolean();
        try (Pong pong = pongs.get()) {
            InetSocketAddress where = pong.address();
            CompletableFuture<Long> answered = CompletableFuture.supplyAsync(() -> pong.run(stop::get), thread);
            try (RoundTrip ping = pings.apply(new InetSocketAddress(where.getHostString(), where.getPort()))) {
                PingRun.Result result = PingRun.run(ping, rate, warmup, Duration.ofMillis(200), 3);
                stop.set(true);
                assertTrue(answered.get(30, TimeUnit.SECONDS) >= result.roundTrips());
                return result;
            }
        } finally {
            stop.set(true);
            thread.shutdown();
            thread.awaitTermination(30, TimeUnit.SECONDS);
        }
    }
}

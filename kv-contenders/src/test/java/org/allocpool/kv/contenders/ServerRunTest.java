package org.allocpool.kv.contenders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The servers cell against a real Redis, on a free loopback port: skipped (with the reason) where
 * redis-server or redis-benchmark is not installed. The parsing it relies on is tested without Redis
 * ({@link RedisBenchmarkOutputTest}, {@link ProcessMemoryTest}).
 */
class ServerRunTest {

    @TempDir
    Path dir;

    @Test
    @Timeout(120)
    void shouldLoadEveryKeyReadTheResidentSetAndRateEachTestOfTheGrid() throws Exception {
        assumeTrue(ServerRun.installed("redis-server") != null && ServerRun.installed("redis-benchmark") != null,
                "redis-server and redis-benchmark are not installed " + ServerRun.INSTALL);
        ServerOptions options = new ServerOptions(ServerOptions.REDIS, "everysec", null, List.of("get", "set"),
                List.of(2), List.of(1, 4), true);
        PhaseTiming timing = new PhaseTiming(Duration.ZERO, Duration.ofMillis(50), 4, 4);

        ServerMetrics metrics = new ServerRun(timing, new PrintStream(new ByteArrayOutputStream())).measure(options, 2_000, dir);

        assertEquals(2_000, metrics.keys());
        assertTrue(metrics.serverVersion().startsWith("Redis "), metrics.serverVersion());
        assertNotNull(metrics.residentLoadedMb());
        assertTrue(metrics.residentLoadedMb() > 0 && metrics.peakLoadedMb() >= metrics.residentLoadedMb(), metrics.toString());
        assertEquals(4, metrics.benchmarks().size());
        for (ServerMetrics.Benchmark run : metrics.benchmarks()) {
            assertEquals(4, run.requests().perSecond().rounds().size(), run.toString());
            assertTrue(run.requests().perSecond().median() > 0, run.toString());
        }
        assertEquals(List.of("get-c2-P1", "set-c2-P1", "get-c2-P4", "set-c2-P4"), metrics.benchmarks().stream()
                .map(ServerMetrics.Benchmark::run).toList());
    }

    @Test
    @Timeout(120)
    void shouldLoadBothServersOfAPairAndRateThemInAlternatingRoundsWithARatioPerPair() throws Exception {
        assumeTrue(ServerRun.installed("redis-server") != null && ServerRun.installed("redis-benchmark") != null,
                "redis-server and redis-benchmark are not installed " + ServerRun.INSTALL);
        // a second Redis stands in for kv serve: the cell only needs a RESP server at --connect
        Path peerDir = java.nio.file.Files.createDirectories(dir.resolve("peer"));
        try (RedisProcess peer = RedisProcess.start(ServerRun.installed("redis-server"), peerDir, "everysec")) {
            ServerOptions options = new ServerOptions(ServerOptions.PAIR, "async", peer.address(), List.of("get", "set"),
                    List.of(2), List.of(1), true);
            PhaseTiming timing = new PhaseTiming(Duration.ZERO, Duration.ofMillis(50), 4, 4);

            ServerMetrics metrics = new ServerRun(timing, new PrintStream(new ByteArrayOutputStream()))
                    .measure(options, 2_000, dir.resolve("redis"));

            try (RespLink link = RespLink.connect(peer.address(), Duration.ofSeconds(10))) {
                assertEquals("2000", link.call("DBSIZE"), "the peer was loaded");
            }
            assertEquals("pair", metrics.server());
            assertTrue(metrics.serverVersion().contains(" beside Redis "), metrics.serverVersion());
            assertEquals(List.of("get-c2-P1", "set-c2-P1"), metrics.benchmarks().stream()
                    .map(ServerMetrics.Benchmark::run).toList());
            for (ServerMetrics.Benchmark run : metrics.benchmarks()) {
                List<Double> ours = run.requests().perSecond().rounds();
                List<Double> redis = run.redisRequests().perSecond().rounds();
                List<Double> ratios = run.ratioToRedis().perSecond().rounds();
                assertEquals(4, ratios.size(), run.toString());
                for (int i = 0; i < ratios.size(); i++) {
                    assertEquals(ours.get(i) / redis.get(i), ratios.get(i), 1e-12, run.toString());
                }
            }
        }
    }

    @Test
    void shouldNameTheKeysAsRedisBenchmarkDoes() {
        assertEquals("key:000000000042", RespLink.key(42));
    }

    @Test
    void shouldReadAFieldOfInfo() {
        String info = "# Server\r\nredis_version:7.0.15\r\nprocess_id:20836\r\n";
        assertEquals("20836", ServerRun.infoField(info, "process_id"));
        assertEquals(null, ServerRun.infoField(info, "tcp_port"));
    }
}

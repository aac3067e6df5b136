package org.allocpool.kv.contenders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RedisBenchmarkOutputTest {

    /** redis-benchmark 7.0.15 --csv, as captured on the development VM. */
    private static final String CSV = """
            "test","rps","avg_latency_ms","min_latency_ms","p50_latency_ms","p95_latency_ms","p99_latency_ms","max_latency_ms"
            "SET","170940.17","0.338","0.032","0.087","1.655","8.095","8.911"
            "GET","180180.17","0.333","0.032","0.087","2.143","5.703","9.759"
            """;

    /** redis-benchmark 7.0.15 -q, progress and result on one line, as a terminal gets them. */
    private static final String QUIET = " \rSET: rps=0.0 (overall: -nan) avg_msec=-nan (overall: -nan)\r"
            + "                                 \rSET: 21929.82 requests per second, p50=0.063 msec\n"
            + " \rGET: rps=4016.0 (overall: 47809.5) avg_msec=0.058 (overall: 0.058)\r"
            + "                                 \rGET: 19920.32 requests per second, p50=0.063 msec\n\n";

    @Test
    void shouldReadEachTestsRateFromCsv() {
        Map<String, Double> rates = RedisBenchmarkOutput.requestsPerSecond(CSV);
        assertEquals(List.of("SET", "GET"), List.copyOf(rates.keySet()));
        assertEquals(170940.17, rates.get("SET"));
        assertEquals(180180.17, rates.get("GET"));
    }

    @Test
    void shouldReadTheResultAndNotTheProgressFromQuietOutput() {
        Map<String, Double> rates = RedisBenchmarkOutput.requestsPerSecond(QUIET);
        assertEquals(21929.82, rates.get("SET"));
        assertEquals(19920.32, rates.get("GET"));
        assertEquals(2, rates.size());
    }

    @Test
    void shouldReadQuietOutputWithoutProgressAndCsvWithWindowsLineEnds() {
        assertEquals(Map.of("GET", 1000.5), RedisBenchmarkOutput.requestsPerSecond("GET: 1000.50 requests per second\n"));
        assertEquals(12.0, RedisBenchmarkOutput.requestsPerSecond("\"test\",\"rps\"\r\n\"GET\",\"12.00\",\"0.1\"\r\n").get("GET"));
    }

    @Test
    void shouldRefuseOutputWithoutAResultQuotingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RedisBenchmarkOutput.requestsPerSecond("Could not connect to Redis at 127.0.0.1:1: Connection refused\n"));
        assertTrue(e.getMessage().contains("Connection refused"), e.getMessage());
    }
}

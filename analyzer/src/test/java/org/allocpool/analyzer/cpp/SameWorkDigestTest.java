package org.allocpool.analyzer.cpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.allocpool.analyzer.AnalyzerSettings;
import org.allocpool.analyzer.BatchRun;
import org.allocpool.analyzer.Strategy;
import org.allocpool.analyzer.WorkloadCase;
import org.allocpool.analyzer.WorkloadShape;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * That the Java and C++ analysers do the same work, beyond equal counts: for the same settings, rounds
 * of a fixed number of packets (rounds of a fixed time hold different packets run to run), every
 * record reports the same {@code metrics.stateDigest} (what the store and the queue hold after the
 * timed rounds: which packets, parsed into which fields, at which places), whatever the strategy or
 * runtime; and the digest sees the work, changing with the case or the packet count. Java runs
 * in-process through {@link BatchRun}, C++ as the CLI runs it through {@link CppAnalyzer}, each read
 * back from its JSON record.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class SameWorkDigestTest {

    static final int PACKETS = 20_000;
    static final int ROUNDS = 2;
    static final int WARMUP = 1;

    /** Case A's sizes, and case B's at a tenth of them, with pools that hold the prefilled store and queue. */
    static AnalyzerSettings small(Strategy strategy, WorkloadCase workloadCase, long packets) {
        return workloadCase == WorkloadCase.A
                ? new AnalyzerSettings(strategy, WorkloadCase.A, 1_000, 1_000, 10_000, 2_000, packets, ROUNDS, WARMUP)
                : new AnalyzerSettings(strategy, workloadCase, 10_000, 10_000, 30_000, 20_000, packets, ROUNDS, WARMUP);
    }

    /** {@code metrics.stateDigest} of the Java analyser's record for {@code settings}. */
    static String javaDigest(AnalyzerSettings settings) {
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        JsonNode record = RecordJson.parse(RecordJson.toLine(BatchRun.run(settings, quiet)));
        assertEquals("ok", record.path("status").asText(), record.toString());
        return digestOf(record);
    }

    /** {@code metrics.stateDigest} of the C++ analyser's record for {@code settings} in {@code runtime}. */
    static String cppDigest(String runtime, AnalyzerSettings settings) {
        CppAnalyzerTest.Outcome outcome = CppAnalyzerTest.run(
                CppAnalyzer.arguments(runtime, settings, null, false, true).toArray(String[]::new));
        assertEquals(0, outcome.exitCode(), outcome.toString());
        JsonNode record = outcome.record();
        assertEquals(runtime, record.path("cell").path("runtime").asText());
        return digestOf(record);
    }

    private static String digestOf(JsonNode record) {
        String digest = record.path("metrics").path("stateDigest").asText();
        assertTrue(digest.matches("[0-9a-f]{16}"), "16 hex digits: " + record.path("metrics"));
        return digest;
    }

    @ParameterizedTest
    @EnumSource(value = WorkloadCase.class, names = {"A", "B"})
    void shouldReportTheSameDigestInJavaAndCppForEveryStrategy(WorkloadCase workloadCase) {
        Map<String, String> digests = new LinkedHashMap<>();
        for (Strategy strategy : List.of(Strategy.FLAT, Strategy.POOL, Strategy.ALLOC)) {
            digests.put("java " + strategy.cliName(), javaDigest(small(strategy, workloadCase, PACKETS)));
        }
        for (String runtime : List.of("cpp-flat", "cpp")) {
            digests.put(runtime + " pool", cppDigest(runtime, small(Strategy.POOL, workloadCase, PACKETS)));
        }
        List<String> distinct = new ArrayList<>(digests.values().stream().distinct().toList());
        assertEquals(1, distinct.size(), "one digest for every strategy and runtime: " + digests);
    }

    @Test
    void shouldReportTheSameDigestInJavaAndCppForAnyPacketShape() {
        for (WorkloadShape shape : List.of(new WorkloadShape(256, 4), new WorkloadShape(4096, 2))) {
            Map<String, String> digests = new LinkedHashMap<>();
            for (Strategy strategy : List.of(Strategy.FLAT, Strategy.POOL, Strategy.ALLOC)) {
                digests.put("java " + strategy.cliName(), javaDigest(small(strategy, WorkloadCase.A, PACKETS).withShape(shape)));
            }
            for (String runtime : List.of("cpp-flat", "cpp")) {
                digests.put(runtime + " alloc", cppDigest(runtime, small(Strategy.ALLOC, WorkloadCase.A, PACKETS).withShape(shape)));
            }
            assertEquals(1, digests.values().stream().distinct().count(), shape + ": " + digests);
            assertNotEquals(javaDigest(small(Strategy.FLAT, WorkloadCase.A, PACKETS)), digests.get("java flat"),
                    "another share kept stores other packets");
        }
    }

    @Test
    void shouldChangeTheDigestWithTheCaseOrThePacketCount() {
        String a = javaDigest(small(Strategy.FLAT, WorkloadCase.A, PACKETS));
        String b = javaDigest(small(Strategy.FLAT, WorkloadCase.B, PACKETS));
        String oneMore = javaDigest(small(Strategy.FLAT, WorkloadCase.A, PACKETS + 1));
        assertNotEquals(a, b, "case B's sizes store other packets in other slots");
        assertNotEquals(a, oneMore, "one more packet a round is more work");
        assertEquals(oneMore, cppDigest("cpp-flat", small(Strategy.POOL, WorkloadCase.A, PACKETS + 1)),
                "C++ sees the one more packet too");
        assertNotEquals(a, cppDigest("cpp", small(Strategy.POOL, WorkloadCase.B, PACKETS)));
    }
}

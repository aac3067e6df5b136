package org.allocpool.analyzer.cpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.allocpool.analyzer.AnalyzerSettings;
import org.allocpool.analyzer.Strategy;
import org.allocpool.analyzer.WorkloadCase;
import org.allocpool.analyzer.WorkloadCounts;
import org.allocpool.analyzer.workload.Workload;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The C++ analyser, run as the CLI runs it: the bundled program, extracted. Every test waits for the
 * program, at most {@link #CHILD_WAIT} a run, and at most two runs and some Java work a test.
 */
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class CppAnalyzerTest {

    /** A run takes under a second on a quiet 2-core machine; past a minute it has hung, and is killed. */
    static final Duration CHILD_WAIT = Duration.ofMinutes(1);

    /** What one run of the program printed and returned. */
    record Outcome(int exitCode, List<String> out, List<String> err) {

        JsonNode record() {
            assertEquals(1, out.size(), "one record on stdout: " + this);
            try {
                return RecordJson.mapper().readTree(out.getFirst());
            } catch (java.io.IOException e) {
                throw new AssertionError(out.getFirst(), e);
            }
        }
    }

    static Outcome run(String... args) {
        List<String> out = new ArrayList<>();
        List<String> err = new ArrayList<>();
        int code;
        try (ChildDeadline deadline = new ChildDeadline(CHILD_WAIT)) {
            code = CppAnalyzer.run(List.of(args), out::add, line -> {
                synchronized (err) {
                    err.add(line);
                }
            });
            assertFalse(deadline.hasKilled(), "the C++ analyser ran past " + deadline.waited().toSeconds()
                    + " s and was killed; it printed " + out + " " + err);
        }
        return new Outcome(code, out, err);
    }

    /** The article's case A sizes over 1.6 M packets, and a case-C-like workload at a tenth of C. */
    static Stream<Arguments> cells() {
        List<Arguments> cells = new ArrayList<>();
        for (String strategy : List.of("dummy", "alloc", "mix", "pool")) {
            cells.add(Arguments.of(strategy, 1_000, 1_000, 10_000, 2_000, 1_600_000));
            cells.add(Arguments.of(strategy, 49_500, 49_500, 120_000, 20_000, 400_000));
        }
        return cells.stream();
    }

    @ParameterizedTest(name = "{0} queue {1} stored {2} pool {3} mix-pool {4}, {5} packets")
    @MethodSource("cells")
    void shouldCountExactlyAsTheJavaAnalyzerInBothFlavours(String strategy, int queue, int stored, int pool,
                                                            int mixPool, int packets) {
        WorkloadCounts java;
        AnalyzerSettings settings = new AnalyzerSettings(Strategy.parse(strategy), WorkloadCase.A, queue, stored,
                pool, mixPool, packets, 1, 0);
        try (Workload workload = Workload.of(settings)) {
            workload.run(packets);
            workload.drain();
            java = workload.counts();
        }
        for (String runtime : CppAnalyzer.RUNTIMES) {
            Outcome outcome = run("--runtime", runtime, "--strategy", strategy, "--queue", "" + queue,
                    "--stored", "" + stored, "--pool", "" + pool, "--mix-pool", "" + mixPool,
                    "--packets", "" + packets, "--rounds", "1", "--warmup", "0", "--json");
            assertEquals(0, outcome.exitCode(), outcome.toString());
            JsonNode w = outcome.record().path("metrics").path("workload");
            WorkloadCounts cpp = new WorkloadCounts(w.path("made").asLong(), w.path("parsed").asLong(),
                    w.path("tcpStored").asLong(), w.path("evicted").asLong(), w.path("freed").asLong());
            assertEquals(java, cpp, runtime + " " + strategy);
        }
    }

    @Test
    void shouldPrintOneBatchRecordInTheJavaShape() {
        Outcome outcome = run("--runtime", "cpp-flat", "--strategy", "mix", "--case", "B", "--packets", "50000",
                "--rounds", "3", "--warmup", "1", "--json");
        assertEquals(0, outcome.exitCode(), outcome.toString());
        JsonNode r = outcome.record();
        assertEquals("analyzer", r.path("experiment").asText());
        assertEquals("ok", r.path("status").asText());
        JsonNode cell = r.path("cell");
        assertEquals("mix", cell.path("strategy").asText());
        assertEquals("cpp-flat", cell.path("runtime").asText());
        assertEquals("B", cell.path("case").asText());
        assertEquals("batch", cell.path("mode").asText());
        assertEquals(100_000, cell.path("queue").asInt());
        assertEquals(200_000, cell.path("mixPool").asInt());
        assertTrue(r.path("env").path("vm").asText().endsWith("-O3"), r.path("env").toString());
        assertTrue(r.path("env").path("jdk").isMissingNode());
        JsonNode m = r.path("metrics");
        assertEquals(3, m.path("nsPerPacket").path("rounds").size());
        assertTrue(m.path("nsPerPacket").path("median").asDouble() > 0);
        assertTrue(m.path("packetsPerSecond").asDouble() > 0);
        assertTrue(m.has("allocBytesPerPacket"));
        assertTrue(m.path("gc").isMissingNode());
        assertEquals(200_000, m.path("workload").path("made").asLong());
        assertEquals(200_000, m.path("workload").path("freed").asLong());
        assertEquals(5, outcome.err().size(), "a line per round, warm-up too, and a summary: " + outcome.err());
    }

    @Test
    void shouldAllocateNothingPerPacketWithTheFlatPool() {
        JsonNode flat = run("--runtime", "cpp-flat", "--strategy", "pool", "--packets", "100000", "--rounds", "1",
                "--warmup", "1", "--pool", "10000", "--json").record();
        assertEquals(0.0, flat.path("metrics").path("allocBytesPerPacket").asDouble());
        JsonNode objects = run("--runtime", "cpp", "--strategy", "pool", "--packets", "100000", "--rounds", "1",
                "--warmup", "1", "--pool", "10000", "--json").record();
        // two addresses, a header and a parsed packet per packet parsed
        assertTrue(objects.path("metrics").path("allocBytesPerPacket").asDouble() > 40, objects.toString());
    }

    @Test
    void shouldRejectAnUnknownStrategyInOneLine() {
        Outcome outcome = run("--strategy", "native-pool");
        assertEquals(2, outcome.exitCode(), outcome.toString());
        assertEquals(1, outcome.err().size(), outcome.toString());
        assertTrue(outcome.err().getFirst().contains("unknown strategy 'native-pool'; allowed: dummy, alloc, mix, pool"),
                outcome.err().getFirst());
        assertTrue(outcome.out().isEmpty());
    }

    @Test
    void shouldRejectNegativeQueueSize() {
        Outcome outcome = run("--runtime", "cpp-flat", "--queue", "-5", "--json");
        assertEquals(2, outcome.exitCode(), outcome.toString());
        assertEquals(1, outcome.err().size(), outcome.toString());
        assertTrue(outcome.err().getFirst().contains("--queue must be at least 1, was -5"), outcome.err().getFirst());
        assertTrue(outcome.out().isEmpty());
    }

    @Test
    void shouldPrintAFailedRecordNamingTheStrategyAndSizeWhenThePoolRunsDry() {
        // 999 packets queued and some hundred stored outgrow a pool of 1,200 within 20,000 packets
        Outcome outcome = run("--strategy", "pool", "--pool", "1200", "--packets", "20000", "--rounds", "1",
                "--warmup", "0", "--json");
        assertEquals(1, outcome.exitCode(), outcome.toString());
        JsonNode r = outcome.record();
        assertEquals("failed", r.path("status").asText());
        assertEquals("Failure to allocate packet: strategy 'pool' ran dry: all 1200 pooled packets are in use "
                + "(raise --pool, or lower --queue/--stored)", r.path("error").asText());
    }

    @Test
    void shouldAccountForEveryTickOfAShortRealtimeRun() {
        Outcome outcome = run("--runtime", "cpp-flat", "--strategy", "pool", "--pool", "10000", "--mode", "realtime",
                "--interval-ns", "20000", "--duration", "1s", "--warmup-s", "0", "--json");
        assertEquals(0, outcome.exitCode(), outcome.toString());
        JsonNode r = outcome.record();
        assertEquals("realtime", r.path("cell").path("mode").asText());
        assertEquals(20_000, r.path("cell").path("intervalNs").asLong());
        JsonNode rt = r.path("metrics").path("realtime");
        assertEquals(20_000, rt.path("intervalNs").asLong());
        assertTrue(rt.path("sent").asLong() > 10_000, rt.toString());
        assertEquals(rt.path("sent").asLong(), rt.path("received").asLong() + rt.path("lost").asLong(), rt.toString());
        for (String p : List.of("p50", "p99", "p999", "max")) {
            assertTrue(rt.path("latencyNs").path(p).asLong() > 0, rt.toString());
        }
        assertTrue(rt.has("pinned"));
    }
}

package org.allocpool.analyzer.cpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.allocpool.analyzer.AnalyzerMetrics;
import org.allocpool.analyzer.AnalyzerSettings;
import org.allocpool.analyzer.BatchRun;
import org.allocpool.analyzer.RoundPlan;
import org.allocpool.analyzer.Strategy;
import org.allocpool.analyzer.WorkloadCase;
import org.allocpool.analyzer.WorkloadCounts;
import org.allocpool.analyzer.realtime.RealtimeMetrics;
import org.allocpool.analyzer.realtime.RealtimeRun;
import org.allocpool.analyzer.realtime.RealtimeSettings;
import org.allocpool.analyzer.workload.Workload;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.metrics.stats.SteadyState;
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

    /**
     * The article's case A sizes over 1.6 M packets, and a case-C-like workload at a tenth of C, each
     * prefilled (every store slot and the queue filled first, as a run does by default) and not.
     */
    static Stream<Arguments> cells() {
        List<Arguments> cells = new ArrayList<>();
        for (boolean prefill : List.of(true, false)) {
            for (String strategy : List.of("dummy", "alloc", "mix", "pool")) {
                cells.add(Arguments.of(strategy, 1_000, 1_000, 10_000, 2_000, 1_600_000, prefill));
                cells.add(Arguments.of(strategy, 49_500, 49_500, 120_000, 20_000, 400_000, prefill));
            }
        }
        return cells.stream();
    }

    @ParameterizedTest(name = "{0} queue {1} stored {2} pool {3} mix-pool {4}, {5} packets, prefill {6}")
    @MethodSource("cells")
    void shouldCountExactlyAsTheJavaAnalyzerInBothFlavours(String strategy, int queue, int stored, int pool,
                                                            int mixPool, int packets, boolean prefill) {
        WorkloadCounts java;
        AnalyzerSettings settings = new AnalyzerSettings(Strategy.parse(strategy), WorkloadCase.A, queue, stored,
                pool, mixPool, packets, 1, 0);
        try (Workload workload = Workload.of(settings)) {
            if (prefill) {
                workload.prefill();
            }
            workload.run(packets);
            workload.drain();
            java = workload.counts();
        }
        for (String runtime : CppAnalyzer.RUNTIMES) {
            Outcome outcome = run("--runtime", runtime, "--strategy", strategy, "--queue", "" + queue,
                    "--stored", "" + stored, "--pool", "" + pool, "--mix-pool", "" + mixPool,
                    "--packets", "" + packets, "--rounds", "1", "--warmup", "0", "--max-rounds", "1",
                    prefill ? "--prefill" : "--no-prefill", "--json");
            assertEquals(0, outcome.exitCode(), outcome.toString());
            WorkloadCounts cpp = counts(outcome.record().path("metrics").path("workload"));
            assertEquals(java, cpp, runtime + " " + strategy);
        }
    }

    @Test
    void shouldPrintOneBatchRecordInTheJavaShape() {
        Outcome outcome = run("--runtime", "cpp-flat", "--strategy", "mix", "--case", "B", "--packets", "50000",
                "--rounds", "3", "--warmup", "1", "--max-rounds", "3", "--json");
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
        assertEquals(50_000, cell.path("packets").asLong());
        assertEquals(3, cell.path("maxRounds").asInt());
        assertTrue(cell.path("prefill").asBoolean());
        AnalyzerSettings java = new AnalyzerSettings(Strategy.MIX, WorkloadCase.B, 100_000, 100_000, 1_000_000,
                200_000, new RoundPlan(50_000, null, 1, 3, 3, true));
        assertEquals(withoutKeys(BatchRun.cell(java).keySet(), "gc", "heap"), withoutKeys(names(cell), "runtime"),
                "the Java cell's fields in its order, C++ having a runtime and no collector");
        assertTrue(r.path("env").path("vm").asText().endsWith("-O3"), r.path("env").toString());
        assertTrue(r.path("env").path("jdk").isMissingNode());
        JsonNode m = r.path("metrics");
        assertEquals(withoutKeys(jsonOrder(AnalyzerMetrics.class), "gc", "liveObjects", "heapUsedMb"), names(m),
                "the Java metrics' fields in their order, but what only a JVM has");
        assertEquals(3, m.path("nsPerPacket").path("rounds").size());
        assertTrue(m.path("nsPerPacket").path("median").asDouble() > 0);
        double mean = 0;
        for (JsonNode round : m.path("nsPerPacket").path("rounds")) {
            mean += round.asDouble() / 3;
        }
        assertEquals(mean, m.path("overallNsPerPacket").asDouble(), mean * 1e-6,
                "rounds of equal packets: their time over their packets is their mean, as in Java");
        assertEquals(1e9 / m.path("overallNsPerPacket").asDouble(), m.path("packetsPerSecond").asDouble(),
                m.path("packetsPerSecond").asDouble() * 1e-6);
        assertEquals(jsonOrder(SteadyState.class), names(m.path("steadyState")));
        assertEquals("too few rounds to check (3 < 4)", m.path("steadyState").path("reason").asText());
        assertEquals(1, m.path("warmupRounds").size());
        assertEquals(0, m.path("discardedRounds").size());
        assertTrue(m.path("prefillMs").asDouble() >= 0);
        assertEquals(100_000 + 99_999 + 200_000, m.path("workload").path("made").asLong(),
                "the prefill's packets and those of the four rounds");
        assertEquals(m.path("workload").path("made").asLong(), m.path("workload").path("freed").asLong());
        List<String> lines = outcome.err().stream().filter(l -> !l.startsWith("progress: ")).toList();
        assertEquals(1 + 1 + 3 + 1, lines.size(), "the prefill, a line per round and a summary: " + outcome.err());
        assertEquals(List.of("progress: warm-up round 1 of 1", "progress: round 1 of 3", "progress: round 2 of 3",
                "progress: round 3 of 3"), outcome.err().stream().filter(l -> l.startsWith("progress: ")).toList(),
                "a progress marker before each round, as the Java analyser prints them");
        assertTrue(outcome.err().getFirst().startsWith("prefill: 100,000 store slots and 99,999 queued packets"),
                outcome.err().getFirst());
        assertTrue(outcome.err().getLast().endsWith("; too few rounds to check (3 < 4)"), outcome.err().getLast());
    }

    @Test
    void shouldRunMoreRoundsWhileNotSteadyAndCountAsJavaDoes() {
        // three rounds are too few to check, so never steady: the rounds go on to --max-rounds
        Outcome outcome = run("--runtime", "cpp", "--strategy", "pool", "--pool", "10000", "--packets", "20000",
                "--rounds", "3", "--warmup", "1", "--max-rounds", "5", "--json");
        assertEquals(0, outcome.exitCode(), outcome.toString());
        JsonNode m = outcome.record().path("metrics");
        assertEquals(3, m.path("nsPerPacket").path("rounds").size(), "the last three count");
        assertEquals(2, m.path("discardedRounds").size());
        assertFalse(m.path("steadyState").path("steady").asBoolean());
        assertTrue(outcome.err().contains("rounds 1-3 are not steady (too few rounds to check (3 < 4)): one more "
                + "round, up to 5"), outcome.err().toString());
        assertTrue(outcome.err().stream().anyMatch(line -> line.startsWith("round 5/5: ")), outcome.err().toString());

        WorkloadCounts java;
        try (Workload workload = Workload.of(new AnalyzerSettings(Strategy.POOL, WorkloadCase.A, 1_000, 1_000,
                10_000, 200_000, 20_000, 3, 1))) {
            workload.prefill();
            for (int round = 0; round < 1 + 5; round++) {
                workload.run(20_000);
            }
            workload.drain();
            java = workload.counts();
        }
        assertEquals(java, counts(m.path("workload")));
    }

    @Test
    void shouldFillTimedRoundsWithWholeChunks() {
        Outcome outcome = run("--runtime", "cpp-flat", "--strategy", "pool", "--round-time", "50ms", "--rounds", "2",
                "--warmup", "1", "--max-rounds", "2", "--json");
        assertEquals(0, outcome.exitCode(), outcome.toString());
        JsonNode r = outcome.record();
        assertEquals(50, r.path("cell").path("roundMs").asLong());
        assertTrue(r.path("cell").path("packets").isMissingNode(), r.path("cell").toString());
        long rounds = r.path("metrics").path("workload").path("made").asLong() - (1_000 + 999);
        assertTrue(rounds >= 3 * RoundPlan.CHUNK && rounds % RoundPlan.CHUNK == 0,
                "three rounds of whole chunks after the prefill: " + rounds);
    }

    @Test
    void shouldTimeTheClimbWithoutAPrefill() {
        Outcome outcome = run("--runtime", "cpp", "--strategy", "mix", "--packets", "10000", "--rounds", "4",
                "--warmup", "0", "--max-rounds", "4", "--no-prefill", "--json");
        assertEquals(0, outcome.exitCode(), outcome.toString());
        JsonNode r = outcome.record();
        assertFalse(r.path("cell").path("prefill").asBoolean());
        assertEquals(40_000, r.path("metrics").path("workload").path("made").asLong());
        assertEquals(0.0, r.path("metrics").path("prefillMs").asDouble());
        assertTrue(outcome.err().stream().noneMatch(line -> line.contains("prefill")), outcome.err().toString());
    }

    @Test
    void shouldRejectMaxRoundsBelowRoundsAsJavaDoes() {
        IllegalArgumentException java = assertThrows(IllegalArgumentException.class,
                () -> new RoundPlan(1, null, 0, 5, 4, true));
        Outcome outcome = run("--rounds", "5", "--max-rounds", "4");
        assertEquals(2, outcome.exitCode(), outcome.toString());
        assertEquals(1, outcome.err().size(), outcome.toString());
        assertTrue(outcome.err().getFirst().contains(java.getMessage()), outcome.err().getFirst());
        assertEquals("--max-rounds must be at least --rounds (5), was 4", java.getMessage());
    }

    @Test
    void shouldRejectABadRoundTimeInOneLine() {
        Outcome outcome = run("--round-time", "soon");
        assertEquals(2, outcome.exitCode(), outcome.toString());
        assertEquals(1, outcome.err().size(), outcome.toString());
        assertTrue(outcome.err().getFirst().contains(
                "--round-time must be a positive time such as 60s, 5m or 500ms, was 'soon'"), outcome.err().getFirst());
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
    void shouldTakeThePacketSizeAndAllocateItPerPacketInBothFlavours() {
        for (String runtime : List.of("cpp", "cpp-flat")) {
            JsonNode article = run("--runtime", runtime, "--strategy", "alloc", "--packets", "20000", "--rounds", "1",
                    "--warmup", "1", "--json").record();
            JsonNode small = run("--runtime", runtime, "--strategy", "alloc", "--packets", "20000", "--rounds", "1",
                    "--warmup", "1", "--packet-size", "256", "--keep-one-in", "4", "--json").record();
            assertEquals(1024, article.path("cell").path("packetSize").asInt(), article.toString());
            assertEquals(16, article.path("cell").path("keepOneIn").asInt());
            assertEquals(256, small.path("cell").path("packetSize").asInt(), small.toString());
            assertEquals(4, small.path("cell").path("keepOneIn").asInt());
            assertEquals(1024 - 256, article.path("metrics").path("allocBytesPerPacket").asDouble()
                    - small.path("metrics").path("allocBytesPerPacket").asDouble(), 1e-9, runtime + ": one buffer a packet");
        }
    }

    @Test
    void shouldRejectAPacketSizeOutsideSixtyFourBytesToSixtyFourKibInOneLine() {
        Outcome outcome = run("--runtime", "cpp-flat", "--packet-size", "63", "--json");
        assertEquals(2, outcome.exitCode(), outcome.toString());
        assertEquals(1, outcome.err().size(), outcome.toString());
        assertTrue(outcome.err().getFirst().contains("--packet-size must be 64 to 65536 bytes (64 B to 64 KiB), was 63"),
                outcome.err().getFirst());
        assertTrue(outcome.out().isEmpty());
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
        // the prefill's 1,000 stored and 999 queued packets outgrow a pool of 1,200
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
                "--round-time", "100ms", "--warmup", "2", "--rounds", "4", "--max-rounds", "4", "--interval-ns", "20000",
                "--duration", "1s", "--warmup-s", "0", "--json");
        assertEquals(0, outcome.exitCode(), outcome.toString());
        JsonNode r = outcome.record();
        JsonNode cell = r.path("cell");
        assertEquals("realtime", cell.path("mode").asText());
        assertEquals(20_000, cell.path("intervalNs").asLong());
        assertEquals(100, cell.path("roundMs").asLong());
        assertEquals(2, cell.path("warmup").asInt());
        assertTrue(cell.path("prefill").asBoolean());
        assertEquals(withoutKeys(RealtimeRun.cell(realtimeSettings(), false).keySet(), "gc", "heap"),
                withoutKeys(names(cell), "runtime"), "the Java real-time cell's fields in its order");
        JsonNode m = r.path("metrics");
        assertEquals(withoutKeys(jsonOrder(RealtimeMetrics.class), "gc", "liveObjects", "heapUsedMb", "search"),
                names(m), "the Java metrics' fields in their order, but what only a JVM has");
        assertEquals(2 + 4, m.path("batchWarmupRounds").size(),
                "the warm-up rounds and the rounds checked for a steady state, before the source");
        assertTrue(outcome.err().getFirst().startsWith("prefill: 1,000 store slots"), outcome.err().toString());
        JsonNode rt = m.path("realtime");
        assertEquals(20_000, rt.path("intervalNs").asLong());
        assertTrue(rt.path("sent").asLong() > 10_000, rt.toString());
        assertEquals(rt.path("sent").asLong(), rt.path("received").asLong() + rt.path("lost").asLong(), rt.toString());
        for (String p : List.of("p50", "p99", "p999", "max")) {
            assertTrue(rt.path("latencyNs").path(p).asLong() > 0, rt.toString());
        }
        assertTrue(rt.has("pinned"));
    }

    @Test
    void shouldGiveEveryProbeOfASearchThePlanAndKeepJavasFieldOrder() {
        Outcome outcome = run("--runtime", "cpp-flat", "--strategy", "pool", "--pool", "10000", "--mode", "realtime",
                "--find-interval", "--round-time", "50ms", "--warmup", "1", "--rounds", "4", "--max-rounds", "4",
                "--duration", "200ms", "--warmup-s", "0", "--max-delay-ms", "10", "--json");
        assertEquals(0, outcome.exitCode(), outcome.toString());
        JsonNode r = outcome.record();
        assertTrue(r.path("cell").path("findInterval").asBoolean());
        assertEquals(50, r.path("cell").path("roundMs").asLong());
        JsonNode m = r.path("metrics");
        assertEquals(withoutKeys(jsonOrder(RealtimeMetrics.class), "gc", "liveObjects", "heapUsedMb"), names(m));
        assertEquals(1 + 4, m.path("batchWarmupRounds").size());
        int probes = m.path("search").path("probes").size();
        assertTrue(probes >= 1, m.toString());
        long prefills = outcome.err().stream().filter(line -> line.startsWith("prefill: ")).count();
        assertEquals(1 + probes, prefills, "the batch run the search starts from, then every probe: " + outcome.err());
    }

    /** The Java settings of the real-time run of {@link #shouldAccountForEveryTickOfAShortRealtimeRun}. */
    private static RealtimeSettings realtimeSettings() {
        AnalyzerSettings workload = new AnalyzerSettings(Strategy.POOL, WorkloadCase.A, 1_000, 1_000, 10_000, 200_000,
                new RoundPlan(RoundPlan.ARTICLE_PACKETS, Duration.ofMillis(100), 2, 4, 4, true));
        return new RealtimeSettings(workload, 20_000, Duration.ofSeconds(1), Duration.ZERO, 100, false);
    }

    private static WorkloadCounts counts(JsonNode w) {
        return new WorkloadCounts(w.path("made").asLong(), w.path("parsed").asLong(), w.path("tcpStored").asLong(),
                w.path("evicted").asLong(), w.path("freed").asLong());
    }

    static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** The field order Jackson writes {@code type} in: its {@code @JsonPropertyOrder}. */
    static List<String> jsonOrder(Class<?> type) {
        return List.of(type.getAnnotation(JsonPropertyOrder.class).value());
    }

    static List<String> withoutKeys(Collection<String> keys, String... left) {
        List<String> out = new ArrayList<>(keys);
        out.removeAll(List.of(left));
        return out;
    }
}

package org.allocpool.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.metrics.result.ResultRecord;
import org.junit.jupiter.api.Test;

class BatchRunTest {

    @Test
    void shouldReturnAnOkRecordWithTheCellAndEveryMetric() {
        AnalyzerSettings settings = new AnalyzerSettings(Strategy.NATIVE_MIX, WorkloadCase.B, 100, 100, 1_000, 200,
                20_000, 3, 2);
        ByteArrayOutputStream human = new ByteArrayOutputStream();
        ResultRecord record = BatchRun.run(settings, new PrintStream(human, true, StandardCharsets.UTF_8));

        assertEquals(ResultRecord.OK, record.status());
        assertEquals("analyzer", record.experiment());
        assertEquals(List.of("strategy", "case", "mode", "gc", "heap", "queue", "stored", "pool", "mixPool",
                "packets", "rounds", "warmup", "maxRounds", "prefill", "warmupCollections", "packetSize", "keepOneIn"),
                new ArrayList<>(record.cell().keySet()));
        assertEquals("native-mix", record.cell().get("strategy"));
        assertEquals("B", record.cell().get("case"));
        assertEquals("batch", record.cell().get("mode"));

        JsonNode json = RecordJson.parse(RecordJson.toLine(record));
        JsonNode metrics = json.get("metrics");
        List<String> names = new ArrayList<>();
        metrics.fieldNames().forEachRemaining(names::add);
        assertEquals(List.of("nsPerPacket", "overallNsPerPacket", "packetsPerSecond", "allocBytesPerPacket", "gc", "liveObjects",
                "heapUsedMb", "workload", "stateDigest", "steadyState", "warmupRounds", "discardedRounds", "prefillMs"), names);
        assertEquals(3, metrics.get("nsPerPacket").get("rounds").size());
        double mean = 0;
        for (JsonNode round : metrics.get("nsPerPacket").get("rounds")) {
            mean += round.asDouble() / 3;
        }
        assertEquals(mean, metrics.get("overallNsPerPacket").asDouble(), mean * 1e-9,
                "rounds of equal packets: their time over their packets is their mean");
        assertEquals(1e9 / mean, metrics.get("packetsPerSecond").asDouble(), 1e9 / mean * 1e-9);
        assertEquals(2, metrics.get("warmupRounds").size());
        assertEquals(0, metrics.get("discardedRounds").size(), "no more rounds than asked for: max rounds 3");
        assertFalse(metrics.get("steadyState").get("steady").asBoolean(), "3 rounds are too few to check");
        assertTrue(metrics.get("liveObjects").asLong() > 0);
        JsonNode workload = metrics.get("workload");
        assertEquals(100 + 99 + 100_000, workload.get("made").asLong(), "the prefill's 199 packets and the rounds'");
        assertEquals(workload.get("made").asLong(), workload.get("freed").asLong(), "drained: every packet back");

        List<String> said = human.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(List.of("progress: warm-up round 1 of 2", "progress: warm-up round 2 of 2", "progress: round 1 of 3",
                "progress: round 2 of 3", "progress: round 3 of 3"),
                said.stream().filter(l -> l.startsWith("progress: ")).toList(), "a progress marker before each round");
        List<String> lines = said.stream().filter(l -> !l.startsWith("progress: ")).toList();
        assertEquals(1 + 2 + 3 + 1, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(0).startsWith("prefill: 100 store slots and 99 queued packets"), lines.get(0));
        assertTrue(lines.get(1).matches("warm-up 1/2: [0-9.]+ ns/packet, [0-9.]+ M packets/s"), lines.get(1));
        assertTrue(lines.get(5).matches("round 3/3: [0-9.]+ ns/packet, [0-9.]+ M packets/s"), lines.get(5));
        assertTrue(lines.get(6).startsWith("native-mix case B"), lines.get(6));
    }

    @Test
    void shouldTimeTheClimbWithoutAPrefill() {
        AnalyzerSettings settings = new AnalyzerSettings(Strategy.FLAT, WorkloadCase.A, 100, 100, 1_000, 200,
                new RoundPlan(10_000, null, 0, 4, 4, false));
        ByteArrayOutputStream human = new ByteArrayOutputStream();
        ResultRecord record = BatchRun.run(settings, new PrintStream(human, true, StandardCharsets.UTF_8));

        assertEquals(false, record.cell().get("prefill"));
        JsonNode metrics = RecordJson.parse(RecordJson.toLine(record)).get("metrics");
        assertEquals(40_000, metrics.get("workload").get("made").asLong());
        assertEquals(0.0, metrics.get("prefillMs").asDouble());
        assertFalse(human.toString(StandardCharsets.UTF_8).contains("prefill"));
    }

    @Test
    void shouldFailNamingTheStrategyAndSizeWhenThePoolRunsDry() {
        AnalyzerSettings settings = new AnalyzerSettings(Strategy.POOL, WorkloadCase.A, 100, 100, 150, 200,
                10_000, 1, 0);
        PrintStream discard = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> BatchRun.run(settings, discard));
        assertTrue(e.getMessage().contains("strategy 'pool' ran dry: all 150 pooled packets are in use"),
                e.getMessage());
    }
}

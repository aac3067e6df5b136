package org.allocpool.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
                "packets", "rounds", "warmup"), new ArrayList<>(record.cell().keySet()));
        assertEquals("native-mix", record.cell().get("strategy"));
        assertEquals("B", record.cell().get("case"));
        assertEquals("batch", record.cell().get("mode"));

        JsonNode json = RecordJson.parse(RecordJson.toLine(record));
        JsonNode metrics = json.get("metrics");
        List<String> names = new ArrayList<>();
        metrics.fieldNames().forEachRemaining(names::add);
        assertEquals(List.of("nsPerPacket", "packetsPerSecond", "allocBytesPerPacket", "gc", "liveObjects",
                "heapUsedMb", "workload"), names);
        assertEquals(3, metrics.get("nsPerPacket").get("rounds").size());
        assertTrue(metrics.get("liveObjects").asLong() > 0);
        JsonNode workload = metrics.get("workload");
        assertEquals(100_000, workload.get("made").asLong());
        assertEquals(100_000, workload.get("freed").asLong(), "drained: every packet back");

        List<String> lines = human.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(2 + 3 + 1, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(0).matches("warm-up 1/2: [0-9.]+ ns/packet, [0-9.]+ M packets/s"), lines.get(0));
        assertTrue(lines.get(4).matches("round 3/3: [0-9.]+ ns/packet, [0-9.]+ M packets/s"), lines.get(4));
        assertTrue(lines.get(5).startsWith("native-mix case B"), lines.get(5));
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

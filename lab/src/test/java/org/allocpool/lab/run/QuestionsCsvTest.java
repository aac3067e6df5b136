package org.allocpool.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.allocpool.lab.analyzer.tables.AnalyzerReport;
import org.allocpool.lab.merge.EnvironmentGroups;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The verdict's questions as one flat table beside the records: what a script compares between runs. */
class QuestionsCsvTest {

    @TempDir
    Path tmp;

    @Test
    void shouldWriteEachQuestionWithItsRatioPassByPassItsIntervalAndItsAnswer() throws Exception {
        List<JsonNode> records = new ArrayList<>();
        double[] jvm = {1.0, 1.04, 0.97};
        for (int pass = 1; pass <= 3; pass++) {
            records.add(analyzer("pool", "A", 100 * jvm[pass - 1], pass));
            records.add(analyzer("alloc", "A", 200 * jvm[pass - 1], pass));
            records.add(analyzer("flat", "A", 50 * jvm[pass - 1], pass));
        }

        QuestionsCsv.writeTo(tmp, records, List.of(new AnalyzerReport()), EnvironmentGroups.Grouping.HOST);

        List<String> rows = List.of(Files.readString(tmp.resolve(QuestionsCsv.NAME)).split("\r\n"));
        assertEquals("experiment,environment,question,a,b,a_over_b,low,high,passes,paired,decided,answer", rows.get(0));
        assertEquals(3, rows.size(), rows.toString());
        assertTrue(rows.get(1).startsWith("analyzer,"), rows.get(1));
        assertTrue(rows.get(1).contains(",G1 case A: pool or allocate?,pool,alloc,0.5000,"), rows.get(1));
        assertTrue(rows.get(1).endsWith(",3,true,true,pool"), rows.get(1));
        assertTrue(rows.get(2).contains(",G1 case A: on the heap or off it?,flat,pool,0.5000,"), rows.get(2));
    }

    @Test
    void shouldWriteNothingWhenNoReportAsksAQuestion() throws Exception {
        QuestionsCsv.writeTo(tmp, List.of(analyzer("pool", "A", 100, 1)), List.of(new FakeExperiment.FakeReport()),
                EnvironmentGroups.Grouping.HOST);

        assertFalse(Files.exists(tmp.resolve(QuestionsCsv.NAME)));
    }

    private static JsonNode analyzer(String strategy, String caseName, double ns, int fork) {
        return RecordJson.parse(String.format(Locale.ROOT, """
                {"experiment":"analyzer","status":"ok","fork":%d,
                 "cell":{"strategy":"%s","case":"%s","mode":"batch","gc":"G1","heap":"2g"},
                 "env":{"jdk":"25.0.3","vm":"Test VM","cpu":"Test CPU","cores":2,"os":"Linux","jvmArgs":[],"host":"h"},
                 "metrics":{"nsPerPacket":{"median":%s,"min":%s,"max":%s,"rounds":[%s,%s,%s]},
                  "steadyState":{"steady":true,"reason":"steady","rounds":3,"shift":0.0,"noise":0.01,"drift":0.0,"trendP":1.0}}}""",
                fork, strategy, caseName, ns, ns * 0.99, ns * 1.01, ns * 0.99, ns, ns * 1.01).replace("\n", ""));
    }
}

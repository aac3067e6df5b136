package org.allocpool.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.merge.EnvironmentGroups;
import org.allocpool.lab.run.ReportPage;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;

/** The page of a folder's records: one part per experiment and environment, as the tables keep them apart. */
class ReportPageTest {

    @Test
    void shouldKeepTwoMachinesOfAMergedRunApartWithAVerdictAndChartsEach() {
        List<JsonNode> merged = new ArrayList<>(SyntheticRun.analyzerBatch("host-a"));
        merged.addAll(SyntheticRun.analyzerBatch("host-b"));

        String page = ReportPage.render(merged, SyntheticRun.RUNS, SyntheticRun.REPORTS, EnvironmentGroups.Grouping.HOST);

        assertEquals(1, count(page, "<h2>analyzer, environment: host-a"), page.substring(0, 2000));
        assertEquals(1, count(page, "<h2>analyzer, environment: host-b"), page.substring(0, 2000));
        assertEquals(2, count(page, "<h3>analyzer, environment: "), "a verdict of each, at the top");
        assertEquals(2, count(page, "<h4>G1: ns/packet, strategy x case</h4>"), "the charts of each");
        assertFalse(page.contains("kv"), "no part for experiments the folder holds no records of");
    }

    @Test
    void shouldTakeTheShardsOfOneMachineKindAsOneEnvironmentWhenTheMergeSaidSo() {
        List<JsonNode> merged = new ArrayList<>(SyntheticRun.analyzerBatch("pod-1").subList(0, 4));
        merged.addAll(SyntheticRun.analyzerBatch("pod-2").subList(4, 8));

        String page = ReportPage.render(merged, SyntheticRun.RUNS, SyntheticRun.REPORTS, EnvironmentGroups.Grouping.KIND);

        assertTrue(page.contains("<h2>analyzer</h2>"), "one part");
        assertEquals(1, count(page, "<h4>G1: ns/packet, strategy x case</h4>"), page);
        String chart = page.substring(page.indexOf("<h4>G1: ns/packet"), page.indexOf("</figure>", page.indexOf("<h4>G1: ns/packet")));
        assertEquals(8, count(chart, "class=\"mark bar\""), "the cells of both shards in one chart");
    }

    @Test
    void shouldWarnOfRecordsItCouldNotRead() {
        List<JsonNode> records = new ArrayList<>(SyntheticRun.kv("box"));
        records.add(RecordJson.parse("{\"experiment\":\"kv\",\"status\":\"ok\",\"cell\":{\"users\":\"many\"}}"));

        String page = ReportPage.render(records, SyntheticRun.RUNS, SyntheticRun.REPORTS, EnvironmentGroups.Grouping.HOST);

        assertTrue(page.contains("<blockquote><p>1 kv record(s) in this folder could not be read"), page);
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}

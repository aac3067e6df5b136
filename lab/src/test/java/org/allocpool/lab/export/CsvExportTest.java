package org.allocpool.lab.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.allocpool.lab.store.ResultsFolder;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Records as one flat table: one row per record, a column per scalar, readable by any CSV reader. */
class CsvExportTest {

    @TempDir
    Path tmp;

    @Test
    void shouldStartWithTheEnvelopeThenFlattenNestedScalarsByTheirDottedPath() {
        String csv = CsvExport.render(List.of(RecordJson.parse("""
                {"experiment":"analyzer","status":"ok","fork":2,"cell":{"gc":"G1","queue":1000},
                 "metrics":{"gc":{"pauseMaxMs":3.5,"count":50},"packetsPerSecond":1.0116465378364587E7}}""")));

        assertEquals(List.of("experiment,status,fork,error,cell.gc,cell.queue,metrics.gc.pauseMaxMs,metrics.gc.count,"
                + "metrics.packetsPerSecond", "analyzer,ok,2,,G1,1000,3.5,50,10116465.378364587"), lines(csv));
    }

    @Test
    void shouldWriteTheUnionOfEveryRecordsColumnsInTheOrderFirstMet() {
        String csv = CsvExport.render(List.of(
                RecordJson.parse("{\"experiment\":\"kv\",\"status\":\"ok\",\"cell\":{\"contender\":\"hashmap\"},"
                        + "\"metrics\":{\"getsPerSecond\":7.5}}"),
                RecordJson.parse("{\"experiment\":\"kv\",\"status\":\"failed\",\"error\":\"timed out\",\"fork\":1,"
                        + "\"cell\":{\"contender\":\"lmdb\",\"users\":10}}")));

        assertEquals(List.of("experiment,status,fork,error,cell.contender,metrics.getsPerSecond,cell.users",
                "kv,ok,,,hashmap,7.5,", "kv,failed,1,timed out,lmdb,,10"), lines(csv));
    }

    @Test
    void shouldQuoteFieldsHoldingCommasQuotesOrLineBreaksAsRfc4180Says() {
        String csv = CsvExport.render(List.of(RecordJson.parse("{\"experiment\":\"echo\",\"status\":\"failed\","
                + "\"error\":\"exit 1: \\\"bind\\\", port 8080\\nin use\",\"cell\":{\"event\":\"top, of book\"}}")));

        assertEquals("experiment,status,fork,error,cell.event\r\n"
                + "echo,failed,,\"exit 1: \"\"bind\"\", port 8080\nin use\",\"top, of book\"\r\n", csv);
    }

    @Test
    void shouldJoinRoundsAndTextArraysBySpacesAndLeaveOtherArraysOfNumbersOut() {
        String csv = CsvExport.render(List.of(RecordJson.parse("""
                {"experiment":"analyzer","status":"ok","env":{"jvmArgs":["-Xms2g","-Xmx2g"]},
                 "metrics":{"nsPerPacket":{"median":2.0,"rounds":[1.5,2.0,2.5]},"warmupRounds":[9.0,8.0],
                  "discardedRounds":[]}}""")));

        assertEquals(List.of("experiment,status,fork,error,env.jvmArgs,metrics.nsPerPacket.median,"
                + "metrics.nsPerPacket.rounds", "analyzer,ok,,,-Xms2g -Xmx2g,2.0,1.5 2.0 2.5"), lines(csv));
    }

    @Test
    void shouldNameEachObjectOfAnArrayByItsFirstFieldWhenThatIsText() {
        String csv = CsvExport.render(List.of(RecordJson.parse("""
                {"experiment":"kv","status":"ok","metrics":{"codecs":[{"codec":"kryo","encodesPerSecond":3.9},
                 {"codec":"fory","encodesPerSecond":14.5}],"probes":[{"ns":100},{"ns":90}]}}""")));

        assertEquals(List.of("experiment,status,fork,error,metrics.codecs.kryo.encodesPerSecond,"
                + "metrics.codecs.fory.encodesPerSecond,metrics.probes.0.ns,metrics.probes.1.ns",
                "kv,ok,,,3.9,14.5,100,90"), lines(csv));
    }

    @Test
    void shouldFlattenRealAnalyzerKvAndEchoRecordsIntoOneRowEach() throws IOException {
        List<JsonNode> records = samples();

        List<Map<String, String>> rows = parse(CsvExport.render(records));

        assertEquals(4, rows.size());
        Map<String, String> analyzer = rows.get(0);
        assertEquals("analyzer", analyzer.get("experiment"));
        assertEquals("1", analyzer.get("fork"));
        assertEquals("G1", analyzer.get("cell.gc"));
        assertEquals("25.0.3", analyzer.get("env.jdk"));
        assertEquals("98.33299575766229", analyzer.get("metrics.nsPerPacket.median"));
        assertEquals("3.9958", analyzer.get("metrics.gc.pauseMaxMs"));
        assertEquals(10, analyzer.get("metrics.nsPerPacket.rounds").split(" ").length);
        assertEquals("", rows.get(1).get("metrics.nsPerPacket.median"), "a kv record has no ns/packet");
        assertEquals("7381582.285130332", rows.get(1).get("metrics.getsPerSecond"));
        assertEquals(5, rows.get(1).get("metrics.gets.perSecond.rounds").split(" ").length);
        assertEquals("6726285.926794527", rows.get(2).get("metrics.codecs.flyweight.encodesPerSecond"));
        assertEquals("2047046.925870678", rows.get(3).get("metrics.eventsPerSecond"));
        assertEquals("top-of-book", rows.get(3).get("cell.event"));
        assertFalse(rows.get(0).containsKey("metrics.warmupRounds"), "arrays of numbers other than rounds are left out");
        assertFalse(rows.get(1).containsKey("metrics.fullGcPausesMs"));
    }

    @Test
    void shouldWriteRecordsCsvIntoTheResultsFolder() throws IOException {
        Path file = CsvExport.writeTo(tmp, samples());

        assertEquals(tmp.resolve(ResultsFolder.CSV), file);
        assertEquals(5, Files.readString(file).split("\r\n").length);
    }

    private static List<JsonNode> samples() throws IOException {
        try (InputStream in = CsvExportTest.class.getResourceAsStream("samples.jsonl")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(RecordJson::parse).toList();
        }
    }

    private static List<String> lines(String csv) {
        assertTrue(csv.endsWith("\r\n"), "lines end in CRLF");
        return List.of(csv.split("\r\n"));
    }

    /** An RFC 4180 reader, so that the test reads the file as a spreadsheet would: rows by column name. */
    private static List<Map<String, String>> parse(String csv) {
        List<List<String>> table = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < csv.length(); i++) {
            char c = csv.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < csv.length() && csv.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                row.add(field.toString());
                field.setLength(0);
            } else if (c == '\r' && i + 1 < csv.length() && csv.charAt(i + 1) == '\n') {
                row.add(field.toString());
                field.setLength(0);
                table.add(row);
                row = new ArrayList<>();
                i++;
            } else {
                field.append(c);
            }
        }
        List<String> header = table.getFirst();
        List<Map<String, String>> rows = new ArrayList<>();
        for (List<String> cells : table.subList(1, table.size())) {
            assertEquals(header.size(), cells.size(), "every row has every column");
            Map<String, String> byColumn = new TreeMap<>();
            for (int c = 0; c < header.size(); c++) {
                byColumn.put(header.get(c), cells.get(c));
            }
            rows.add(byColumn);
        }
        return rows;
    }
}

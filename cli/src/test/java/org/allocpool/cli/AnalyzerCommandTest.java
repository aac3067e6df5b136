package org.allocpool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class AnalyzerCommandTest {

    /** What one command line printed and returned. */
    record Outcome(int exitCode, List<String> out, List<String> err) {
    }

    static Outcome execute(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cmd = AllocpoolMain.commandLine();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        int code = cmd.execute(args);
        return new Outcome(code, out.toString().lines().toList(), err.toString().lines().toList());
    }

    static void assertBadInput(Outcome outcome, String naming) {
        assertEquals(AllocpoolMain.EXIT_USAGE, outcome.exitCode(), outcome.toString());
        assertEquals(1, outcome.err().size(), "one line: " + outcome.err());
        assertTrue(outcome.err().getFirst().contains(naming), outcome.err().getFirst());
        assertTrue(outcome.out().isEmpty(), outcome.out().toString());
    }

    static final String[] SMALL = {"--queue", "100", "--stored", "100", "--pool", "1000", "--mix-pool", "200",
            "--packets", "20000", "--rounds", "2", "--warmup", "1"};

    static String[] small(String... more) {
        String[] args = new String[SMALL.length + more.length + 1];
        args[0] = "analyzer";
        System.arraycopy(SMALL, 0, args, 1, SMALL.length);
        System.arraycopy(more, 0, args, 1 + SMALL.length, more.length);
        return args;
    }

    @Test
    void shouldRejectAnUnknownStrategyListingTheAllowedOnes() {
        Outcome outcome = execute("analyzer", "--strategy", "bogus");
        assertBadInput(outcome, "unknown strategy 'bogus'; allowed: dummy, alloc, mix, pool, native-dummy");
    }

    @Test
    void shouldRejectAnUnknownCase() {
        assertBadInput(execute("analyzer", "--case", "Z"), "unknown case 'Z'; allowed: A, B, C");
    }

    @Test
    void shouldRejectNegativeQueueSize() {
        assertBadInput(execute("analyzer", "--queue", "-5"), "--queue must be at least 1, was -5");
    }

    @Test
    void shouldRejectZeroPackets() {
        assertBadInput(execute("analyzer", "--packets", "0"), "--packets must be at least 1, was 0");
    }

    @Test
    void shouldRejectAnUnknownMode() {
        assertBadInput(execute("analyzer", "--mode", "streaming"), "unknown mode 'streaming'; allowed: batch, realtime");
    }

    @Test
    void shouldRejectANonNumber() {
        assertBadInput(execute("analyzer", "--rounds", "many"), "many");
    }

    @Test
    void shouldPrintExactlyOneJsonRecordOnStdout() {
        Outcome outcome = execute(small("--strategy", "flat", "--case", "B", "--json"));
        assertEquals(0, outcome.exitCode(), outcome.toString());
        assertEquals(1, outcome.out().size(), outcome.out().toString());
        JsonNode record = RecordJson.parse(outcome.out().getFirst());
        assertEquals("ok", record.get("status").asText());
        assertEquals("flat", record.get("cell").get("strategy").asText());
        assertEquals("B", record.get("cell").get("case").asText());
        assertEquals(100, record.get("cell").get("queue").asInt());
        assertEquals(60_000, record.get("metrics").get("workload").get("freed").asLong());
        assertEquals(1 + 2 + 1, outcome.err().size(), "round lines on stderr: " + outcome.err());
    }

    @Test
    void shouldPrintRoundLinesOnStdoutWithoutJson() {
        Outcome outcome = execute(small("--strategy", "mix"));
        assertEquals(0, outcome.exitCode(), outcome.toString());
        assertEquals(1 + 2 + 1, outcome.out().size(), outcome.out().toString());
        assertTrue(outcome.out().getFirst().startsWith("warm-up 1/1: "), outcome.out().getFirst());
        assertTrue(outcome.err().isEmpty(), outcome.err().toString());
    }

    @Test
    void shouldPrintAFailedRecordWhenThePoolRunsDry() {
        Outcome outcome = execute("analyzer", "--strategy", "pool", "--pool", "150", "--queue", "100", "--stored", "100",
                "--packets", "10000", "--rounds", "1", "--warmup", "0", "--json");
        assertEquals(AnalyzerCommand.EXIT_FAILED, outcome.exitCode(), outcome.toString());
        assertEquals(1, outcome.out().size(), outcome.out().toString());
        JsonNode record = RecordJson.parse(outcome.out().getFirst());
        assertEquals("failed", record.get("status").asText());
        assertTrue(record.get("error").asText().contains("strategy 'pool' ran dry: all 150 pooled packets"),
                record.get("error").asText());
        assertEquals(150, record.get("cell").get("pool").asInt());
    }

    @Test
    void shouldPrintOneFailureLineWithoutJson() {
        Outcome outcome = execute("analyzer", "--strategy", "native-pool", "--pool", "150", "--queue", "100",
                "--stored", "100", "--packets", "10000", "--rounds", "1", "--warmup", "0");
        assertEquals(AnalyzerCommand.EXIT_FAILED, outcome.exitCode(), outcome.toString());
        assertEquals(1, outcome.err().size(), outcome.err().toString());
        assertTrue(outcome.err().getFirst().startsWith("allocpool: analyzer failed: Failure to allocate packet: "
                + "strategy 'native-pool' ran dry: all 150"), outcome.err().getFirst());
    }
}

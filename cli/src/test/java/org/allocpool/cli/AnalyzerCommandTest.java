package org.allocpool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
    void shouldRejectAPacketSizeOutsideSixtyFourBytesToSixtyFourKibAndAShareKeptNotAPowerOfTwo() {
        assertBadInput(execute("analyzer", "--packet-size", "63"),
                "--packet-size must be 64 to 65536 bytes (64 B to 64 KiB), was 63");
        assertBadInput(execute("analyzer", "--runtime", "cpp", "--packet-size", "70000"), "was 70000");
        assertBadInput(execute("analyzer", "--keep-one-in", "3"), "--keep-one-in must be a power of two from 1 to 128");
    }

    @Test
    void shouldRecordThePacketSizeAndShareKeptItRanWith() {
        Outcome outcome = execute(small("--strategy", "alloc", "--packet-size", "256", "--keep-one-in", "4", "--json"));
        assertEquals(0, outcome.exitCode(), outcome.toString());
        JsonNode cell = RecordJson.parse(outcome.out().getLast()).path("cell");
        assertEquals(256, cell.path("packetSize").asInt());
        assertEquals(4, cell.path("keepOneIn").asInt());
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
        // the prefill's 100 stored and 99 queued packets, then a warm-up round and four timed ones: two
        // rounds are too few to check for a steady state, so they go on to --max-rounds (twice --rounds)
        assertEquals(100 + 99 + (1 + 4) * 20_000, record.get("metrics").get("workload").get("freed").asLong());
        JsonNode check = record.get("metrics").get("steadyState");
        assertFalse(check.get("steady").asBoolean(), check.toString());
        assertEquals("too few rounds to check (2 < 4)", check.get("reason").asText());
        assertEquals(2, record.get("metrics").get("nsPerPacket").get("rounds").size(), "the last --rounds count");
        assertEquals(2, record.get("metrics").get("discardedRounds").size(), "the two before them are kept apart");
        assertEquals(1 + 1 + 4 + 2 + 1, outcome.err().size(),
                "the prefill, round lines, two 'not steady' lines and the summary on stderr: " + outcome.err());
    }

    @Test
    void shouldPrintRoundLinesOnStdoutWithoutJson() {
        Outcome outcome = execute(small("--strategy", "mix"));
        assertEquals(0, outcome.exitCode(), outcome.toString());
        assertEquals(1 + 1 + 4 + 2 + 1, outcome.out().size(), outcome.out().toString());
        assertTrue(outcome.out().getFirst().startsWith("prefill: 100 store slots and 99 queued packets"),
                outcome.out().getFirst());
        assertTrue(outcome.out().get(1).startsWith("warm-up 1/1: "), outcome.out().get(1));
        assertTrue(outcome.out().get(4).startsWith("rounds 1-2 are not steady (too few rounds to check (2 < 4)):"
                + " one more round, up to 4"), outcome.out().get(4));
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

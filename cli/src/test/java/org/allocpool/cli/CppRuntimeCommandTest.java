package org.allocpool.cli;

import static org.allocpool.cli.AnalyzerCommandTest.assertBadInput;
import static org.allocpool.cli.AnalyzerCommandTest.execute;
import static org.allocpool.cli.AnalyzerCommandTest.small;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.allocpool.cli.AnalyzerCommandTest.Outcome;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;

/** {@code allocpool analyzer --runtime cpp|cpp-flat}: the C++ analyser behind the same command line. */
class CppRuntimeCommandTest {

    @Test
    void shouldPassTheCppRecordThroughOnStdout() throws Exception {
        Outcome outcome = execute(small("--runtime", "cpp-flat", "--strategy", "pool", "--case", "B", "--json"));
        assertEquals(0, outcome.exitCode(), outcome.toString());
        assertEquals(1, outcome.out().size(), outcome.toString());
        JsonNode record = RecordJson.mapper().readTree(outcome.out().getFirst());
        assertEquals("ok", record.path("status").asText());
        assertEquals("cpp-flat", record.path("cell").path("runtime").asText());
        assertEquals("B", record.path("cell").path("case").asText());
        assertEquals(100, record.path("cell").path("queue").asInt(), "the override wins over the case");
        // the prefill's 100 stored and 99 queued packets, then a warm-up round and four timed ones:
        // two rounds are too few to check for a steady state, so they go on to --max-rounds (twice
        // --rounds), as Java's do
        assertEquals(100 + 99 + (1 + 4) * 20_000, record.path("metrics").path("workload").path("made").asLong());
        assertEquals(1 + 1 + 4 + 2 + 1, outcome.err().size(),
                "the prefill, round lines, two 'not steady' lines and the summary on stderr: " + outcome.err());
    }

    @Test
    void shouldPrintRoundLinesOnStdoutWithoutJson() {
        Outcome outcome = execute(small("--runtime", "cpp", "--strategy", "mix"));
        assertEquals(0, outcome.exitCode(), outcome.toString());
        String summary = outcome.out().getLast();
        assertTrue(summary.startsWith("mix case A (cpp): ") && summary.contains(" ns/packet overall (median round "),
                outcome.out().toString());
        assertTrue(outcome.err().isEmpty(), outcome.err().toString());
    }

    @Test
    void shouldPassTheProgramsBadInputExitCodeAndLineThrough() {
        Outcome outcome = execute("analyzer", "--runtime", "cpp", "--strategy", "native-pool");
        assertBadInput(outcome, "unknown strategy 'native-pool'; allowed: dummy, alloc, mix, pool");
    }

    @Test
    void shouldRejectAnUnknownRuntime() {
        assertBadInput(execute("analyzer", "--runtime", "rust"), "unknown runtime 'rust'; allowed: java, cpp, cpp-flat");
    }

    @Test
    void shouldReturnExitCodeOneWhenTheCppPoolRunsDry() {
        Outcome outcome = execute("analyzer", "--runtime", "cpp", "--strategy", "pool", "--pool", "1200",
                "--packets", "20000", "--rounds", "1", "--warmup", "0");
        assertEquals(AnalyzerCommand.EXIT_FAILED, outcome.exitCode(), outcome.toString());
        assertTrue(outcome.err().getLast().contains("strategy 'pool' ran dry: all 1200"), outcome.err().toString());
    }
}

package org.allocpool.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Fuzz target of the command line (issue 34): any arguments either parse, and then their help
 * renders when asked, or are refused with picocli's {@link ParameterException}, which
 * {@link OneLineErrors} turns into one line and exit code 2; never another exception. Parsing only:
 * no command runs (a fuzzer must not start servers and labs). The arguments are the input's lines,
 * so a corpus file reads as a command line, one argument per line.
 *
 * <p>The normal suite replays {@code CommandLineFuzzTestInputs/}; {@code JAZZER_FUZZ=1} fuzzes.
 */
class CommandLineFuzzTest {

    private static final int MAX_ARGS = 24;

    @FuzzTest(maxDuration = "10m")
    void shouldParseAnyArgumentsOrRefuseThemInOneLine(FuzzedDataProvider data) {
        String[] lines = data.consumeRemainingAsString().split("\n", -1);
        String[] args = Arrays.copyOf(lines, Math.min(lines.length, MAX_ARGS));
        StringWriter out = new StringWriter();
        CommandLine commandLine = AllocpoolMain.commandLine()
                .setOut(new PrintWriter(out))
                .setErr(new PrintWriter(out));
        ParseResult parsed;
        try {
            parsed = commandLine.parseArgs(args);
        } catch (ParameterException refused) {
            String message = refused.getMessage();
            assertTrue(message != null && !message.isBlank(), "a refusal without a message");
            return;
        }
        if (CommandLine.printHelpIfRequested(parsed)) {
            assertFalse(out.toString().isEmpty(), "help asked for and none printed");
        }
    }
}

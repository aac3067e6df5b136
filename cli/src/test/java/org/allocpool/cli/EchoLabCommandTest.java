package org.allocpool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code lab echo}'s handling of bad input and its place under {@code lab}; the lab itself is tested in its module. */
class EchoLabCommandTest {

    @TempDir
    Path tmp;

    @Test
    void shouldRejectEachBadValueInOneLineNamingTheAllowedOnes() {
        assertOneLineError("unknown buffer strategy 'pooled'; allowed: unpooled, netty-pooled, netty-adaptive, thread-local",
                "lab", "echo", "--buffers", "unpooled,pooled");
        assertOneLineError("unknown --copy-per-event value 'maybe'; allowed: off, on", "lab", "echo", "--copy-per-event", "off,maybe");
        assertOneLineError("unknown event 'quote'; allowed: top-of-book, message", "lab", "echo", "--event", "quote");
        assertOneLineError("bad client count '0'; expected 1 to 1024, e.g. 1,2,4,16", "lab", "echo", "--clients", "1,0");
        assertOneLineError("Invalid value for option '--clients'", "lab", "echo", "--clients", "many");
        assertOneLineError("unknown collector 'cms'; allowed: Serial, Parallel, G1, ZGC, Shenandoah", "lab", "echo", "--gc", "cms");
        assertOneLineError("unknown profile 'medium'; allowed: quick, full", "lab", "echo", "--profile", "medium");
        assertOneLineError("--duration must be a positive time such as 5s, 1m or 500ms, was 'soon'",
                "lab", "echo", "--duration", "soon");
        assertOneLineError("--warmup must be a time such as 5s, 1m or 500ms, was '-1'", "lab", "echo", "--warmup", "-1");
        assertOneLineError("--cell-timeout must be a positive time such as 5s, 1m or 500ms, was '0'",
                "lab", "echo", "--cell-timeout", "0");
        assertOneLineError("--round-time must be from 1ms to --duration (4s), was 10s", "lab", "echo", "--round-time", "10s");
        assertOneLineError("--max-rounds must be at least the rounds of --duration (8), was 2", "lab", "echo",
                "--max-rounds", "2");
        assertOneLineError("--forks must be at least 1, was 0", "lab", "echo", "--forks", "0");
        assertOneLineError("--shard must be K/N with 1 <= K <= N, was 3/2", "lab", "echo", "--shard", "3/2");
        assertOneLineError("Unknown options: '--strategy', 'pool'", "lab", "echo", "--strategy", "pool");
    }

    @Test
    void shouldRejectTablesOfAFolderWithoutRecords() {
        assertOneLineError("no records in '" + tmp + "'", "lab", "echo", "--tables", tmp.toString());
    }

    @Test
    void shouldParseEchoAsASubcommandAndLeaveTheAnalyzerLabAsItWas() {
        CommandLine commandLine = AllocpoolMain.commandLine();
        CommandLine.ParseResult parsed = commandLine.parseArgs("lab", "echo", "--clients", "1,16", "--copy-per-event", "on");
        CommandLine.ParseResult echo = parsed.subcommand().subcommand();
        assertEquals("echo", echo.commandSpec().name());
        EchoLabCommand command = echo.commandSpec().commandLine().getCommand();
        assertEquals(List.of(1, 16), command.clients);
        assertEquals(List.of("on"), command.copyPerEvent);

        CommandLine again = AllocpoolMain.commandLine();
        CommandLine.ParseResult analyzer = again.parseArgs("lab", "analyzer", "--gc", "G1");
        assertEquals("lab", analyzer.subcommand().commandSpec().name());
        assertTrue(analyzer.subcommand().subcommand() == null, "lab analyzer is not a subcommand");
        LabCommand lab = again.getSubcommands().get("lab").getCommand();
        assertEquals("analyzer", lab.experiment);
        assertEquals(List.of("G1"), lab.gcs);
    }

    @Test
    void shouldDescribeItselfInHelp() {
        String help = AllocpoolMain.commandLine().getSubcommands().get("lab").getSubcommands().get("echo").getUsageMessage();
        assertTrue(help.contains("--copy-per-event"), help);
        assertTrue(help.contains("copy-per-event / reuse"), help);
        assertTrue(help.contains("--round-time"), help);
        assertTrue(help.contains("--shard"), help);
    }

    private static void assertOneLineError(String expected, String... args) {
        StringWriter err = new StringWriter();
        int exit = AllocpoolMain.commandLine().setErr(new PrintWriter(err, true)).execute(args);

        assertEquals(AllocpoolMain.EXIT_USAGE, exit, err.toString());
        assertTrue(err.toString().startsWith("allocpool: " + expected), err.toString());
        assertEquals(1, err.toString().lines().count(), err.toString());
    }
}

package org.allocpool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class HelpTextTest {

    @Test
    void shouldFormatEveryCommandsHelpWithoutAPicocliWarning() {
        List<CommandLine> commands = new ArrayList<>();
        collect(AllocpoolMain.commandLine(), commands);
        PrintStream stderr = System.err;
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        List<String> empty = new ArrayList<>();
        try {
            System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
            for (CommandLine command : commands) {
                if (command.getUsageMessage().isBlank()) {
                    empty.add(command.getCommandName());
                }
            }
        } finally {
            System.setErr(stderr);
        }
        // picocli formats descriptions with String.format: a lone '%' ("1% overhead") garbles the text and warns
        String said = warnings.toString(StandardCharsets.UTF_8);
        assertFalse(said.contains("picocli WARN"), said);
        assertEquals(List.of(), empty, "commands with no help at all");
    }

    private static void collect(CommandLine command, List<CommandLine> into) {
        into.add(command);
        command.getSubcommands().values().stream().distinct().forEach(sub -> collect(sub, into));
    }
}

package org.allocpool.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of the {@code allocpool} command line. Bad input ends with one line naming the
 * bad value and exit code 2; no stack trace for a user's mistake.
 */
@Command(name = "allocpool", mixinStandardHelpOptions = true, version = "allocpool 0.1.0",
        description = "Allocate a buffer per message, pool buffers, or go off-heap? Measured on your JDK.",
        subcommands = {AnalyzerCommand.class, KvCommand.class, EchoCommand.class, LabCommand.class})
public final class AllocpoolMain {

    /** Exit code for a user's mistake: a bad option, value or combination. */
    public static final int EXIT_USAGE = 2;

    private AllocpoolMain() {
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns its exit code (used by tests without exiting the JVM). */
    public static int execute(String... args) {
        return commandLine().execute(args);
    }

    static CommandLine commandLine() {
        return new CommandLine(AllocpoolMain.class)
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setParameterExceptionHandler(OneLineErrors::onBadInput)
                .setExecutionExceptionHandler(OneLineErrors::onFailure);
    }
}

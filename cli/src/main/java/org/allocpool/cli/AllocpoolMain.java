package org.allocpool.cli;

import org.allocpool.process.JvmCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of the {@code allocpool} command line. Bad input ends with one line naming the
 * bad value and exit code 2; no stack trace for a user's mistake.
 */
@Command(name = "allocpool", mixinStandardHelpOptions = true, version = "allocpool 0.1.0",
        description = "Allocate a buffer per message, pool buffers, or go off-heap? Measured on your JDK.",
        subcommands = {AnalyzerCommand.class, AnalyzerMtCommand.class, KvCommand.class, EchoCommand.class,
                FirstAllocCommand.class, AllocRateCommand.class, LabCommand.class})
public final class AllocpoolMain {

    private static final String MAIN_MODULE = "org.allocpool.cli";
    /** The one module of ours that makes native calls: children get native access for it and nothing broader. */
    private static final String NATIVE_ACCESS_MODULE = "org.allocpool.analyzer";

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

    /**
     * This program, to be started again in a child JVM (a lab's cell, bench's own server): on the
     * module path when this JVM runs on it, with native access for the one module of ours that makes
     * native calls ({@code org.allocpool.analyzer}) and nothing broader.
     */
    static JvmCommand thisJvm() {
        return JvmCommand.ofCurrentProcess(MAIN_MODULE, AllocpoolMain.class.getName(), NATIVE_ACCESS_MODULE);
    }

    static CommandLine commandLine() {
        return new CommandLine(AllocpoolMain.class)
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setParameterExceptionHandler(OneLineErrors::onBadInput)
                .setExecutionExceptionHandler(OneLineErrors::onFailure);
    }
}

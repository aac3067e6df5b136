package org.allocpool.cli;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Turns a user's mistake into one line on stderr and exit code 2: picocli's own parse errors,
 * and the {@link IllegalArgumentException}s that settings throw for a value out of range
 * (whose messages name the option, the bad value and what is allowed).
 */
final class OneLineErrors {

    private OneLineErrors() {
    }

    static int onBadInput(ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        cmd.getErr().println("allocpool: " + e.getMessage()
                + " (see '" + cmd.getCommandSpec().qualifiedName() + " --help')");
        return AllocpoolMain.EXIT_USAGE;
    }

    static int onFailure(Exception e, CommandLine cmd, ParseResult parseResult) {
        if (e instanceof IllegalArgumentException) {
            cmd.getErr().println("allocpool: " + e.getMessage()
                    + " (see '" + cmd.getCommandSpec().qualifiedName() + " --help')");
            return AllocpoolMain.EXIT_USAGE;
        }
        throw new RuntimeException(e);
    }
}

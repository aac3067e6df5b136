package org.allocpool.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;

/**
 * What one command printed on this JVM's stdout and stderr, and its exit code: for the lab commands,
 * which print there rather than to picocli's writers. Not thread-safe: it swaps {@code System.out} and
 * {@code System.err} while the command runs.
 */
record Printed(int exit, String out, String err) {

    /** Runs {@code command} with this JVM's stdout and stderr captured. */
    static Printed run(Callable<Integer> command) throws Exception {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
        ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
        int exit;
        try {
            System.setOut(new PrintStream(outBytes, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(errBytes, true, StandardCharsets.UTF_8));
            exit = command.call();
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        return new Printed(exit, outBytes.toString(StandardCharsets.UTF_8), errBytes.toString(StandardCharsets.UTF_8));
    }
}

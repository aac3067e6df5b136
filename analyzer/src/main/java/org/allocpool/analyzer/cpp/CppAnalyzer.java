package org.allocpool.analyzer.cpp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs the C++ analyser ({@code native/analyzer}, the article's C++ baseline) as a child process:
 * the same workload as the Java analyser, in the flavours {@code cpp} and {@code cpp-flat}. Its
 * human lines (stderr) and its output (stdout: the result record with {@code --json}) are handed
 * to the caller line by line as they come; its exit code is returned (0 ok, 1 failed, 2 bad input).
 *
 * <p>Thread-safe: stateless; each {@link #run} blocks until its child ends, and uses one extra
 * thread to read the child's stderr. Memory ownership: none; the temporary copy of the program is
 * deleted when the run ends.
 */
public final class CppAnalyzer {

    /** The runtimes this runner serves, as {@code --runtime} names them. */
    public static final List<String> RUNTIMES = List.of("cpp", "cpp-flat");

    private CppAnalyzer() {
    }

    /**
     * Runs the program with {@code args} (its own command line: {@code --runtime cpp --strategy pool ...}).
     *
     * @param stdout receives each line the program prints on stdout
     * @param stderr receives each line the program prints on stderr
     * @return the program's exit code
     * @throws IllegalStateException if the program cannot be found or started, or the wait is interrupted
     */
    public static int run(List<String> args, Consumer<String> stdout, Consumer<String> stderr) {
        ProgramFile program = ProgramFile.locate();
        try {
            List<String> command = new ArrayList<>();
            command.add(program.path().toString());
            command.addAll(args);
            Process process;
            try {
                process = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.PIPE).start();
            } catch (IOException e) {
                throw new IllegalStateException("cannot run the C++ analyser " + program.path() + ": "
                        + e.getMessage(), e);
            }
            process.getOutputStream().close();
            Thread errors = Thread.ofPlatform().name("allocpool-cpp-stderr").daemon()
                    .start(() -> pump(process.getErrorStream(), stderr));
            try {
                pump(process.getInputStream(), stdout);
                int code = process.waitFor();
                errors.join();
                return code;
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the C++ analyser ran", e);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            program.release();
        }
    }

    private static void pump(InputStream in, Consumer<String> lines) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lines.accept(line);
            }
        } catch (IOException e) {
            // the child went away; its exit code tells what happened
        }
    }
}

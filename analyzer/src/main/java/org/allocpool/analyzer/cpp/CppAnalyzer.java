package org.allocpool.analyzer.cpp;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.allocpool.analyzer.AnalyzerArguments;
import org.allocpool.analyzer.AnalyzerSettings;
import org.allocpool.analyzer.realtime.RealtimeSettings;
import org.allocpool.metrics.progress.ProgressMarker;
import org.allocpool.process.Child;
import org.allocpool.process.ChildExit;

/**
 * Runs the C++ analyser ({@code native/analyzer}, the article's C++ baseline) as a child process:
 * the same workload as the Java analyser, in the flavours {@code cpp} and {@code cpp-flat}, with
 * options named as ours ({@link #arguments}). Its human lines (stderr) and its output (stdout: the
 * result record with {@code --json}) are handed to the caller line by line as they come; its exit
 * code is returned (0 ok, 1 failed, 2 bad input).
 *
 * <p>Thread-safe: stateless; each {@link #run} blocks until its child ends. Memory ownership: none;
 * the temporary copy of the program is deleted when the run ends.
 */
public final class CppAnalyzer {

    /** The runtimes this runner serves, as {@code --runtime} names them. */
    public static final List<String> RUNTIMES = List.of("cpp", "cpp-flat");

    private CppAnalyzer() {
    }

    /**
     * The C++ analyser's command line for validated settings: the same options as {@code allocpool
     * analyzer}, which it validates again itself (a strategy it does not have is one line, exit 2).
     *
     * @param realtime     the real-time settings, or {@code null} for batch
     * @param findInterval whether to search the smallest loss-free interval (real time only)
     * @param json         whether to print one result record on stdout
     */
    public static List<String> arguments(String runtime, AnalyzerSettings settings, RealtimeSettings realtime,
                                         boolean findInterval, boolean json) {
        List<String> args = new ArrayList<>(List.of("--runtime", runtime));
        args.addAll(AnalyzerArguments.workload(settings));
        args.addAll(AnalyzerArguments.plan(settings.plan()));
        if (realtime != null) {
            args.addAll(AnalyzerArguments.realtime(realtime, findInterval));
        }
        if (findInterval) {
            args.add("--find-interval");
        }
        if (json) {
            args.add("--json");
        }
        return List.copyOf(args);
    }

    /**
     * Runs the program with {@code args} (its own command line: {@code --runtime cpp --strategy pool ...}).
     *
     * @param stdout receives each line the program prints on stdout
     * @param stderr receives each line the program prints on stderr
     * @return the program's exit code
     * @throws IllegalStateException if the program cannot be found or started
     */
    public static int run(List<String> args, Consumer<String> stdout, Consumer<String> stderr) {
        ProgramFile program = ProgramFile.locate();
        try {
            List<String> command = new ArrayList<>();
            command.add(program.path().toString());
            command.addAll(args);
            Child child = Child.of(command).stdoutLines(stdout).stderrLines(stderr);
            ChildExit exit = (ProgressMarker.wanted() ? child.environment(ProgressMarker.VARIABLE, "1") : child).run();
            return exit.exitCode();
        } catch (IOException e) {
            throw new IllegalStateException("cannot run the C++ analyser " + program.path() + ": " + e.getMessage(), e);
        } finally {
            program.release();
        }
    }
}

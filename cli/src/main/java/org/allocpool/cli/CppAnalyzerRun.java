package org.allocpool.cli;

import java.io.PrintWriter;
import java.util.List;
import org.allocpool.analyzer.cpp.CppAnalyzer;

/**
 * {@code allocpool analyzer --runtime cpp|cpp-flat}: runs the C++ analyser with the options it was
 * given (it validates them itself: one line, exit 2). It puts its lines where we would (human lines
 * on stdout, or on stderr with {@code --json} beside the record on stdout): its stdout becomes ours,
 * its stderr ours; its exit code is ours. Stateless; one run per call.
 */
final class CppAnalyzerRun {

    private CppAnalyzerRun() {
    }

    static int run(List<String> args, PrintWriter out, PrintWriter err) {
        try {
            return CppAnalyzer.run(args, line -> {
                out.println(line);
                out.flush();
            }, line -> {
                err.println(line);
                err.flush();
            });
        } catch (RuntimeException e) {
            err.println("allocpool: analyzer failed: " + JavaAnalyzerRun.reason(e));
            err.flush();
            return AnalyzerCommand.EXIT_FAILED;
        }
    }
}

package org.allocpool.analyzer.realtime;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.process.Child;
import org.allocpool.process.ChildExit;
import org.allocpool.process.JvmCommand;

/**
 * Runs one analyser command in a fresh JVM started like this one ({@link JvmCommand#likeThisProcess()}:
 * same {@code java}, same JVM flags, no GC log) and returns the result record it prints. An interval
 * search probes this way so that no probe inherits the heap, the JIT state or the GC history of the
 * one before. The child's human lines go to {@code human}.
 *
 * <p>Thread-safe (stateless); each call blocks until its child ends.
 */
final class ProbeJvm {

    private ProbeJvm() {
    }

    /**
     * Runs {@code programArgs} (e.g. {@code analyzer --mode realtime ... --json}) in a fresh JVM.
     *
     * @return the record's JSON tree
     * @throws IllegalStateException naming the command's outcome when the child fails, times out or
     *                               prints no record
     */
    static JsonNode run(List<String> programArgs, Duration timeout, PrintStream human) {
        ChildExit exit;
        try {
            exit = Child.of(JvmCommand.likeThisProcess().command(programArgs)).stderrLines(human::println)
                    .timeout(timeout).run();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run a probe JVM: " + e.getMessage(), e);
        }
        String line = exit.lastJsonLine();
        if (exit.timedOut() || line == null) {
            throw new IllegalStateException("probe " + (exit.timedOut() ? exit.failure()
                    : exit.failure() + " and printed no record") + ": " + programArgs);
        }
        JsonNode record = RecordJson.parse(line);
        if (!"ok".equals(record.path("status").asText())) {
            throw new IllegalStateException("probe failed: " + record.path("error").asText());
        }
        return record;
    }
}

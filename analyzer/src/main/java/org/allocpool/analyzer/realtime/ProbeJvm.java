package org.allocpool.analyzer.realtime;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.allocpool.metrics.result.RecordJson;

/**
 * Runs one analyser command in a fresh JVM started like this one (same {@code java}, same JVM
 * flags: collector, heap, native access; no GC log, which belongs to this JVM) and returns the
 * result record it prints. An interval search probes this way so that no probe inherits the heap,
 * the JIT state or the GC history of the one before. The child's human lines go to this JVM's
 * stderr.
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
    static JsonNode run(List<String> programArgs, long timeoutMs) {
        Path stdout = null;
        Process process = null;
        try {
            stdout = Files.createTempFile("allocpool-probe", ".json");
            process = new ProcessBuilder(command(programArgs))
                    .redirectOutput(stdout.toFile())
                    .redirectError(ProcessBuilder.Redirect.INHERIT)
                    .start();
            if (!process.waitFor(timeoutMs, TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException("probe timed out after " + timeoutMs / 1000 + " s: " + programArgs);
            }
            JsonNode record = lastRecord(Files.readString(stdout));
            if (record == null) {
                throw new IllegalStateException("probe exited with code " + process.exitValue()
                        + " and printed no record: " + programArgs);
            }
            if (!"ok".equals(record.path("status").asText())) {
                throw new IllegalStateException("probe failed: " + record.path("error").asText());
            }
            return record;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run a probe JVM: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while probing", e);
        } finally {
            if (process != null) {
                process.destroyForcibly();
            }
            if (stdout != null) {
                stdout.toFile().delete();
            }
        }
    }

    private static JsonNode lastRecord(String stdout) {
        List<String> lines = stdout.lines().filter(l -> l.startsWith("{")).toList();
        return lines.isEmpty() ? null : RecordJson.parse(lines.getLast());
    }

    static List<String> command(List<String> programArgs) {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command()
                .orElseGet(() -> Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            // the GC log belongs to this JVM; the launch options are added below
            if (!arg.startsWith("-Xlog") && !arg.startsWith("-Djdk.module.main") && !arg.startsWith("--module-path")) {
                command.add(arg);
            }
        }
        String modulePath = System.getProperty("jdk.module.path");
        String mainModule = System.getProperty("jdk.module.main");
        if (modulePath != null && mainModule != null) {
            command.addAll(List.of("-p", modulePath, "-m",
                    mainModule + "/" + System.getProperty("jdk.module.main.class")));
        } else {
            String mainClass = System.getProperty("sun.java.command", "").split(" ")[0];
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
        }
        command.addAll(programArgs);
        return command;
    }
}

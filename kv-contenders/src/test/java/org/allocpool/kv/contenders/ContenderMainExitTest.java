package org.allocpool.kv.contenders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ContenderMain as the lab starts it, in a JVM of its own: what it prints and its exit code for --help and bad input. */
class ContenderMainExitTest {

    @TempDir
    Path tmp;

    private record Exit(int code, String stdout, String stderr) {
    }

    private Exit run(String... args) throws IOException, InterruptedException {
        return runWithPath(null, args);
    }

    /** ContenderMain with {@code path} as its PATH ({@code null}: this JVM's). */
    private Exit runWithPath(String path, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xshare:auto", "-cp", System.getProperty("java.class.path"), ContenderMain.class.getName()));
        command.addAll(List.of(args));
        Path out = tmp.resolve("out");
        Path err = tmp.resolve("err");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        if (path != null) {
            builder.environment().put("PATH", path);
        }
        Process process = builder.start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("ContenderMain " + String.join(" ", args) + " did not end within 60 s");
        }
        return new Exit(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    @Test
    void shouldPrintItsHelpOnStdoutAndExitZero() throws Exception {
        Exit exit = run("--help");

        assertEquals(0, exit.code(), exit.stderr());
        assertTrue(exit.stdout().startsWith("Usage: ContenderMain"), exit.stdout());
        assertTrue(exit.stdout().contains("--warmup-s"), exit.stdout());
    }

    @Test
    void shouldRefuseABadValueInOneLineWithExitCodeTwo() throws Exception {
        Exit exit = run("--codecs", "--users", "lots");

        assertEquals(ContenderMain.EXIT_USAGE, exit.code());
        assertEquals("kv contender: --users must be a positive whole number, was 'lots'", exit.stderr().strip());
        assertEquals("", exit.stdout());
    }

    @Test
    void shouldRecordAServerCellWithoutRedisToolsAsFailedNamingTheToolAndItsInstallCommand() throws Exception {
        // a PATH with neither redis-server nor redis-benchmark, as on a machine without them
        Exit exit = runWithPath(tmp.resolve("empty-bin").toString(), "--server", "redis", "--durability", "everysec",
                "--dir", tmp.resolve("d").toString(), "--json");

        assertEquals(ContenderMain.EXIT_FAILED, exit.code(), exit.stderr());
        assertTrue(exit.stdout().contains("\"status\":\"failed\""), exit.stdout());
        assertTrue(exit.stdout().contains("\"error\":\"could not start: redis-benchmark is not installed (Debian/Ubuntu:"
                + " apt-get install redis-server redis-tools)\""), exit.stdout());
        assertTrue(exit.stdout().contains("\"contender\":\"redis-everysec\",\"users\":1000000,\"mode\":\"server\""),
                exit.stdout());
    }
}

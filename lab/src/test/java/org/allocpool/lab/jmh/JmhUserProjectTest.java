package org.allocpool.lab.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.allocpool.lab.run.ForkGauge;
import org.allocpool.lab.run.LabRunner;
import org.allocpool.lab.run.RunOptions;
import org.allocpool.lab.run.Shard;
import org.allocpool.lab.store.RecordsFile;
import org.allocpool.lab.store.ResultsFolder;
import org.allocpool.process.Child;
import org.allocpool.process.ChildExit;
import org.allocpool.process.JvmCommand;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lab jmh} on the project a user would write: the template under this test's resources (a pom and
 * one {@code @Benchmark} class with two ways of handling a message) is built offline with this project's own
 * Maven Wrapper, once for the class (about 10 s), its plugin and JMH versions filled in from the parent pom,
 * whose build put them in the local repository; then the lab runs its two benchmarks under G1 and ZGC in two
 * passes of one JMH fork each with one 100 ms warm-up and one 100 ms measurement iteration. Checks the
 * records, tables, verdict and report are there, never a speed.
 */
class JmhUserProjectTest {

    /** The parent pom's properties the template takes, so that every version is one the local repository has. */
    private static final List<String> VERSIONS = List.of("maven.compiler.release", "jmh.version",
            "clean-plugin.version", "resources-plugin.version", "surefire.version", "jar-plugin.version",
            "install-plugin.version", "compiler-plugin.version", "dependency-plugin.version");

    @TempDir
    static Path project;

    private static Path jar;

    @BeforeAll
    @Timeout(180)
    static void buildTheUsersProjectOffline() throws IOException, URISyntaxException {
        Path template = Path.of(JmhUserProjectTest.class.getResource("user-project/pom.xml").toURI()).getParent();
        try (Stream<Path> files = Files.walk(template)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Path copy = project.resolve(template.relativize(file).toString());
                Files.createDirectories(copy.getParent());
                Files.copy(file, copy);
            }
        }
        Path root = Path.of("").toAbsolutePath().getParent();
        String parent = Files.readString(root.resolve("pom.xml"));
        String pom = Files.readString(project.resolve("pom.xml"));
        for (String name : VERSIONS) {
            Matcher value = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</").matcher(parent);
            assertTrue(value.find(), "the parent pom names no " + name);
            pom = pom.replace("@" + name + "@", value.group(1));
        }
        Files.writeString(project.resolve("pom.xml"), pom);
        ChildExit built = Child.of(List.of(root.resolve("mvnw").toString(), "-o", "-q", "-B", "-Dmaven.test.skip=true",
                        "-f", project.resolve("pom.xml").toString(), "package"))
                .environment("JAVA_HOME", System.getProperty("java.home")).timeout(Duration.ofMinutes(2)).run();
        assertTrue(built.isSuccess(), "the user's project did not build offline: " + built.failure());
        jar = project.resolve("target/benchmarks.jar");
        assertTrue(Files.isRegularFile(jar), "no " + jar);
    }

    @Test
    @Timeout(120)
    void shouldRunTheUsersBenchmarksUnderG1AndZgcWithRecordsTablesVerdictAndReport(@TempDir Path results)
            throws IOException {
        JmhOptions tiny = new JmhOptions(1, 1, Duration.ofMillis(100), 1, Duration.ofMillis(100), null, List.of());
        JmhLabSettings settings = new JmhLabSettings(new JmhJar(jar, List.of(), JvmCommand.currentJava()),
                "MessageBenchmark", JmhLabSettings.collectors(List.of()), Map.of(), tiny, 2, List.of(), null);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream progress = new ByteArrayOutputStream();

        int exit = new LabRunner(print(out), print(progress), ForkGauge.NONE)
                .run(JmhExperiment.of(settings), new RunOptions(results, false, Shard.ALL).withSeed(36L));

        assertEquals(LabRunner.EXIT_OK, exit, progress.toString(StandardCharsets.UTF_8));
        List<JsonNode> records = new RecordsFile(results).readAll();
        assertEquals(8, records.size(), "2 benchmarks x 2 collectors x 2 passes");
        for (JsonNode record : records) {
            assertEquals("ok", record.path("status").asText(), record.toString());
            assertTrue(record.path("metrics").path("score").asDouble() > 0, record.toString());
            assertEquals("ns/op", record.path("metrics").path("unit").asText(), record.toString());
            if (record.path("cell").path("benchmark").asText().endsWith(".allocate")) {
                // a fresh 200-byte array per message: at least its 200 bytes and a header
                assertTrue(record.path("metrics").path("allocBytesPerOp").asDouble() > 200, record.toString());
            }
        }
        assertTrue(records.stream().anyMatch(r -> r.path("env").path("jvmArgs").toString().contains("-XX:+UseZGC")),
                "ZGC's flag reached JMH's forks");
        String tables = Files.readString(results.resolve(ResultsFolder.TABLES));
        for (String expected : List.of("# allocpool lab: jmh", "## Score", "| G1 ", "| ZGC ", "MessageBenchmark.allocate (size=200)",
                "MessageBenchmark.reuse (size=200)", "## Allocation and collections", "ZGC vs G1", "## Verdict",
                "Fastest among alternatives", "G1 MessageBenchmark (size=200): ", "Does the JVM configuration change the score")) {
            assertTrue(tables.contains(expected), "no '" + expected + "' in\n" + tables);
        }
        assertTrue(tables.contains("is fastest") || tables.contains("too close to call between"), tables);
        assertEquals(tables, out.toString(StandardCharsets.UTF_8).substring(0, tables.length()), "the tables printed");
        assertTrue(Files.size(results.resolve(ResultsFolder.REPORT)) > 0, "report.html");
        try (Stream<Path> files = Files.list(results)) {
            assertEquals(8, files.filter(f -> f.getFileName().toString().endsWith(".jmh.json")).count(),
                    "JMH's own results kept beside the records");
        }
    }

    private static PrintStream print(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }
}

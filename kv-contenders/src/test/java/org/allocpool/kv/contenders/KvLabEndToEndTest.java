package org.allocpool.kv.contenders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.allocpool.lab.kv.ContendersJar;
import org.allocpool.lab.kv.KvExperiment;
import org.allocpool.lab.kv.KvLabSettings;
import org.allocpool.lab.kv.KvProfile;
import org.allocpool.lab.run.LabRunner;
import org.allocpool.lab.run.RunOptions;
import org.allocpool.lab.run.Shard;
import org.allocpool.lab.store.RecordsFile;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.process.Child;
import org.allocpool.process.ChildExit;
import org.allocpool.process.JvmCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real kv lab, through the lab runner, forking the real contenders (from this test's class path)
 * with the flags the lab gives each: every peer starts on this JDK, every cell is recorded ok with
 * its rounds and their check, and tabulated with a verdict.
 */
class KvLabEndToEndTest {

    @TempDir
    Path tmp;

    /**
     * Six JVMs one after the other, about 30 s on a quiet 2-core machine; the timeout's interrupt kills the running
     * one. Every cell runs with -XX:+DisableExplicitGC: the full-GC figure must not depend on System.gc().
     */
    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void shouldRunEveryContenderAndTheCodecsInJvmsOfTheirOwn() throws Exception {
        Path dir = tmp.resolve("run");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        KvLabSettings settings = new KvLabSettings(KvProfile.QUICK, 2_000L, null,
                List.of("-Xshare:auto", "-XX:+DisableExplicitGC"), null, Duration.ofMinutes(2), Duration.ZERO,
                Duration.ofMillis(10), 4, 5, 1);
        int exit = new LabRunner(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
                .run(new KvExperiment(settings, contenders()), new RunOptions(dir, false, Shard.ALL));

        assertEquals(LabRunner.EXIT_OK, exit);
        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertEquals(6, records.size());
        for (JsonNode record : records) {
            assertEquals("ok", record.path("status").asText(), record.toString());
            assertEquals(2_000, record.path("cell").path("users").asLong());
            assertEquals(1, record.path("fork").asInt());
        }
        // each pass in its own random order: the five stores and the codecs cell, wherever each ran
        List<JsonNode> stores = records.stream().filter(r -> !"codecs".equals(r.path("cell").path("mode").asText())).toList();
        assertEquals(5, stores.size());
        for (JsonNode store : stores) {
            assertTrue(store.path("metrics").path("fullGcPauseMs").asDouble() > 0,
                    "GC.run collects under -XX:+DisableExplicitGC: " + store);
            for (String phase : List.of("gets", "misses", "puts")) {
                assertRounds(store.path("metrics").path(phase), store.path("cell").path("contender").asText() + " " + phase);
            }
        }
        JsonNode codecs = records.stream().filter(r -> "codecs".equals(r.path("cell").path("mode").asText())).findFirst()
                .orElseThrow().path("metrics").path("codecs");
        assertEquals(4, codecs.size());
        for (JsonNode codec : codecs) {
            String name = codec.path("codec").asText();
            assertRounds(codec.path("encodes"), name + " encodes");
            assertRounds(codec.path("best").path("encodes"), name + " encodes at its best");
            assertRounds(codec.path("best").path("decodes"), name + " decodes at its best");
            assertTrue(codec.path("encodes").path("allocBytesPerOperation").asDouble() > 0, name + ": " + codec);
            assertTrue(codec.path("best").path("decodes").has("allocBytesPerOperation"), name + ": " + codec);
        }
        String tables = out.toString(StandardCharsets.UTF_8);
        assertFalse(tables.contains("failed ["), tables);
        for (String row : List.of("| hashmap ", "| allocpool ", "| mapdb ", "| chronicle ", "| lmdb ", "| fory ", "| kryo ")) {
            assertTrue(tables.contains(row), row + " in\n" + tables);
        }
        assertTrue(tables.contains("\n## Verdict\n") && tables.contains("The sad fact"), tables);
        assertTrue(tables.contains("**At its best**") && tables.contains("- Flyweight against Fory"), tables);
    }

    /** One JVM that fails at its start, killed after a minute if it hangs instead. */
    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void shouldReportAPeerThatCannotStartWithoutItsFlags() throws Exception {
        List<String> command = contenders().command(List.of("-Xmx128m", "-Xshare:auto"), List.of(),
                List.of("--contender", "chronicle", "--users", "100", "--dir", tmp.resolve("data").toString(), "--json"));

        ChildExit exit = Child.of(command).stdoutTo(tmp.resolve("out")).stderrTo(tmp.resolve("err"))
                .timeout(Duration.ofMinutes(1)).run();

        assertEquals(ContenderMain.EXIT_FAILED, exit.exitCode());
        JsonNode record = RecordJson.parse(exit.stdout().strip());
        assertEquals("failed", record.path("status").asText());
        assertEquals("chronicle", record.path("cell").path("contender").asText());
        assertTrue(record.path("error").asText().startsWith("could not start: InaccessibleObjectException"),
                record.path("error").asText());
    }

    private static JvmCommand contenders() {
        return JvmCommand.onClassPath(Path.of(System.getProperty("java.home"), "bin", "java"),
                System.getProperty("java.class.path"), ContendersJar.MAIN_CLASS);
    }

    /** The rounds that make a figure, their summary and their steady-state check, as the lab reads them. */
    private static void assertRounds(JsonNode phase, String what) {
        assertEquals(4, phase.path("perSecond").path("rounds").size(), what + ": " + phase);
        assertTrue(phase.path("perSecond").path("median").asDouble() > 0, what + ": " + phase);
        assertEquals(4, phase.path("steadyState").path("rounds").asInt(), what + ": " + phase);
        assertTrue(phase.path("steadyState").path("reason").isTextual(), what + ": " + phase);
        assertTrue(phase.path("discardedRounds").size() <= 1, what + ": " + phase);
    }
}

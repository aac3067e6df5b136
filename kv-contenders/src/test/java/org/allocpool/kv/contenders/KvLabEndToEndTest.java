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
import org.allocpool.lab.fork.ChildExit;
import org.allocpool.lab.fork.ChildProcess;
import org.allocpool.lab.kv.ContendersJar;
import org.allocpool.lab.kv.KvLab;
import org.allocpool.lab.kv.KvLabSettings;
import org.allocpool.lab.kv.KvProfile;
import org.allocpool.lab.launch.ChildJvm;
import org.allocpool.lab.store.RecordsFile;
import org.allocpool.metrics.result.RecordJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real kv lab forking the real contenders (from this test's class path) with the flags the lab
 * gives each: every peer starts on this JDK, every cell is recorded ok and tabulated.
 */
class KvLabEndToEndTest {

    @TempDir
    Path tmp;

    /** Six JVMs one after the other, about 20 s on a quiet 2-core machine; the timeout's interrupt kills the running one. */
    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void shouldRunEveryContenderAndTheCodecsInJvmsOfTheirOwn() throws Exception {
        Path dir = tmp.resolve("run");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ChildJvm contenders = ChildJvm.onClassPath(Path.of(System.getProperty("java.home"), "bin", "java"),
                System.getProperty("java.class.path"), ContendersJar.MAIN_CLASS);
        int exit = new KvLab(contenders, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
                .run(new KvLabSettings(KvProfile.QUICK, 2_000L, null, List.of("-Xshare:auto"), null, dir, null,
                        Duration.ofMinutes(2), Duration.ZERO, Duration.ofMillis(50)));

        assertEquals(KvLab.EXIT_OK, exit);
        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertEquals(6, records.size());
        for (JsonNode record : records) {
            assertEquals("ok", record.path("status").asText(), record.toString());
            assertEquals(2_000, record.path("cell").path("users").asLong());
        }
        assertEquals(4, records.getLast().path("metrics").path("codecs").size());
        String tables = out.toString(StandardCharsets.UTF_8);
        assertFalse(tables.contains("failed ["), tables);
        for (String row : List.of("| hashmap ", "| allocpool ", "| mapdb ", "| chronicle ", "| lmdb ", "| fory ", "| kryo ")) {
            assertTrue(tables.contains(row), row + " in\n" + tables);
        }
    }

    /** One JVM that fails at its start, killed by ChildProcess after a minute if it hangs instead. */
    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void shouldReportAPeerThatCannotStartWithoutItsFlags() throws Exception {
        ChildJvm bare = ChildJvm.onClassPath(Path.of(System.getProperty("java.home"), "bin", "java"),
                System.getProperty("java.class.path"), ContendersJar.MAIN_CLASS);
        List<String> command = bare.command(List.of("-Xmx128m", "-Xshare:auto"), List.of(),
                List.of("--contender", "chronicle", "--users", "100", "--dir", tmp.resolve("data").toString(), "--json"));

        ChildExit exit = new ChildProcess(Duration.ofMinutes(1)).run(command, tmp.resolve("out"), tmp.resolve("err"));

        assertEquals(ContenderMain.EXIT_FAILED, exit.exitCode());
        JsonNode record = RecordJson.parse(exit.stdout().strip());
        assertEquals("failed", record.path("status").asText());
        assertEquals("chronicle", record.path("cell").path("contender").asText());
        assertTrue(record.path("error").asText().startsWith("could not start: InaccessibleObjectException"),
                record.path("error").asText());
    }
}

package org.allocpool.lab.kv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.launch.ChildJvm;
import org.allocpool.lab.store.RecordsFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The kv lab end to end, with {@link FakeKvChild} standing in for the contenders. */
class KvLabTest {

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

    @Test
    void shouldRecordEveryContenderAndGoOnPastAPeerThatCannotStart() throws Exception {
        Path dir = tmp.resolve("run");
        int exit = lab().run(settings(dir, null, null, "chronicle=nostart,lmdb=exit3,mapdb=silent"));

        assertEquals(KvLab.EXIT_OK, exit);
        List<JsonNode> records = new RecordsFile(dir).readAll();
        assertEquals(6, records.size());
        assertEquals("ok", store(records, "hashmap").path("status").asText());
        assertEquals("ok", store(records, "allocpool").path("status").asText());
        assertEquals("could not start: InaccessibleObjectException: module java.base does not open java.lang",
                store(records, "chronicle").path("error").asText());
        assertTrue(store(records, "lmdb").path("error").asText().startsWith("exited with code 3: Exception in thread"),
                store(records, "lmdb").path("error").asText());
        assertEquals("printed no result record on stdout (exit code 0)", store(records, "mapdb").path("error").asText());
        assertEquals("{\"contender\":\"mapdb\",\"users\":1000,\"mode\":\"store\"}", store(records, "mapdb").path("cell").toString(),
                "a failed record names the cell the lab meant");
        assertEquals("codecs", records.getLast().path("cell").path("mode").asText());
        records.forEach(r -> assertEquals("kv", r.path("experiment").asText()));

        String tables = Files.readString(dir.resolve(KvLab.TABLES));
        assertTrue(tables.matches("(?s).*\\| mapdb +\\| +failed \\[1] \\|.*"), tables);
        assertTrue(tables.matches("(?s).*\\| chronicle +\\| +failed \\[2] \\|.*"), tables);
        assertTrue(tables.contains("[2] chronicle: could not start: InaccessibleObjectException"), tables);
        assertTrue(tables.contains("[3] lmdb: exited with code 3"), tables);
    }

    @Test
    void shouldDeleteEachStoresDataAndKeepItsLogAndCommand() throws Exception {
        Path dir = tmp.resolve("run");
        lab().run(settings(dir, List.of("allocpool"), null, ""));

        assertFalse(Files.exists(dir.resolve("allocpool-data")), "the store's files go once measured");
        assertTrue(Files.readString(dir.resolve("allocpool.log")).contains("fake kv contender: --contender allocpool --dir "));
        assertTrue(Files.readString(dir.resolve("allocpool.command")).contains("-XX:+UseG1GC -Xmx256m"));
        assertFalse(Files.exists(dir.resolve("allocpool.stdout")), "a clean record needs no copy of stdout");
    }

    @Test
    void shouldGiveEachContenderItsOwnFlags() throws Exception {
        Path dir = tmp.resolve("run");
        lab().run(settings(dir, List.of("hashmap", "allocpool", "chronicle", "lmdb"), null, ""));

        List<JsonNode> records = new RecordsFile(dir).readAll();
        List<String> allocpool = jvmArgs(store(records, "allocpool"));
        assertTrue(allocpool.contains("--sun-misc-unsafe-memory-access=deny"), allocpool.toString());
        assertTrue(allocpool.stream().noneMatch(a -> a.startsWith("--add-opens") || a.startsWith("--add-exports")),
                allocpool.toString());
        List<String> chronicle = jvmArgs(store(records, "chronicle"));
        assertTrue(chronicle.contains("-Dchronicle.analytics.disable=true"), chronicle.toString());
        assertTrue(chronicle.contains("--add-opens=java.base/java.lang=ALL-UNNAMED"), chronicle.toString());
        assertTrue(jvmArgs(store(records, "lmdb")).contains("--add-opens=java.base/java.nio=ALL-UNNAMED"));
        assertTrue(jvmArgs(store(records, "hashmap")).contains("-Xmx257m"), "256 MB + 800 bytes per user");
    }

    @Test
    void shouldResumeSkippingContendersRecordedOk() throws Exception {
        Path dir = tmp.resolve("run");
        lab().run(settings(dir, List.of("hashmap", "mapdb", "codecs"), null, "mapdb=exit3"));
        List<String> before = Files.readAllLines(dir.resolve(RecordsFile.NAME));
        assertEquals(3, before.size());

        lab().run(new KvLabSettings(KvProfile.QUICK, 1000L, List.of("hashmap", "mapdb", "codecs"),
                List.of(), null, null, dir, Duration.ofMinutes(1), Duration.ZERO, Duration.ofMillis(100)));

        List<String> after = Files.readAllLines(dir.resolve(RecordsFile.NAME));
        assertEquals(4, after.size(), "only the failed contender runs again");
        assertEquals(before, after.subList(0, 3), "nothing recorded is rewritten");
        String tables = Files.readString(dir.resolve(KvLab.TABLES));
        assertFalse(tables.contains("failed ["), tables);
        assertTrue(tables.contains("| mapdb "), tables);
    }

    @Test
    void shouldRenderEveryColumnBesideTheArticleAndReRenderTheSame() throws Exception {
        Path dir = tmp.resolve("run");
        lab().run(settings(dir, null, null, ""));
        String written = Files.readString(dir.resolve(KvLab.TABLES));
        assertEquals(written, out.toString(StandardCharsets.UTF_8));

        assertTrue(written.contains("| contender | heap used MB | full GC ms | off-heap/file MB | gets/s (M) | puts/s (M) "
                + "| misses/s (M) | resident MB |"), written);
        assertTrue(written.contains("| hashmap   |          700 |       1234 |                0 |        1.0 |        0.5 "
                + "|          3.0 |         301 |"), written);
        assertTrue(written.contains("| article: HashMap "), written);
        assertTrue(written.contains("26039"), written);
        assertTrue(written.contains("| ours: allocpool "), written);
        assertTrue(written.contains("| codec     | encoded bytes | encodes/s (M) | decodes/s (M) | encodes x JDK | decodes x JDK |"),
                written);
        assertTrue(written.contains("| flyweight |            61 |            20 |            10 |            40 |           100 |"),
                written);
        assertTrue(written.contains("| structs "), written);
        assertTrue(written.contains("Profile quick; every cell: `ContenderMain --users 1000 --warmup-s 0 --seconds 0.100`"),
                written);

        ByteArrayOutputStream again = new ByteArrayOutputStream();
        assertEquals(KvLab.EXIT_OK, KvLab.renderTables(dir, new PrintStream(again, true, StandardCharsets.UTF_8)));
        assertEquals(written, again.toString(StandardCharsets.UTF_8));
    }

    @Test
    void shouldShowProgressPerContender() throws Exception {
        lab().run(settings(tmp.resolve("run"), List.of("hashmap", "lmdb"), null, "lmdb=exit3"));

        String text = progress.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("lab: [1/2] hashmap (heap 257m): running; time left not known yet"), text);
        assertTrue(text.contains("lab: [2/2] lmdb (heap 256m): FAILED (exited with code 3"), text);
    }

    @Test
    void shouldRefuseUnknownContendersAndUsersBelowOne() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> settings(tmp, List.of("hashmap,redis"), null, ""));
        assertEquals("unknown contender 'redis'; allowed: hashmap, allocpool, mapdb, chronicle, lmdb, codecs",
                unknown.getMessage());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> settings(tmp, null, 0L, ""));
        assertEquals("--users must be at least 1, was 0", none.getMessage());
    }

    @Test
    void shouldRefuseTablesOfAFolderWithoutRecords() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> KvLab.renderTables(tmp, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().startsWith("no records in '" + tmp + "'"), e.getMessage());
    }

    private KvLab lab() {
        ChildJvm fake = ChildJvm.onClassPath(Path.of(System.getProperty("java.home"), "bin", "java"),
                System.getProperty("java.class.path"), FakeKvChild.class.getName());
        return new KvLab(fake, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(progress, true, StandardCharsets.UTF_8));
    }

    private static KvLabSettings settings(Path dir, List<String> contenders, Long users, String script) {
        return new KvLabSettings(KvProfile.QUICK, users == null ? 1000L : users, contenders,
                List.of("-Dfake.kv=" + script, "-Xshare:auto"), null, dir, null, Duration.ofMinutes(1), Duration.ZERO,
                Duration.ofMillis(100));
    }

    private static JsonNode store(List<JsonNode> records, String contender) {
        return records.stream().filter(r -> contender.equals(r.path("cell").path("contender").asText())).reduce((a, b) -> b)
                .orElseThrow(() -> new AssertionError("no record of " + contender));
    }

    private static List<String> jvmArgs(JsonNode record) {
        List<String> args = new ArrayList<>();
        record.path("env").path("jvmArgs").forEach(a -> args.add(a.asText()));
        return args;
    }
}

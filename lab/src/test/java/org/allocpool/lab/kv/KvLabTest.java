package org.allocpool.lab.kv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import com.fasterxml.jackson.databind.JsonNode;
import org.allocpool.lab.kv.tables.KvReport;
import org.allocpool.lab.run.LabRunner;
import org.allocpool.lab.run.RunOptions;
import org.allocpool.lab.run.Shard;
import org.allocpool.lab.store.RecordsFile;
import org.allocpool.lab.store.ResultsFolder;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.process.JvmCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The kv lab through the lab runner, end to end, with {@link FakeKvChild} standing in for the contenders. */
class KvLabTest {

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

    @Test
    void shouldRecordEveryContenderAndGoOnPastAPeerThatCannotStart() throws Exception {
        Path dir = tmp.resolve("run");
        int exit = run(settings(null, 1, "chronicle=nostart,lmdb=exit3,mapdb=silent"), fresh(dir));

        assertEquals(LabRunner.EXIT_OK, exit);
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
        assertEquals(1, records.stream().filter(r -> "codecs".equals(r.path("cell").path("mode").asText())).count());
        records.forEach(r -> assertEquals("kv", r.path("experiment").asText()));
        records.forEach(r -> assertEquals(1, r.path("fork").asInt()));

        String tables = Files.readString(dir.resolve(ResultsFolder.TABLES));
        assertTrue(tables.matches("(?s).*\\| mapdb +\\| +failed \\[1] \\|.*"), tables);
        assertTrue(tables.matches("(?s).*\\| chronicle +\\| +failed \\[2] \\|.*"), tables);
        assertTrue(tables.contains("[2] chronicle: could not start: InaccessibleObjectException"), tables);
        assertTrue(tables.contains("[3] lmdb: exited with code 3"), tables);
        assertTrue(tables.contains("Not judged: mapdb (failed), chronicle (failed), lmdb (failed)."), tables);
        // the codecs read back both ways, with the bytes each way allocated
        assertTrue(tables.matches("(?s).*\\| flyweight +\\| +61 +\\| +20 \\(20-20\\) +\\| +10 \\(9\\.9-10\\) +\\| +40 +\\| +100 +\\| +77 +\\| +200 \\|.*"),
                tables);
        assertTrue(tables.matches("(?s).*\\| flyweight +\\| +40 \\(40-40\\) +\\| +20 \\(20-20\\) +\\| +2\\.0 +\\| +2\\.0 +\\| +0 +\\| +200 \\|.*"), tables);
        assertTrue(tables.contains("- flyweight: encodes into a reused buffer; decodes: a whole User\n"), tables);
    }

    @Test
    void shouldRunEveryCellInTwoForksPassByPassAndKeepEachForksLog() throws Exception {
        Path dir = tmp.resolve("run");
        run(settings(List.of("hashmap", "allocpool"), 2, ""), fresh(dir));

        List<JsonNode> records = new RecordsFile(dir).readAll();
        List<String> forks = records.stream().map(r -> r.path("cell").path("contender").asText() + "#" + r.path("fork").asInt())
                .toList();
        assertEquals(Set.of("hashmap#1", "allocpool#1"), Set.copyOf(forks.subList(0, 2)), "pass 1, in its own order");
        assertEquals(Set.of("hashmap#2", "allocpool#2"), Set.copyOf(forks.subList(2, 4)), "then pass 2");
        assertTrue(Files.readString(dir.resolve("allocpool-fork2.log")).contains("fake kv contender: --contender allocpool --dir "));
        assertFalse(Files.exists(dir.resolve("allocpool-fork1-data")), "each fork's store files go once measured");
        assertFalse(Files.exists(dir.resolve("allocpool-fork2-data")));
        assertFalse(Files.exists(dir.resolve("allocpool-fork1.stdout")), "a clean record needs no copy of stdout");
        String text = progress.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("lab: [1/4] " + (forks.get(0).startsWith("hashmap") ? "hashmap (heap 257m)"
                : "allocpool (heap 256m)") + ", fork 1/2: running; time left not known yet"), text);
        assertTrue(text.contains("lab: [4/4] " + (forks.get(3).startsWith("hashmap") ? "hashmap (heap 257m)"
                : "allocpool (heap 256m)") + ", fork 2/2: ok in "), text);
    }

    @Test
    void shouldKeepEachPhasesRoundsAndSteadyStateInTheRecord() throws Exception {
        Path dir = tmp.resolve("run");
        run(settings(List.of("lmdb", "codecs"), 1, "lmdb=unsteady"), fresh(dir));

        List<JsonNode> records = new RecordsFile(dir).readAll();
        JsonNode gets = store(records, "lmdb").path("metrics").path("gets");
        assertEquals(5, gets.path("perSecond").path("rounds").size());
        assertFalse(gets.path("steadyState").path("steady").asBoolean());
        assertEquals(2, gets.path("discardedRounds").size());
        JsonNode codecs = records.stream().filter(r -> "codecs".equals(r.path("cell").path("mode").asText())).findFirst()
                .orElseThrow();
        assertTrue(codecs.path("metrics").path("codecs").get(0).path("encodes").path("steadyState").path("steady").asBoolean());
        String tables = Files.readString(dir.resolve(ResultsFolder.TABLES));
        assertTrue(tables.contains("lmdb gets: not steady (still rising: +12% across the rounds (p = 0.017)); not a clean"
                + " figure, never a winner"), tables);
    }

    @Test
    void shouldGiveEachContenderItsOwnFlagsAndEveryChildThePhaseTiming() throws Exception {
        Path dir = tmp.resolve("run");
        run(settings(List.of("hashmap", "allocpool", "chronicle", "lmdb"), 1, ""), fresh(dir));

        List<JsonNode> records = new RecordsFile(dir).readAll();
        List<String> allocpool = jvmArgs(store(records, "allocpool"));
        assertTrue(allocpool.contains("--sun-misc-unsafe-memory-access=deny"), allocpool.toString());
        assertTrue(allocpool.contains("-XX:+UseG1GC") && allocpool.contains("-Xmx256m"), allocpool.toString());
        assertTrue(allocpool.stream().noneMatch(a -> a.startsWith("--add-opens") || a.startsWith("--add-exports")),
                allocpool.toString());
        List<String> chronicle = jvmArgs(store(records, "chronicle"));
        assertTrue(chronicle.contains("-Dchronicle.analytics.disable=true"), chronicle.toString());
        assertTrue(chronicle.contains("--add-opens=java.base/java.lang=ALL-UNNAMED"), chronicle.toString());
        assertTrue(jvmArgs(store(records, "lmdb")).contains("--add-opens=java.base/java.nio=ALL-UNNAMED"));
        assertTrue(jvmArgs(store(records, "hashmap")).contains("-Xmx257m"), "256 MB + 800 bytes per user");
        assertTrue(Files.readString(dir.resolve("hashmap.log")).contains(
                "--users 1000 --warmup-s 0 --puts-warmup-s 0 --round-s 0.010 --rounds 5 --max-rounds 7 --json"));
    }

    @Test
    void shouldResumeRunningOnlyTheForksNotRecordedOk() throws Exception {
        Path dir = tmp.resolve("run");
        run(settings(List.of("hashmap", "mapdb", "codecs"), 2, "mapdb=exit3"), fresh(dir));
        List<String> before = Files.readAllLines(dir.resolve(RecordsFile.NAME));
        assertEquals(6, before.size());

        run(settings(List.of("hashmap", "mapdb", "codecs"), 2, ""), new RunOptions(dir, true, Shard.ALL));

        List<String> after = Files.readAllLines(dir.resolve(RecordsFile.NAME));
        assertEquals(8, after.size(), "only the failed contender's two forks run again");
        assertEquals(before, after.subList(0, 6), "nothing recorded is rewritten");
        String tables = Files.readString(dir.resolve(ResultsFolder.TABLES));
        assertFalse(tables.contains("failed ["), tables);
        assertTrue(tables.contains("Cells: 3, forks: 6 (6 ok, 0 failed)."), tables);
        assertTrue(tables.contains("| mapdb "), tables);
    }

    @Test
    void shouldRunOnlyItsShardOfTheCells() throws Exception {
        Path dir = tmp.resolve("run");
        run(settings(null, 1, ""), new RunOptions(dir, false, Shard.parse("2/2")));

        List<String> cells = new RecordsFile(dir).readAll().stream()
                .map(r -> r.path("cell").path("contender").asText(r.path("cell").path("mode").asText())).toList();
        assertEquals(Set.of("allocpool", "chronicle", "codecs"), Set.copyOf(cells));
        assertEquals(3, cells.size());
    }

    @Test
    void shouldRenderEveryColumnBesideTheArticleAndAVerdictAndReRenderTheSame() throws Exception {
        Path dir = tmp.resolve("run");
        run(settings(null, 1, ""), fresh(dir));
        String written = Files.readString(dir.resolve(ResultsFolder.TABLES));
        assertEquals(written, out.toString(StandardCharsets.UTF_8));

        assertTrue(written.contains("| contender | heap used MB |       full GC ms | off-heap/file MB | after puts MB |"
                + "     gets/s (M) |      puts/s (M) |  misses/s (M) | resident MB |"), written);
        assertTrue(written.contains("| hashmap   |          700 | 1234 (1217-1267) |                0 |             0 |"
                + " 1.0 (0.99-1.0) | 0.5 (0.49-0.51) | 3.0 (3.0-3.0) |         301 |"), written);
        assertTrue(written.contains("| allocpool |           22 |    5.0 (5.0-5.5) |              200 |           450 |"), written);
        assertTrue(written.contains("- Sizes: files after loading allocpool 200 MB, mapdb 300 MB, chronicle 400 MB, lmdb 500 MB"
                + " (smallest: allocpool); after the puts allocpool 450 MB, mapdb 310 MB, chronicle 410 MB, lmdb 510 MB"
                + " (smallest: mapdb); resident at the end hashmap 301 MB, allocpool 302 MB, mapdb 303 MB, chronicle 304 MB,"
                + " lmdb 305 MB (smallest: hashmap)."), written);
        assertTrue(written.contains("| article: HashMap "), written);
        assertTrue(written.contains("26039"), written);
        assertTrue(written.contains("| ours: allocpool "), written);
        assertTrue(written.contains("| flyweight |            61 |      20 (20-20) |       10 (9.9-10) |            40 |"
                + "           100 |"), written);
        assertTrue(written.contains("| structs "), written);
        assertTrue(written.contains("Profile quick; every cell: `ContenderMain --users 1000 --warmup-s 0 --puts-warmup-s 0"
                + " --round-s 0.010 --rounds 5 --max-rounds 7`"), written);
        assertTrue(written.contains("\n## Verdict\n"), written);
        assertTrue(written.contains("- Gets: **lmdb** 5.0 M/s is fastest: 1.25x faster than chronicle 4.0 M/s (spreads apart)"),
                written);

        String again = LabRunner.render(new RecordsFile(dir).readAll(), RunInfo.readAllFrom(dir), new KvReport());
        assertEquals(written, again);
    }

    @Test
    void shouldRefuseUnknownContendersUsersBelowOneAndTooFewRounds() {
        assertEquals("unknown contender 'redis'; allowed: hashmap, allocpool, mapdb, chronicle, lmdb, codecs, servers",
                assertThrows(IllegalArgumentException.class, () -> settings(List.of("hashmap,redis"), 1, "")).getMessage());
        assertEquals("--users must be at least 1, was 0", assertThrows(IllegalArgumentException.class,
                () -> new KvLabSettings(KvProfile.QUICK, 0L, null, null, null, null, null, null, null, null, null)).getMessage());
        assertEquals("--max-rounds must be at least --rounds (5), was 3", assertThrows(IllegalArgumentException.class,
                () -> new KvLabSettings(KvProfile.QUICK, null, null, null, null, null, null, null, null, 3, null)).getMessage());
        assertEquals("--forks must be at least 1, was 0", assertThrows(IllegalArgumentException.class,
                () -> new KvLabSettings(KvProfile.QUICK, null, null, null, null, null, null, null, null, null, 0)).getMessage());
    }

    @Test
    void shouldWarmThePutsAsLongAsEveryPhaseWhenTheWarmUpIsGiven() {
        KvLabSettings given = new KvLabSettings(null, null, null, null, null, null, Duration.ofMillis(500), null, null,
                null, null);
        List<String> args = given.childArgs();
        assertEquals("0.500", args.get(args.indexOf("--puts-warmup-s") + 1), args.toString());
    }

    @Test
    void shouldTakeTheProfilesTimingForWhatIsNotGiven() {
        KvLabSettings quick = new KvLabSettings(null, null, null, null, null, null, null, null, null, null, null);

        assertEquals(List.of("--users", "1000000", "--warmup-s", "1", "--puts-warmup-s", "4", "--round-s", "0.400",
                "--rounds", "5", "--max-rounds", "10"), quick.childArgs(), "the stores' puts warm up longer");
        assertEquals(2, quick.forks());
        assertEquals(12, new KvLabSettings(null, null, null, null, null, null, null, null, 12, null, null).maxRounds(),
                "more rounds than the profile's cap raise the cap");
    }

    @Test
    void shouldLengthenTheProfilesCellTimeoutWithTheLongestAPhaseMayTakeUnlessOneIsGiven() {
        assertEquals(Duration.ofMinutes(3), new KvLabSettings(null, null, null, null, null, null, null, null, null, null,
                null).cellTimeout());
        // 3 s + 10 rounds of 2 s = 23 s a phase at most, against the quick profile's 1 s + 10 x 0.4 s = 5 s: 180 s x 23 / 5
        assertEquals(Duration.ofSeconds(828), new KvLabSettings(null, null, null, null, null, null, Duration.ofSeconds(3),
                Duration.ofSeconds(2), null, null, null).cellTimeout());
        assertEquals(Duration.ofMinutes(3), new KvLabSettings(null, null, null, null, null, null, null,
                Duration.ofMillis(100), null, null, null).cellTimeout(), "shorter phases keep the profile's");
        assertEquals(Duration.ofSeconds(90), new KvLabSettings(null, null, null, null, null, Duration.ofSeconds(90),
                Duration.ofSeconds(3), Duration.ofSeconds(2), null, null, null).cellTimeout(), "a given one is kept");
        assertEquals("--cell-timeout must be positive, was 0.0s", assertThrows(IllegalArgumentException.class,
                () -> new KvLabSettings(null, null, null, null, null, Duration.ZERO, null, null, null, null, null)).getMessage());
    }

    private int run(KvLabSettings settings, RunOptions options) {
        JvmCommand fake = JvmCommand.onClassPath(Path.of(System.getProperty("java.home"), "bin", "java"),
                System.getProperty("java.class.path"), FakeKvChild.class.getName());
        return new LabRunner(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(progress, true, StandardCharsets.UTF_8)).run(new KvExperiment(settings, fake), options);
    }

    private static RunOptions fresh(Path dir) {
        return new RunOptions(dir, false, Shard.ALL);
    }

    private static KvLabSettings settings(List<String> contenders, int forks, String script) {
        return new KvLabSettings(KvProfile.QUICK, 1000L, contenders, List.of("-Dfake.kv=" + script, "-Xshare:auto"), null,
                Duration.ofMinutes(1), Duration.ZERO, Duration.ofMillis(10), 5, 7, forks);
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

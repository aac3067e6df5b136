package org.allocpool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.allocpool.lab.kv.ContendersJar;
import org.allocpool.lab.run.Shard;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code lab kv}: found as a subcommand of {@code lab}, its options, its handling of bad input, and its tables
 * through the lab's reports; the lab itself is tested in its module.
 */
class KvLabCommandTest {

    @TempDir
    Path tmp;

    @Test
    void shouldResolveLabKvToItsOwnCommand() {
        CommandLine commandLine = AllocpoolMain.commandLine();
        commandLine.parseArgs("lab", "kv", "--users", "15000000", "--contender", "hashmap,allocpool", "--forks", "3",
                "--rounds", "6", "--max-rounds", "12", "--round-s", "0.5", "--shard", "2/3");

        KvLabCommand kv = commandLine.getSubcommands().get("lab").getSubcommands().get("kv").getCommand();
        assertEquals(15_000_000L, kv.users);
        assertEquals(List.of("hashmap", "allocpool"), kv.contenders);
        assertEquals(3, kv.forks);
        assertEquals(6, kv.rounds);
        assertEquals(12, kv.maxRounds);
        assertEquals(0.5, kv.roundSeconds);
        assertEquals(new Shard(2, 3), kv.folders.runOptions().shard());
    }

    @Test
    void shouldRejectAnUnknownContenderOrProfileInOneLine() {
        assertOneLineError("unknown contender 'redis'; allowed: hashmap, allocpool, mapdb, chronicle, lmdb, codecs",
                "lab", "kv", "--contender", "redis");
        assertOneLineError("unknown profile 'medium'; allowed: quick, full", "lab", "kv", "--profile", "medium");
        assertOneLineError("--round-s must be a positive number of seconds, was 0.0", "lab", "kv", "--round-s", "0");
        assertOneLineError("--max-rounds must be at least --rounds (8), was 6", "lab", "kv", "--rounds", "8", "--max-rounds",
                "6");
        assertOneLineError("--forks must be at least 1, was 0", "lab", "kv", "--forks", "0");
        assertOneLineError("--shard must be K/N with 1 <= K <= N, was 3/2", "lab", "kv", "--shard", "3/2");
    }

    @Test
    void shouldRejectTablesOfAFolderWithoutRecords() {
        assertOneLineError("no records in '" + tmp + "'", "lab", "kv", "--tables", tmp.toString());
    }

    @Test
    void shouldRejectResumingAFolderWithoutRecords() {
        assertOneLineError("nothing to resume in '" + tmp + "': it holds no records.jsonl", "lab", "kv", "--resume",
                tmp.toString());
    }

    @Test
    void shouldRenderTheTablesAndVerdictOfAKvRunThroughTheLabsReports() throws Exception {
        Files.writeString(tmp.resolve("records.jsonl"), "{\"experiment\":\"kv\",\"status\":\"failed\","
                + "\"error\":\"timed out after 3m\",\"fork\":1,\"cell\":{\"contender\":\"mapdb\",\"users\":1000,"
                + "\"mode\":\"store\"}}\n");
        String tables = LabTables.render(tmp);

        assertTrue(tables.startsWith("# kv lab\n"), tables);
        assertTrue(tables.contains("[1] mapdb: timed out after 3m"), tables);
        assertTrue(tables.contains("## Verdict\n"), tables);
    }

    @Test
    void shouldSayHowToBuildTheContendersWhenTheyAreMissing() {
        String before = System.getProperty(ContendersJar.HOME_PROPERTY);
        System.setProperty(ContendersJar.HOME_PROPERTY, tmp.toString());
        try {
            assertOneLineError("the kv contenders are not built: no " + tmp.resolve("kv-contenders/target/allocpool-kv-contenders.jar"),
                    "lab", "kv", "--results", tmp.resolve("run").toString());
        } finally {
            if (before == null) {
                System.clearProperty(ContendersJar.HOME_PROPERTY);
            } else {
                System.setProperty(ContendersJar.HOME_PROPERTY, before);
            }
        }
    }

    @Test
    void shouldListEachPeersFlagsInItsHelp() {
        String help = AllocpoolMain.commandLine().getSubcommands().get("lab").getSubcommands().get("kv").getUsageMessage();

        assertTrue(help.contains("  allocpool:  --sun-misc-unsafe-memory-access=deny, no --add-opens\n"), help);
        assertTrue(help.contains("-Dchronicle.analytics.disable=true"), help);
    }

    private static void assertOneLineError(String expected, String... args) {
        StringWriter err = new StringWriter();
        int exit = AllocpoolMain.commandLine().setErr(new PrintWriter(err, true)).execute(args);

        assertEquals(AllocpoolMain.EXIT_USAGE, exit, err.toString());
        assertTrue(err.toString().startsWith("allocpool: " + expected), err.toString());
        assertEquals(1, err.toString().lines().count(), err.toString());
    }
}

package org.allocpool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.allocpool.lab.kv.ContendersJar;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code lab kv}: found as a subcommand of {@code lab}, and its handling of bad input; the lab itself is tested in its module. */
class KvLabCommandTest {

    @TempDir
    Path tmp;

    @Test
    void shouldResolveLabKvToItsOwnCommand() {
        CommandLine commandLine = AllocpoolMain.commandLine();
        commandLine.parseArgs("lab", "kv", "--users", "15000000", "--contender", "hashmap,allocpool");

        KvLabCommand kv = commandLine.getSubcommands().get("lab").getSubcommands().get("kv").getCommand();
        assertEquals(15_000_000L, kv.users);
        assertEquals(List.of("hashmap", "allocpool"), kv.contenders);
    }

    @Test
    void shouldRejectAnUnknownContenderOrProfileInOneLine() {
        assertOneLineError("unknown contender 'redis'; allowed: hashmap, allocpool, mapdb, chronicle, lmdb, codecs",
                "lab", "kv", "--contender", "redis");
        assertOneLineError("unknown profile 'medium'; allowed: quick, full", "lab", "kv", "--profile", "medium");
        assertOneLineError("--seconds must be a positive number of seconds, was 0.0", "lab", "kv", "--seconds", "0");
    }

    @Test
    void shouldRejectTablesOfAFolderWithoutRecords() {
        assertOneLineError("no records in '" + tmp + "'", "lab", "kv", "--tables", tmp.toString());
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

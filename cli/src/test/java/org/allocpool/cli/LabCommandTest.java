package org.allocpool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import org.junit.jupiter.api.io.TempDir;

/** The lab command's handling of bad input; the lab itself is tested in its module. */
class LabCommandTest {

    @TempDir
    Path tmp;

    @Test
    void shouldRejectAnUnknownExperimentListingTheAllowedOnes() {
        assertOneLineError("unknown experiment 'kv2'; allowed: analyzer, echo, kv, analyzer-mt, alloc-rate, first-alloc,"
                + " messaging", "lab", "kv2");
    }

    @Test
    void shouldRejectAnUnknownCollectorListingTheAllowedOnes() {
        assertOneLineError("unknown collector 'cms'; allowed: Serial, Parallel, G1, ZGC, Shenandoah",
                "lab", "--gc", "G1,cms");
    }

    @Test
    void shouldRejectAnUnknownProfile() {
        assertOneLineError("unknown profile 'medium'; allowed: quick, full", "lab", "--profile", "medium");
    }

    @Test
    void shouldRejectAnUnknownModeListingTheAllowedOnes() {
        assertOneLineError("unknown mode 'bogus'; allowed: batch, realtime", "lab", "analyzer", "--mode", "bogus");
    }

    @Test
    void shouldRejectRealtimeOptionsInBatchModeAndABadDuration() {
        assertOneLineError("--duration, --warmup-s, --max-delay-ms, --pin and --interval-ns are real-time options",
                "lab", "--duration", "5s");
        assertOneLineError("--duration must be a positive time such as 20s, 1m or 500ms, was 'soon'",
                "lab", "--mode", "realtime", "--duration", "soon");
    }

    @Test
    void shouldRejectTablesOfAFolderWithoutRecords() {
        assertOneLineError("no records in '" + tmp + "'", "lab", "--tables", tmp.toString());
    }

    @Test
    void shouldRejectABadShardNamingIt() {
        assertOneLineError("--shard must be K/N, e.g. 2/5 (the 2nd of 5 parts), was 'two'", "lab", "--shard", "two",
                "--results", tmp.resolve("run").toString());
        assertOneLineError("--shard must be K/N with 1 <= K <= N, was 3/2", "lab", "--shard", "3/2",
                "--results", tmp.resolve("run").toString());
        assertTrue(Files.notExists(tmp.resolve("run")), "nothing is run, nor a folder made, for bad input");
    }

    @Test
    void shouldRejectResumingAFolderWithoutRecordsOrTwoFolders() {
        assertOneLineError("nothing to resume in '" + tmp + "': it holds no records.jsonl", "lab", "--resume", tmp.toString());
        assertOneLineError("--results '" + tmp.resolve("a") + "' and --resume '" + tmp + "' name different folders",
                "lab", "--resume", tmp.toString(), "--results", tmp.resolve("a").toString());
    }

    @Test
    void shouldRejectMergingAFolderWithoutRecords() {
        assertOneLineError("nothing to merge in '" + tmp + "': it holds no records.jsonl",
                "lab", "merge", tmp.toString(), "--results", tmp.resolve("out").toString());
        assertTrue(Files.notExists(tmp.resolve("out")), "nothing is merged when a folder is missing its records");
    }

    @Test
    void shouldRejectMergingAFolderIntoItself() throws Exception {
        Path run = Files.createDirectories(tmp.resolve("run"));
        Files.writeString(run.resolve("records.jsonl"), "{\"experiment\":\"analyzer\",\"status\":\"failed\"}\n");

        assertOneLineError("'" + run + "' is the folder merged into; name another with --results",
                "lab", "merge", run.toString(), "--results", run.toString());
    }

    @Test
    void shouldRejectAMergeWithoutAFolderToMergeInto() {
        assertOneLineError("Missing required option: '--results=OUT'", "lab", "merge", tmp.toString());
        assertOneLineError("Missing required parameter: 'DIR'", "lab", "merge", "--results", tmp.toString());
    }

    @Test
    void shouldRejectABadPacketSizeShareKeptHeapOrVariantNamingIt() {
        assertOneLineError("--packet-size must be 64 to 65536 bytes (64 B to 64 KiB), was 32", "lab", "--packet-size",
                "256,32");
        assertOneLineError("--keep-one-in must be a power of two from 1 to 128", "lab", "--keep-one-in", "10");
        assertOneLineError("bad heap size 'lots'", "lab", "--heap", "2g,lots");
        assertOneLineError("bad --variant 'compact'; expected NAME=-XX:+Flag", "lab", "--variant", "compact");
        assertOneLineError("bad --variant old: no java executable in", "lab", "--variant", "old=/no/such/jdk");
    }

    @Test
    void shouldTakeListsOfPacketSizesAndHeapsAndRepeatedVariants() {
        LabCommand lab = labOptions("--packet-size", "256,4096", "--keep-one-in", "4", "--heap", "2g,10g", "--variant",
                "compact=-XX:+UseCompactObjectHeaders", "--variant", "numa=-XX:+UseNUMA");
        assertEquals(List.of(256, 4096), lab.packetSizes);
        assertEquals(List.of(4), lab.keepOneIns);
        assertEquals(List.of("2g", "10g"), lab.heaps);
        assertEquals(List.of("compact=-XX:+UseCompactObjectHeaders", "numa=-XX:+UseNUMA"), lab.variants);
    }

    @Test
    void shouldTurnCppCellsOnAndOffWithIncludeCpp() {
        assertEquals(null, labOptions().includeCpp, "unset: the profile's default (on)");
        assertEquals(Boolean.TRUE, labOptions("--include-cpp").includeCpp);
        assertEquals(Boolean.FALSE, labOptions("--no-include-cpp").includeCpp);
        assertEquals(Boolean.FALSE, labOptions("--include-cpp=false").includeCpp);
    }

    @Test
    void shouldPrintEachDescriptionParagraphWithoutBreakingItsSentences() {
        String help = AllocpoolMain.commandLine().getSubcommands().get("lab").getUsageMessage();

        assertTrue(help.contains("Runs an experiment: each cell (collector x strategy x case) in forked JVMs, by\n"
                + "default two per cell; keeps one record per fork in <results>/records.jsonl,\n"
                + "prints the tables and a verdict in words, also written to <results>/tables.md,\n"
                + "and with charts to <results>/report.html (see 'lab report --help').\n"), help);
        assertTrue(help.contains("  native and flat ones:     -Xms1g -Xmx1g -XX:MaxDirectMemorySize=2g\n"), help);
    }

    private static LabCommand labOptions(String... options) {
        CommandLine commandLine = AllocpoolMain.commandLine();
        String[] args = new String[options.length + 1];
        args[0] = "lab";
        System.arraycopy(options, 0, args, 1, options.length);
        commandLine.parseArgs(args);
        return commandLine.getSubcommands().get("lab").getCommand();
    }

    private static void assertOneLineError(String expected, String... args) {
        StringWriter err = new StringWriter();
        int exit = AllocpoolMain.commandLine().setErr(new PrintWriter(err, true)).execute(args);

        assertEquals(AllocpoolMain.EXIT_USAGE, exit);
        assertTrue(err.toString().startsWith("allocpool: " + expected), err.toString());
        assertEquals(1, err.toString().lines().count(), err.toString());
    }
}

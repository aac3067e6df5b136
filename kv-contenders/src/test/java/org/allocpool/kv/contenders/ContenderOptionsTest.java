package org.allocpool.kv.contenders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** ContenderMain's command line: the options read, the values checked, and bad input refused in one line. */
class ContenderOptionsTest {

    @Test
    void shouldReadAStoreCell() {
        ContenderOptions options = ContenderOptions.parse(new String[] {"--contender", "lmdb", "--users", "2_000",
            "--dir", "/tmp/x", "--warmup-s", "0", "--round-s", "0.5", "--rounds", "6", "--max-rounds", "9", "--json"});

        assertEquals("lmdb", options.contender());
        assertEquals(2_000, options.users());
        assertEquals(Path.of("/tmp/x"), options.dir());
        assertEquals(new PhaseTiming(Duration.ZERO, Duration.ofMillis(500), 6, 9), options.timing());
        assertEquals(options.timing(), options.putsTiming(), "the puts warm up as every phase unless told otherwise");
        assertTrue(options.json());
    }

    @Test
    void shouldWarmTheStoresPutsAsLongAsToldAndTimeTheirRoundsAsEveryPhases() {
        ContenderOptions options = ContenderOptions.parse(new String[] {"--contender", "chronicle", "--dir", "/tmp/x",
            "--warmup-s", "1", "--puts-warmup-s", "4", "--round-s", "0.4"});

        assertEquals(new PhaseTiming(Duration.ofSeconds(1), Duration.ofMillis(400), 5, 10), options.timing());
        assertEquals(new PhaseTiming(Duration.ofSeconds(4), Duration.ofMillis(400), 5, 10), options.putsTiming());
        assertEquals("--puts-warmup-s must be a non-negative number of seconds, was 'soon'",
                message("--codecs", "--puts-warmup-s", "soon"));
    }

    @Test
    void shouldTimeFiveRoundsOfFourHundredMillisecondsUpToTenAfterASecondByDefault() {
        assertEquals(new PhaseTiming(Duration.ofSeconds(1), Duration.ofMillis(400), 5, 10),
                ContenderOptions.parse(new String[] {"--codecs"}).timing());
        assertEquals(new PhaseTiming(Duration.ofSeconds(1), Duration.ofMillis(400), 12, 12),
                ContenderOptions.parse(new String[] {"--codecs", "--rounds", "12"}).timing(),
                "more rounds than the default cap raise the cap");
    }

    @Test
    void shouldDrawTheCodecSampleFromNoMoreUsersThanThereAre() {
        assertEquals(300, ContenderOptions.parse(new String[] {"--codecs", "--users", "300"}).sample());
        assertEquals(ContenderOptions.DEFAULT_SAMPLE, ContenderOptions.parse(new String[] {"--codecs"}).sample());
    }

    @Test
    void shouldRefuseBadInputInOneLine() {
        assertMessage("unknown contender 'redis'; allowed: hashmap, allocpool, mapdb, chronicle, lmdb",
                "--contender", "redis", "--dir", "d");
        assertMessage("--users must be a positive whole number, was '-4'", "--codecs", "--users", "-4");
        assertMessage("--contender needs --dir, a folder for the store's files", "--contender", "mapdb");
        assertMessage("--round-s must be a positive number of seconds, was '0'", "--codecs", "--round-s", "0");
        assertMessage("--rounds must be a positive whole number, was '0'", "--codecs", "--rounds", "0");
        assertMessage("--max-rounds must be at least --rounds (5), was 4", "--codecs", "--max-rounds", "4");
        assertTrue(message("--codecs", "--contender", "lmdb", "--dir", "d").startsWith("give either --contender NAME or --codecs"));
    }

    @Test
    void shouldNameAnUnknownOptionAndAnOptionWithoutItsValue() {
        assertMessage("unknown option '--user'; " + ContenderOptions.USAGE, "--codecs", "--user", "5");
        assertMessage("unknown option 'extra'; " + ContenderOptions.USAGE, "--codecs", "extra");
        assertMessage("--users needs a value; " + ContenderOptions.USAGE, "--codecs", "--users");
        assertMessage("--sample must be a positive whole number, was 'many'", "--codecs", "--sample", "many");
        assertMessage("--warmup-s must be a non-negative number of seconds, was '-1'", "--codecs", "--warmup-s", "-1");
    }

    @Test
    void shouldTakeTheLastValueOfARepeatedOptionAndTheEqualsForm() {
        ContenderOptions options = ContenderOptions.parse(new String[] {"--codecs", "--users", "5", "--users=700",
            "--sample=50"});

        assertEquals(700, options.users());
        assertEquals(50, options.sample());
        assertTrue(options.codecs());
    }

    @Test
    void shouldListEveryOptionInItsHelp() {
        ContenderArguments arguments = new ContenderArguments();
        CommandLine command = arguments.read(new String[] {"--help"});

        assertTrue(command.isUsageHelpRequested());
        String help = command.getUsageMessage();
        for (String option : List.of("--contender", "--codecs", "--users", "--dir", "--warmup-s", "--puts-warmup-s", "--round-s",
                "--rounds", "--max-rounds", "--sample", "--json", "--help")) {
            assertTrue(help.contains(option), option + " in\n" + help);
        }
    }

    private static void assertMessage(String expected, String... args) {
        assertEquals(expected, message(args));
    }

    private static String message(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> ContenderOptions.parse(args)).getMessage();
    }

    @Test
    void shouldReadAServerCell() {
        ContenderOptions options = ContenderOptions.parse(new String[] {"--server", "kvserve", "--durability", "sync",
            "--connect", "127.0.0.1:6380", "--tests", "set", "--connections", "4", "--pipelines", "1,16", "--no-load"});

        ServerOptions server = options.server();
        assertEquals("kvserve", server.server());
        assertEquals("sync", server.durability());
        assertEquals(6380, server.connect().getPort());
        assertEquals(List.of("set"), server.tests());
        assertEquals(List.of(4), server.connections());
        assertEquals(List.of(1, 16), server.pipelines());
        assertEquals(false, server.load());
        assertEquals(false, options.codecs());
    }

    @Test
    void shouldRefuseAServerWithTheOtherServersDurabilityOrWithoutWhereItListens() {
        IllegalArgumentException fsync = assertThrows(IllegalArgumentException.class, () -> ContenderOptions.parse(
                new String[] {"--server", "redis", "--durability", "async", "--dir", "/tmp/x"}));
        assertTrue(fsync.getMessage().contains("everysec or always"), fsync.getMessage());
        IllegalArgumentException connect = assertThrows(IllegalArgumentException.class, () -> ContenderOptions.parse(
                new String[] {"--server", "kvserve", "--durability", "async"}));
        assertTrue(connect.getMessage().contains("--connect"), connect.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ContenderOptions.parse(
                new String[] {"--server", "redis", "--durability", "always", "--dir", "/tmp/x", "--codecs"}));
    }

    @Test
    void shouldReadAPairCellAndRefuseOneWithoutKvServeOrRedisFolderOrWithSyncOrNoLoad() {
        ServerOptions pair = ContenderOptions.parse(new String[] {"--server", "pair", "--durability", "async",
            "--connect", "127.0.0.1:6380", "--dir", "/tmp/x", "--connections", "4"}).server();
        assertTrue(pair.isPair());
        assertEquals(6380, pair.connect().getPort());
        assertEquals(List.of("get", "set"), pair.tests());

        assertTrue(message("--server", "pair", "--durability", "async", "--dir", "/tmp/x").contains("--connect"));
        assertTrue(message("--server", "pair", "--durability", "async", "--connect", "127.0.0.1:6380")
                .contains("needs --dir"));
        assertTrue(message("--server", "pair", "--durability", "sync", "--connect", "127.0.0.1:6380", "--dir", "/tmp/x")
                .contains("was 'sync'"));
        assertTrue(message("--server", "pair", "--durability", "async", "--connect", "127.0.0.1:6380", "--dir", "/tmp/x",
                "--no-load").contains("no --no-load"));
    }
}

package org.allocpool.lab.echo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import org.allocpool.lab.analyzer.Collector;
import org.allocpool.lab.run.CellFiles;
import org.allocpool.lab.run.CellLaunch;
import org.allocpool.process.JvmCommand;
import org.junit.jupiter.api.Test;

/** The echo lab's settings, profiles, matrix and launches: what runs, and one-line refusals of bad values. */
class EchoLabSettingsTest {

    private static final BenchPlan QUICK_PLAN = EchoProfile.QUICK.plan();

    @Test
    void shouldRunTheQuickProfileUnderG1AtEachArticlesClientCountInTwoForks() {
        EchoLabSettings quick = EchoLabSettings.of(EchoProfile.QUICK);
        List<EchoCell> cells = EchoMatrix.expand(quick);

        assertEquals(2 * 4 * 2, cells.size());
        assertEquals(List.of(16), quick.clientsFor("top-of-book"));
        assertEquals(List.of(3), quick.clientsFor("message"));
        assertEquals(List.of("G1"), quick.gcs());
        assertEquals(2, quick.forks());
        assertEquals(8, quick.plan().rounds());
        assertEquals(16, quick.maxRounds());
        assertEquals(Duration.ofSeconds(5 + 8 + 90), quick.cellTimeout(), "warm-up + every round + the fork's overhead");
        assertEquals(new EchoCell(Collector.G1, "unpooled", false, "top-of-book", 16, QUICK_PLAN), cells.get(0));
        assertEquals(new EchoCell(Collector.G1, "unpooled", true, "top-of-book", 16, QUICK_PLAN), cells.get(1));
        assertEquals(List.of("--duration", "4s", "--warmup", "5s", "--round-time", "500ms", "--max-rounds", "16"),
                quick.childArgs());
    }

    @Test
    void shouldRunTheWholeSweepUnderG1AndZgcInTheFullProfile() {
        EchoLabSettings full = EchoLabSettings.of(EchoProfile.FULL);
        assertEquals(2 * (4 + 5) * 4 * 2, EchoMatrix.expand(full).size());
        assertEquals(List.of("G1", "ZGC"), full.gcs());
        assertEquals(20, full.plan().rounds());
    }

    @Test
    void shouldNarrowTheMatrixByEveryFlag() {
        EchoLabSettings narrow = new EchoLabSettings(EchoProfile.FULL, List.of("zgc"), List.of(true), List.of("Thread-Local"),
                List.of("message"), List.of(4, 1, 4), Duration.ofSeconds(2), Duration.ofMillis(1500), Duration.ofMillis(500),
                null, 3, null, null, null, null);
        List<EchoCell> cells = EchoMatrix.expand(narrow);

        assertEquals(2, cells.size());
        assertEquals(List.of(1, 4), cells.stream().map(EchoCell::clients).toList());
        cells.forEach(c -> assertEquals("ZGC-message-" + c.clients() + "c-thread-local-copy", c.id()));
        assertEquals(List.of("--duration", "2s", "--warmup", "1500ms", "--round-time", "500ms", "--max-rounds", "8"),
                narrow.childArgs(), "4 rounds of 500 ms, up to twice that");
        assertEquals(3, narrow.forks());
    }

    @Test
    void shouldAddPassesForUndecidedCopyQuestionsInTheQuickProfileOnlyAndNeverWithForksGiven() {
        JvmCommand jvm = new JvmCommand(Path.of("java"), List.of(), List.of("-cp", "x", "Main"));
        EchoExperiment quick = new EchoExperiment(new EchoLabSettings(EchoProfile.QUICK, null, null, null, null, null, null,
                null, null, null, null, List.of(), null, null, null), jvm);
        EchoExperiment forksGiven = new EchoExperiment(new EchoLabSettings(EchoProfile.QUICK, null, null, null, null, null,
                null, null, null, null, 3, List.of(), null, null, null), jvm);
        EchoExperiment full = new EchoExperiment(new EchoLabSettings(EchoProfile.FULL, null, null, null, null, null, null,
                null, null, null, null, List.of(), null, null, null), jvm);

        assertEquals(2, quick.forks());
        assertEquals(4, quick.maxForks());
        assertEquals(java.time.Duration.ofMinutes(12), quick.budget());
        assertEquals(3, forksGiven.maxForks());
        assertEquals(null, forksGiven.budget());
        assertEquals(2, full.maxForks());
        assertEquals(null, full.budget());
    }

    @Test
    void shouldDescribeAForkAsTheServerThenTheBenchAgainstIt() {
        EchoLabSettings settings = new EchoLabSettings(EchoProfile.QUICK, null, null, List.of("thread-local"),
                List.of("top-of-book"), null, null, null, null, null, null, List.of("-Xmx2g"), null, null, null);
        JvmCommand jvm = new JvmCommand(Path.of("java"), List.of(), List.of("-cp", "x", "Main"));
        EchoCell cell = EchoMatrix.expand(settings).get(1);
        CellLaunch launch = new EchoExperiment(settings, jvm).launch(cell, new CellFiles(Path.of("r"), cell.id() + "-fork1"));

        assertEquals(List.of("java", "-XX:+UseG1GC", "-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch",
                        "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "-Dio.netty.tryReflectionSetAccessible=true",
                        "-Xlog:gc*:file=" + Path.of("r", "G1-top-of-book-16c-thread-local-copy-fork1.server.gc.log"),
                        "-Xmx2g", "-cp", "x", "Main", "echo", "serve", "--host", "127.0.0.1", "--port", "0", "--buffers",
                        "thread-local", "--copy-per-event", "--stop-on-stdin-eof"),
                launch.server().command(), "the user's --jvm-arg after the cell's flags: it wins");
        Matcher ready = launch.server().ready().matcher("echo: listening on 127.0.0.1:4711");
        assertTrue(ready.find(), "the echo contract's ready line");
        assertEquals(List.of("127.0.0.1", "4711"), List.of(ready.group(1), ready.group(2)));
        assertEquals(List.of("java", "-XX:+UseG1GC", "-Xms512m", "-Xmx512m",
                        "-Xlog:gc*:file=" + Path.of("r", "G1-top-of-book-16c-thread-local-copy-fork1.gc.log"),
                        "-cp", "x", "Main", "echo", "bench", "--host",
                        "127.0.0.1", "--port", "4711", "--clients", "16", "--event", "top-of-book", "--duration", "4s",
                        "--warmup", "5s", "--round-time", "500ms", "--max-rounds", "16",
                        "--hlog", Path.of("r", "G1-top-of-book-16c-thread-local-copy-fork1.hlog").toString(), "--json"),
                launch.client().apply(new InetSocketAddress("127.0.0.1", 4711)));
    }

    @Test
    void shouldRejectBadValuesInOneLineNamingTheAllowedOnes() {
        assertMessage("unknown buffer strategy 'pooled'; allowed: unpooled, netty-pooled, netty-adaptive, thread-local",
                () -> settings(null, List.of("unpooled,pooled"), null, null, null, null, null));
        assertMessage("unknown event 'quote'; allowed: top-of-book, message",
                () -> new EchoLabSettings(null, null, null, null, List.of("quote"), null, null, null, null, null, null,
                        null, null, null, null));
        assertMessage("unknown --copy-per-event value 'maybe'; allowed: off, on", () -> EchoMatrix.copyPerEvent("maybe"));
        assertMessage("bad client count '0'; expected 1 to 1024, e.g. 1,2,4,16",
                () -> new EchoLabSettings(null, null, null, null, null, List.of(1, 0), null, null, null, null, null, null,
                        null, null, null));
        assertMessage("unknown collector 'cms'; allowed: Serial, Parallel, G1, ZGC, Shenandoah",
                () -> settings(List.of("cms"), null, null, null, null, null, null));
        assertMessage("unknown profile 'medium'; allowed: quick, full", () -> EchoProfile.byName("medium"));
        assertMessage("--round-time must be from 1ms to --duration (4s), was 10s",
                () -> settings(null, null, null, Duration.ofSeconds(10), null, null, null));
        assertMessage("--max-rounds must be at least the rounds of --duration (8), was 4",
                () -> settings(null, null, null, null, 4, null, null));
        assertMessage("--forks must be at least 1, was 0", () -> settings(null, null, null, null, null, 0, null));
        assertMessage("--cell-timeout must be positive, not PT0S",
                () -> settings(null, null, null, null, null, null, Duration.ZERO));
    }

    private static EchoLabSettings settings(List<String> gcs, List<String> buffers, Duration duration, Duration roundTime,
                                            Integer maxRounds, Integer forks, Duration cellTimeout) {
        return new EchoLabSettings(null, gcs, null, buffers, null, null, duration, null, roundTime, maxRounds, forks, null,
                null, cellTimeout, null);
    }

    private static void assertMessage(String expected, org.junit.jupiter.api.function.Executable executable) {
        assertEquals(expected, assertThrows(IllegalArgumentException.class, executable).getMessage());
    }
}

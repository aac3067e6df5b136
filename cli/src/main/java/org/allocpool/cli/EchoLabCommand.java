package org.allocpool.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.allocpool.lab.echo.EchoExperiment;
import org.allocpool.lab.echo.EchoLabSettings;
import org.allocpool.lab.echo.EchoMatrix;
import org.allocpool.lab.echo.EchoProfile;
import org.allocpool.lab.run.LabRunner;
import org.allocpool.lab.text.DurationText;
import org.allocpool.lab.run.QuickProfileTimes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code allocpool lab echo}: runs the echo matrix through the lab runner, each fork an
 * {@code echo serve} JVM and an {@code echo bench} JVM against it, two forks per cell, and prints the
 * echo tables and verdict; {@code --tables DIR} re-renders a finished run. Tables go to stdout,
 * progress to stderr. Runs on the main thread; picocli creates one instance per invocation.
 */
@Command(name = "echo", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Runs the echo experiment: per cell (collector x buffer strategy x copy-per-event off/on x event x clients)"
                + " and fork, one server JVM (`echo serve`, the cell's collector, -Xms1g -Xmx1g -XX:+AlwaysPreTouch) and"
                + " one bench JVM (`echo bench`, G1 -Xmx512m in every cell); keeps one record per fork in"
                + " <results>/records.jsonl and prints the tables (events/s, p99 latency, allocated bytes per event, GC"
                + " fraction, and the ratio copy-per-event / reuse) and a verdict in words, also written to"
                + " <results>/tables.md.",
            "",
            "Every events/s figure is a steady-state figure: each bench warms up, then measures in rounds of"
                + " --round-time until the last --duration of them pass a check for a trend or a step (up to"
                + " --max-rounds). A cell that never does is marked and never a winner. Figures are medians over the"
                + " forks, with the spread of the rounds and of the forks.",
            "",
            "A fork whose server never listens or dies, whose bench crashes or that times out is recorded as failed;"
                + " the lab goes on and never leaves a server running.",
            "",
            "Beside the records each fork keeps the bench's stderr and GC log (<cell>.log, <cell>.gc.log), the"
                + " server's (<cell>.server.log, <cell>.server.gc.log) and every round's round-trip latency histogram"
                + " (<cell>.hlog, an HdrHistogram log for HistogramLogAnalyzer); --keep-jfr adds flight recordings"
                + " (<cell>.jfr, <cell>.server.jfr).",
            ""})
final class EchoLabCommand implements Callable<Integer> {

    @Option(names = "--profile", paramLabel = "quick|full", defaultValue = "quick",
            description = "quick (default): G1, top-of-book with 16 clients and message with 3, every strategy, copy off"
                    + " and on: 16 cells x 2 forks, 5 s warm-up + 8 rounds of 500 ms (up to 16), " + QuickProfileTimes.ECHO
                    + " on 2 cores, then up to 2 more forks of the cells whose copy question is still too close to call,"
                    + " while the run stays within its 12-minute budget; full: G1 and ZGC, clients 1, 2, 4, 16 (and 3 for"
                    + " message), 10 s warm-up + 20 rounds of"
                    + " 1 s, 144 cells x 2 forks, roughly 3 hours.")
    String profile;

    @Option(names = "--copy-per-event", paramLabel = "off|on", split = ",",
            description = "Copy-per-event values to run: off (reuse), on (one more object per event). Default: off,on.")
    List<String> copyPerEvent;

    @Option(names = "--buffers", paramLabel = "STRATEGY", split = ",",
            description = "Server buffer strategies (repeatable or comma-separated): unpooled, netty-pooled,"
                    + " netty-adaptive, thread-local. Default: all four.")
    List<String> buffers;

    @Option(names = "--event", paramLabel = "EVENT", split = ",",
            description = "Events: top-of-book, message (repeatable or comma-separated). Default: both.")
    List<String> events;

    @Option(names = "--clients", paramLabel = "N", split = ",",
            description = "Client counts for every event, e.g. 1,2,4,16. Default: the profile's per event.")
    List<Integer> clients;

    @Option(names = "--gc", paramLabel = "GC", split = ",",
            description = "Server collectors (repeatable or comma-separated): Serial, Parallel, G1, ZGC, Shenandoah."
                    + " Default: the profile's (quick: G1; full: G1, ZGC).")
    List<String> gcs;

    @Option(names = "--duration", paramLabel = "TIME",
            description = "The measured time whose figures count, in rounds of --round-time, e.g. 5s, 20s. Default: the"
                    + " profile's.")
    String duration;

    @Option(names = "--warmup", paramLabel = "TIME", description = "How long each bench runs before measuring, e.g. 3s, 0. Default: the profile's.")
    String warmup;

    @Option(names = "--round-time", paramLabel = "TIME", description = "One timed round, e.g. 1s, 500ms. Default: the profile's (quick 500ms, full 1s).")
    String roundTime;

    @Option(names = "--max-rounds", paramLabel = "N",
            description = "Timed rounds at most, while the last --duration of them are not steady. Default: the"
                    + " profile's (twice the rounds of --duration).")
    Integer maxRounds;

    @Option(names = "--forks", paramLabel = "N",
            description = "JVM pairs (server and bench) per cell: each is one sample of the JIT's and the memory layout's"
                    + " decisions. Default: 2.")
    Integer forks;

    @Option(names = "--jvm-arg", paramLabel = "ARG",
            description = "A JVM argument appended for every server (repeatable); the bench JVMs stay alike.")
    List<String> jvmArgs;

    @Mixin
    LabFolders folders;

    @Option(names = "--cell-timeout", paramLabel = "DURATION",
            description = "Kill and record as failed a fork (server start, bench, stop) running longer, e.g. 2m."
                    + " Default: warm-up + max-rounds x round-time + 90s.")
    String cellTimeout;

    @Override
    public Integer call() {
        if (folders.tables != null) {
            return LabTables.print(folders.tables, System.out);
        }
        List<Boolean> copies = null;
        if (copyPerEvent != null) {
            copies = new ArrayList<>();
            for (String value : copyPerEvent) {
                copies.add(EchoMatrix.copyPerEvent(value));
            }
        }
        EchoLabSettings settings = new EchoLabSettings(EchoProfile.byName(profile), gcs, copies, buffers, events, clients,
                time("--duration", duration, false), time("--warmup", warmup, true), time("--round-time", roundTime, false),
                maxRounds, forks, jvmArgs, folders.javaHome, time("--cell-timeout", cellTimeout, false), null);
        return new LabRunner(System.out, System.err).run(new EchoExperiment(settings, AllocpoolMain.thisJvm()),
                folders.runOptions());
    }

    /** The time {@code text} of {@code option}, {@code null} when not given; zero allowed when {@code zeroAllowed}. */
    private static Duration time(String option, String text, boolean zeroAllowed) {
        if (text == null) {
            return null;
        }
        if (zeroAllowed && text.strip().matches("0+(ms|s|m|h)?")) {
            return Duration.ZERO;
        }
        try {
            return DurationText.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + " must be a " + (zeroAllowed ? "" : "positive ")
                    + "time such as 5s, 1m or 500ms, was '" + text + "'");
        }
    }
}

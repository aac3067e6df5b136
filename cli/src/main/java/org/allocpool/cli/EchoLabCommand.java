package org.allocpool.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.allocpool.lab.text.DurationText;
import org.allocpool.lab.echo.EchoLab;
import org.allocpool.lab.echo.EchoLabSettings;
import org.allocpool.lab.echo.EchoMatrix;
import org.allocpool.lab.echo.EchoProfile;
import org.allocpool.lab.launch.ChildJvm;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code allocpool lab echo}: per cell, forks an {@code echo serve} JVM and an {@code echo bench} JVM
 * against it, keeps the bench's record and prints the echo tables; {@code --tables DIR} re-renders a
 * finished run. Tables go to stdout, progress to stderr. Runs on the main thread; picocli creates
 * one instance per invocation.
 */
@Command(name = "echo", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Runs the echo experiment: per cell (collector x buffer strategy x copy-per-event off/on x event x clients)"
                + " one server JVM (`echo serve`, the cell's collector, -Xms1g -Xmx1g -XX:+AlwaysPreTouch) and one bench JVM"
                + " (`echo bench`, G1 -Xmx512m in every cell), keeps the bench's record in <results>/records.jsonl and"
                + " prints the tables (events/s, p99 latency, allocated bytes per event, GC fraction, and the ratio"
                + " copy-per-event / reuse), also written to <results>/tables.md.",
            "",
            "A cell whose server never listens, whose bench crashes or that times out is recorded as failed; the lab"
                + " goes on and never leaves a server running.",
            ""})
final class EchoLabCommand implements Callable<Integer> {

    @Option(names = "--profile", paramLabel = "quick|full", defaultValue = "quick",
            description = "quick (default): top-of-book with 16 clients, message with 3, 3 s warm-up + 5 s per cell,"
                    + " 32 cells, 6.5 minutes measured on a quiet 2-core machine; full: clients 1, 2, 4, 16 (and 3 for message),"
                    + " 5 s warm-up + 20 s, 144 cells, about 75 minutes.")
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
                    + " Default: G1, ZGC.")
    List<String> gcs;

    @Option(names = "--duration", paramLabel = "TIME", description = "How long each bench measures, e.g. 5s, 20s. Default: the profile's.")
    String duration;

    @Option(names = "--warmup", paramLabel = "TIME", description = "How long each bench runs before measuring, e.g. 3s, 0. Default: the profile's.")
    String warmup;

    @Option(names = "--jvm-arg", paramLabel = "ARG",
            description = "A JVM argument appended for every server (repeatable); the bench JVMs stay alike.")
    List<String> jvmArgs;

    @Mixin
    LabFolders folders;

    @Option(names = "--cell-timeout", paramLabel = "DURATION",
            description = "Kill and record as failed a cell (server start, bench, stop) running longer, e.g. 2m."
                    + " Default: warm-up + duration + 90s.")
    String cellTimeout;

    @Override
    public Integer call() {
        if (folders.tables != null) {
            return EchoLab.renderTables(folders.tables, System.out);
        }
        List<Boolean> copies = null;
        if (copyPerEvent != null) {
            copies = new ArrayList<>();
            for (String value : copyPerEvent) {
                copies.add(EchoMatrix.copyPerEvent(value));
            }
        }
        EchoLabSettings settings = new EchoLabSettings(EchoProfile.byName(profile), gcs, copies, buffers, events, clients,
                duration == null ? null : time("--duration", duration, false),
                warmup == null ? null : time("--warmup", warmup, true), jvmArgs, folders.javaHome,
                folders.results, folders.resume,
                cellTimeout == null ? null : time("--cell-timeout", cellTimeout, false));
        ChildJvm child = AllocpoolMain.thisProgram();
        return new EchoLab(child, System.out, System.err).run(settings);
    }

    private static Duration time(String option, String text, boolean zeroAllowed) {
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

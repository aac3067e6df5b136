package org.allocpool.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.allocpool.allocrate.AllocRateRun;
import org.allocpool.allocrate.AllocRateSettings;
import org.allocpool.allocrate.EventLoop;
import org.allocpool.allocrate.RoundPlan;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.metrics.result.ResultRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code allocpool alloc-rate}: one run of the allocation-rate experiment in this JVM, its human lines
 * on stdout (on stderr with {@code --json}) and its one record on stdout with {@code --json}. A run that
 * fails (an Epsilon heap too small for the rounds) gives a failed record or one line, and exit code 1.
 * Runs on the main thread; picocli creates one instance per invocation.
 */
@Command(name = "alloc-rate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Runs the allocation-rate loop of Chronicle's PerfTopOfBookAllocationMain in this JVM: --threads threads"
                + " each handle 44-byte TopOfBook events as fast as they can. 'alloc' makes a new event per event"
                + " and keeps it among the thread's last ten (as the benchmark keeps batches of ten in a list), so"
                + " that escape analysis cannot remove it; 'reuse' fills one event per thread again and again: the"
                + " same work without the allocation.",
            "It runs --warmup untimed rounds, then --rounds timed ones; while those show a trend or a step, more"
                + " run, up to --max-rounds, and the last --rounds count. It reports events/s in all and per thread,"
                + " heap bytes allocated per event and per second (the worker threads' own counters), collections"
                + " and pauses over those rounds (JFR), and the cores the JVM and the workers kept busy.",
            "Choose the collector, heap and escape analysis with JVM flags (-XX:+UseEpsilonGC, -Xmx4g,"
                + " -XX:-DoEscapeAnalysis); the record says which ran. Under Epsilon, which never frees, use"
                + " --round-events with a heap that holds every round.",
            ""},
        footer = {"", "Exit codes: 0 ok, 1 the run failed (a failed record with --json), 2 bad input."})
final class AllocRateCommand implements Callable<Integer> {

    /** Exit code of a run that started and failed. */
    static final int EXIT_FAILED = 1;

    @Spec
    CommandSpec spec;

    @Option(names = "--loop", paramLabel = "alloc|reuse", defaultValue = "alloc",
            description = "alloc (default): a new event per event; reuse: one event per thread.")
    String loop;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "1", description = "Worker threads. Default: 1.")
    int threads;

    @Option(names = "--round-time", paramLabel = "TIME",
            description = "Rounds of this long, e.g. 500ms. Default: 500ms, unless --round-events is given.")
    String roundTime;

    @Option(names = "--round-events", paramLabel = "N",
            description = "Rounds of N events over all threads (each thread its share) instead of a time: a fixed amount"
                    + " of work, for Epsilon.")
    Long roundEvents;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "3", description = "Untimed rounds first. Default: 3.")
    int warmup;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "6", description = "Timed rounds that count. Default: 6.")
    int rounds;

    @Option(names = "--max-rounds", paramLabel = "N",
            description = "Timed rounds at most, while the last --rounds are not steady. Default: twice --rounds.")
    Integer maxRounds;

    @Option(names = "--json", description = "Print the result record (one line of JSON) on stdout, everything else on stderr.")
    boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (roundTime != null && roundEvents != null) {
            throw new IllegalArgumentException("give either --round-time or --round-events, not both");
        }
        RoundPlan plan = new RoundPlan(roundEvents == null ? LabCommand.durationOption("--round-time",
                roundTime == null ? "500ms" : roundTime) : null, roundEvents == null ? 0 : roundEvents, warmup, rounds,
                maxRounds == null ? 2 * rounds : maxRounds);
        AllocRateSettings settings = new AllocRateSettings(EventLoop.byName(loop), threads, plan);
        PrintStream human = new PrintStream(new LineWriterStream(json ? err : out), true, StandardCharsets.UTF_8);
        ResultRecord record;
        try {
            record = AllocRateRun.run(settings, human);
        } catch (RuntimeException | OutOfMemoryError e) {
            String reason = JavaAnalyzerRun.reason(e);
            if (json) {
                out.println(RecordJson.toLine(ResultRecord.failed(AllocRateRun.EXPERIMENT, AllocRateRun.cell(settings),
                        Environment.current(), reason)));
                out.flush();
            } else {
                err.println("allocpool: alloc-rate failed: " + reason);
                err.flush();
            }
            return EXIT_FAILED;
        }
        if (json) {
            out.println(RecordJson.toLine(record));
            out.flush();
        }
        return 0;
    }
}

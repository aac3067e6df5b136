package org.allocpool.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.allocpool.analyzer.AnalyzerSettings;
import org.allocpool.analyzer.BatchRun;
import org.allocpool.analyzer.Strategy;
import org.allocpool.analyzer.WorkloadCase;
import org.allocpool.analyzer.cpp.CppAnalyzer;
import org.allocpool.analyzer.realtime.IntervalFinder;
import org.allocpool.analyzer.realtime.RealtimeRun;
import org.allocpool.analyzer.realtime.RealtimeSettings;
import org.allocpool.lab.analyzer.DurationText;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.metrics.result.ResultRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code allocpool analyzer}: one run of the packet-analyser experiment in this JVM. Bad input
 * ends in one line and exit code 2 (via {@link OneLineErrors}); a run that fails (a pool runs dry,
 * the heap is too small) ends in exit code 1 with a failed record ({@code --json}) or one line.
 */
@Command(name = "analyzer", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Runs the packet analyser of \"To allocate or to pool?\" (Zemtsov, 2019) in this JVM: packets are "
                + "generated into 1024-byte buffers, queued, parsed (allocating header objects as the article "
                + "does), one in 16 (TCP) stored; the strategy decides where packets come from and go back to.",
            "Batch mode runs --warmup untimed rounds, then --rounds timed rounds of --packets packets each "
                + "(defaults as the article: rounds of 10,000,000 packets, the first 5 warm-up; then 10 timed), "
                + "and reports ns per packet, allocated bytes per packet, GC pauses and live objects.",
            "Real-time mode feeds the same workload from a native clock source (a C thread outside the JVM) and "
                + "counts lost packets exactly, with the latency of every packet; --find-interval searches the "
                + "smallest loss-free interval, the article's real-time measure.",
            "Choose the collector and heap with JVM flags (the article: -Xms2g -Xmx2g). One strategy per JVM.",
            "--runtime cpp or cpp-flat runs the same workload in the C++ analyser instead (the article's C++ "
                + "baseline: parse results as objects, or inside the packet), with the same options and record.",
            ""},
        footer = {"", "Exit codes: 0 ok, 1 the run failed (a failed record with --json), 2 bad input."})
final class AnalyzerCommand implements Callable<Integer> {

    /** Exit code of a run that started and failed. */
    static final int EXIT_FAILED = 1;

    @Spec
    CommandSpec spec;

    @Option(names = "--runtime", defaultValue = "java", paramLabel = "java|cpp|cpp-flat",
            description = "java (this JVM), or the C++ analyser: cpp (parsing allocates with new, as Java does) or "
                    + "cpp-flat (parse results inside the packet); C++ has dummy, alloc, mix and pool "
                    + "(default: ${DEFAULT-VALUE})")
    String runtime;

    @Option(names = "--strategy", defaultValue = "pool", paramLabel = "NAME",
            description = "dummy, alloc, mix, pool, native-dummy, native-alloc, native-mix, native-pool or flat "
                    + "(default: ${DEFAULT-VALUE})")
    String strategy;

    @Option(names = "--case", defaultValue = "A", paramLabel = "A|B|C",
            description = "workload: A queue/stored 1,000; B 100,000; C 495,000 (default: ${DEFAULT-VALUE})")
    String workloadCase;

    @Option(names = "--queue", paramLabel = "N", description = "packets queued before parsing (default: the case's)")
    Integer queue;

    @Option(names = "--stored", paramLabel = "N", description = "stored TCP packets (default: the case's)")
    Integer stored;

    @Option(names = "--pool", paramLabel = "N", defaultValue = "" + AnalyzerSettings.DEFAULT_POOL,
            description = "pool size and slab slots of pool, native-* and flat (default: ${DEFAULT-VALUE})")
    int pool;

    @Option(names = "--mix-pool", paramLabel = "N", defaultValue = "" + AnalyzerSettings.DEFAULT_MIX_POOL,
            description = "pool size of mix and native-mix (default: ${DEFAULT-VALUE})")
    int mixPool;

    @Option(names = "--packets", paramLabel = "N", defaultValue = "" + AnalyzerSettings.DEFAULT_PACKETS,
            description = "packets per round (default: ${DEFAULT-VALUE})")
    long packets;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "" + AnalyzerSettings.DEFAULT_ROUNDS,
            description = "timed rounds, after the warm-up (default: ${DEFAULT-VALUE})")
    int rounds;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "" + AnalyzerSettings.DEFAULT_WARMUP,
            description = "untimed warm-up rounds, may be 0 (default: ${DEFAULT-VALUE})")
    int warmup;

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "batch",
            description = "batch (as fast as it goes) or realtime (a native source outside the JVM produces a "
                    + "packet every --interval-ns; stalls longer than --max-delay-ms lose packets) "
                    + "(default: ${DEFAULT-VALUE})")
    String mode;

    @Option(names = "--interval-ns", paramLabel = "NS", defaultValue = "1000",
            description = "realtime: nanoseconds between two packets of the source, at least 10 (default: ${DEFAULT-VALUE})")
    long intervalNs;

    @Option(names = "--duration", paramLabel = "TIME", defaultValue = "60s",
            description = "realtime: how long to measure after the warm-up, e.g. 60s, 5m, 500ms (default: ${DEFAULT-VALUE})")
    String duration;

    @Option(names = "--warmup-s", paramLabel = "S", defaultValue = "10",
            description = "realtime: seconds run before measuring; losses in them are forgiven, as in the article "
                    + "(default: ${DEFAULT-VALUE})")
    double warmupSeconds;

    @Option(names = "--max-delay-ms", paramLabel = "MS", defaultValue = "100",
            description = "realtime: the capture ring holds this much time of packets (the article's "
                    + "MAX_CAPTURING_DELAY_MS) (default: ${DEFAULT-VALUE})")
    int maxDelayMs;

    @Option(names = "--pin",
            description = "realtime: pin the source and the processor threads to distinct CPUs (where there are "
                    + "at least two); the record says whether pinning was in force")
    boolean pin;

    @Option(names = "--find-interval",
            description = "realtime: find the smallest interval, to 10 ns, at which nothing is lost after the "
                    + "warm-up during --duration (each probe in a fresh JVM); where even 1000 ns loses, "
                    + "report the loss there")
    boolean findInterval;

    @Option(names = "--json",
            description = "print exactly one JSON result record on stdout; round lines go to stderr")
    boolean json;

    @Override
    public Integer call() {
        String r = runtime.strip().toLowerCase(Locale.ROOT);
        if (CppAnalyzer.RUNTIMES.contains(r)) {
            return runCpp(r);
        }
        if (!r.equals("java")) {
            throw new IllegalArgumentException("unknown runtime '" + runtime + "'; allowed: java, cpp, cpp-flat");
        }
        AnalyzerSettings settings = settings();
        RealtimeSettings realtime = isRealtime() ? realtimeSettings(settings) : null;
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        PrintStream human = new PrintStream(new LineWriterStream(json ? err : out), true, StandardCharsets.UTF_8);
        ResultRecord record;
        try {
            if (realtime == null) {
                record = BatchRun.run(settings, human);
            } else if (findInterval) {
                record = IntervalFinder.run(realtime, human);
            } else {
                record = RealtimeRun.run(realtime, human);
            }
        } catch (RuntimeException | OutOfMemoryError e) {
            Map<String, Object> cell = realtime == null ? BatchRun.cell(settings) : RealtimeRun.cell(realtime, findInterval);
            return failed(cell, reason(e), out, err);
        }
        if (json) {
            out.println(RecordJson.toLine(record));
            out.flush();
        }
        return 0;
    }

    /**
     * Runs the C++ analyser with these options; it validates them itself (one line, exit 2). It
     * puts its lines where we would (human lines on stdout, or on stderr with --json beside the
     * record on stdout): its stdout becomes ours, its stderr ours; its exit code is ours.
     */
    private int runCpp(String cppRuntime) {
        List<String> args = cppArgs(cppRuntime);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            return CppAnalyzer.run(args, line -> {
                out.println(line);
                out.flush();
            }, line -> {
                err.println(line);
                err.flush();
            });
        } catch (RuntimeException e) {
            err.println("allocpool: analyzer failed: " + reason(e));
            err.flush();
            return EXIT_FAILED;
        }
    }

    /** The C++ analyser's command line for these options (its options are named as ours). */
    List<String> cppArgs(String cppRuntime) {
        List<String> args = new ArrayList<>(List.of("--runtime", cppRuntime, "--strategy", strategy,
                "--case", workloadCase));
        if (queue != null) {
            args.addAll(List.of("--queue", Integer.toString(queue)));
        }
        if (stored != null) {
            args.addAll(List.of("--stored", Integer.toString(stored)));
        }
        args.addAll(List.of("--pool", Integer.toString(pool), "--mix-pool", Integer.toString(mixPool),
                "--packets", Long.toString(packets), "--rounds", Integer.toString(rounds),
                "--warmup", Integer.toString(warmup), "--mode", mode.strip().toLowerCase(Locale.ROOT)));
        if (isRealtime()) {
            if (!(warmupSeconds >= 0) || Double.isInfinite(warmupSeconds)) {
                throw new IllegalArgumentException("--warmup-s must be 0 or more, was " + warmupSeconds);
            }
            args.addAll(List.of("--interval-ns", Long.toString(intervalNs),
                    "--duration", durationOption(duration).toMillis() + "ms",
                    "--warmup-s", Double.toString(warmupSeconds),
                    "--max-delay-ms", Integer.toString(maxDelayMs)));
            if (pin) {
                args.add("--pin");
            }
        }
        if (findInterval) {
            args.add("--find-interval");
        }
        if (json) {
            args.add("--json");
        }
        return args;
    }

    /** Parses and validates the options; {@link IllegalArgumentException} names the bad value. */
    AnalyzerSettings settings() {
        Strategy s = Strategy.parse(strategy);
        WorkloadCase c = WorkloadCase.parse(workloadCase);
        String m = mode.strip().toLowerCase(Locale.ROOT);
        if (!m.equals("batch") && !m.equals("realtime")) {
            throw new IllegalArgumentException("unknown mode '" + mode + "'; allowed: batch, realtime");
        }
        if (findInterval && !m.equals("realtime")) {
            throw new IllegalArgumentException("--find-interval needs --mode realtime");
        }
        return new AnalyzerSettings(s, c, queue != null ? queue : c.queue(), stored != null ? stored : c.stored(),
                pool, mixPool, packets, rounds, warmup);
    }

    private boolean isRealtime() {
        return mode.strip().equalsIgnoreCase("realtime");
    }

    /** The real-time settings; {@link IllegalArgumentException} names the bad value. */
    RealtimeSettings realtimeSettings(AnalyzerSettings workload) {
        if (!(warmupSeconds >= 0) || Double.isInfinite(warmupSeconds)) {
            throw new IllegalArgumentException("--warmup-s must be 0 or more, was " + warmupSeconds);
        }
        Duration measured = durationOption(duration);
        return new RealtimeSettings(workload, intervalNs, measured, Duration.ofMillis(Math.round(warmupSeconds * 1000)),
                maxDelayMs, pin);
    }

    private static Duration durationOption(String text) {
        try {
            return DurationText.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--duration must be a positive time such as 60s, 5m or 500ms, was '"
                    + text + "'");
        }
    }

    private int failed(Map<String, Object> cell, String reason, PrintWriter out, PrintWriter err) {
        if (json) {
            out.println(RecordJson.toLine(ResultRecord.failed(BatchRun.EXPERIMENT, cell,
                    Environment.current(), reason)));
            out.flush();
        } else {
            err.println("allocpool: analyzer failed: " + reason);
            err.flush();
        }
        return EXIT_FAILED;
    }

    private static String reason(Throwable e) {
        String message = e.getMessage();
        if (e instanceof IllegalStateException && message != null) {
            return message;
        }
        return message == null ? e.getClass().getName() : e.getClass().getSimpleName() + ": " + message;
    }
}

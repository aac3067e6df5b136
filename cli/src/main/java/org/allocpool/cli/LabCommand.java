package org.allocpool.cli;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.allocpool.lab.analyzer.AnalyzerExperiment;
import org.allocpool.lab.analyzer.AnalyzerLabSettings;
import org.allocpool.lab.analyzer.AnalyzerMode;
import org.allocpool.lab.analyzer.JvmVariant;
import org.allocpool.lab.analyzer.Profile;
import org.allocpool.lab.analyzer.RealtimeOptions;
import org.allocpool.lab.analyzer.WorkloadOverrides;
import org.allocpool.lab.run.LabRunner;
import org.allocpool.lab.run.RunOptions;
import org.allocpool.lab.text.DurationText;
import org.allocpool.lab.run.QuickProfileTimes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code allocpool lab [analyzer]}: runs the analyzer's matrix through the lab runner, two JVMs
 * (forks) per cell, and prints its tables and verdict; {@code --tables DIR} re-renders a finished
 * run. Tables go to stdout, progress to stderr. Runs on the main thread; picocli creates one
 * instance per invocation.
 */
@Command(name = "lab", mixinStandardHelpOptions = true, sortOptions = false,
        subcommands = {EchoLabCommand.class, KvLabCommand.class, AnalyzerMtLabCommand.class, AllocRateLabCommand.class,
                FirstAllocLabCommand.class, MessagingLabCommand.class, JmhLabCommand.class, LabMergeCommand.class, LabReportCommand.class,
                LabCompareCommand.class},
        // one element per paragraph, an empty one between: picocli wraps each to the terminal
        description = {
            // worded so that picocli's wrapping at 80 columns breaks no file name (it may break after a dot)
            "Runs an experiment: each cell (collector x strategy x case) in forked JVMs, by default two per cell; keeps"
                + " one record per fork in <results>/records.jsonl, prints the tables and a verdict in words, also"
                + " written to <results>/tables.md, and with charts to <results>/report.html (see 'lab report --help').",
            "",
            "Every figure is a steady-state figure: each fork fills the workload to the state a long run reaches"
                + " (every store slot, the queue, a full GC), warms up, then times rounds until they pass a check for"
                + " a trend or a step (up to --max-rounds). A cell that never does is marked in every table and is"
                + " never a winner. Figures are medians over the forks, with the spread of the rounds and of the forks.",
            "",
            "Forks run in passes: pass N runs fork N of every cell, in a fresh random order (--seed; the records keep it),"
                + " with a short host gauge (a memory-bound and a CPU-bound loop in C) before and after every fork; a"
                + " fork during which the gauge moved beyond its limits runs once more. Every comparison in the verdict"
                + " is a ratio taken pass by pass, with a 95%% interval (a bootstrap over passes and rounds, widened for"
                + " few passes); a winner is named only when the whole interval lies 5%% or more beyond parity, else"
                + " 'too close to call'. The quick batch profile runs two passes, then further passes for the cells"
                + " of questions still undecided while the run stays within 14 minutes.",
            "",
            "The options below are the packet analyser's (lab, lab analyzer). The other experiments have labs of "
                + "their own: 'lab kv --help' (the off-heap store beside HashMap and its peers, and the codecs), "
                + "'lab echo --help' (the event service: one copy per event, buffer strategies), 'lab analyzer-mt --help'"
                + " (one source feeding N processor threads: pools shared or per thread, alloc, flat), 'lab alloc-rate --help'"
                + " (short-lived events across threads and collectors, escape analysis on and off, Epsilon beside them),"
                + " 'lab first-alloc --help' (the first buffer of each allocator in a fresh JVM) and 'lab messaging --help'"
                + " (messages per second per codec over Aeron, ping-pong round trips, Java beside C); 'lab jmh --help' runs your own JMH benchmarks across collectors with the same verdict. 'lab merge --help'"
                + " joins runs made on several machines (see --shard); 'lab compare --help' sets two runs side by side and"
                + " fails on a regression.",
            "",
            "--mode realtime finds, per cell, the smallest source interval at which no packet is lost (every probe "
                + "of a Java cell in the fork's one JVM, with the cell's collector and heap, on the workload brought"
                + " once to its steady state), or the loss at --interval-ns.",
            "",
            "C++ cells (cpp and cpp-flat, the C++ analyser) run once per lab run, not per collector, and appear "
                + "under every collector's tables with a Java / C++ ratio table; --no-include-cpp leaves them out.",
            "",
            "A fork that crashes, runs out of memory or times out is recorded as failed; the lab goes on.",
            "",
            "Beside the records each fork keeps its stderr (<cell>.log), its GC log (<cell>.gc.log, for GCViewer)"
                + " and, in real time, each probe's latency histogram (<cell>.hlog, an HdrHistogram log for"
                + " HistogramLogAnalyzer; none for C++ cells: the C++ analyser keeps no histogram); --keep-jfr adds a"
                + " flight recording (<cell>.jfr). A fork running over 10 s shows its round or probe on the progress line.",
            "",
            // flags on lines of their own: picocli would break a wrapped -XX: flag at its colon
            "JVM flags as the article's:",
            "  heap strategies:          -Xms2g -Xmx2g",
            "  native and flat ones:     -Xms1g -Xmx1g -XX:MaxDirectMemorySize=2g",
            "  G1:                       -XX:MaxGCPauseMillis=80",
            ""})
final class LabCommand implements Callable<Integer> {

    /** The experiments the lab can run: analyzer here, the others as subcommands ({@code lab echo}, {@code lab kv}, ...). */
    static final List<String> EXPERIMENTS =
            List.of("analyzer", "echo", "kv", "analyzer-mt", "alloc-rate", "first-alloc", "messaging", "jmh");

    @Parameters(index = "0", arity = "0..1", paramLabel = "EXPERIMENT", defaultValue = "analyzer",
            description = "The experiment: analyzer (default); the others are subcommands: see 'lab kv --help'.")
    String experiment;

    @Option(names = "--mode", paramLabel = "batch|realtime", defaultValue = "batch",
            description = "batch (default): ns per packet; realtime: the smallest loss-free source interval per cell.")
    String mode;

    @Option(names = "--profile", paramLabel = "quick|full", defaultValue = "quick",
            description = "quick (default): G1 and ZGC x alloc, pool, flat x cases A, B, C and the C++ pool builds, rounds"
                    + " of a quarter second, two passes and up to six more for undecided questions, "
                    + QuickProfileTimes.ANALYZER + " on 2 cores (realtime: cases A, C, two forks, probes of 3 s warm-up + 2 s); full: every collector, strategy and case with the article's rounds (10,000,000"
                    + " packets), many hours (realtime: probes of 10 s warm-up + 20 s).")
    String profile;

    @Option(names = "--gc", paramLabel = "GC", split = ",",
            description = "Collectors to run (repeatable or comma-separated): Serial, Parallel, G1, ZGC, Shenandoah."
                    + " Default: the profile's.")
    List<String> gcs;

    @Option(names = "--strategy", paramLabel = "STRATEGY", split = ",",
            description = "Strategies to run (repeatable or comma-separated): dummy, alloc, mix, pool, native-dummy,"
                    + " native-alloc, native-mix, native-pool, flat, or all. Default: the profile's (quick: alloc, pool,"
                    + " flat).")
    List<String> strategies;

    @Option(names = "--case", paramLabel = "CASE", split = ",",
            description = "Cases to run: A, B, C (repeatable or comma-separated). Default: the profile's.")
    List<String> cases;

    @Option(names = "--include-cpp", negatable = true, arity = "0..1", fallbackValue = "true",
            paramLabel = "true|false",
            description = "Add C++ cells: cpp and cpp-flat x the C++ strategies (dummy, alloc, mix, pool) of those"
                    + " run (a native one's heap twin; flat's is pool, for cpp-flat pool) x the cases, once per run."
                    + " Default: on; without --strategy, quick runs pool, full all four. --no-include-cpp or"
                    + " --include-cpp=false: Java cells only.")
    Boolean includeCpp;

    @Option(names = "--forks", paramLabel = "N",
            description = "JVMs per cell, one per pass: each is one sample of the JIT's and the memory layout's decisions,"
                    + " and two cells' forks of a pass one sample of their ratio. Default: 2, then more for undecided"
                    + " questions (quick), or 3 (full); given, exactly that many"
                    + " passes (no further ones for undecided questions).")
    Integer forks;

    @Option(names = "--heap", paramLabel = "SIZE", split = ",",
            description = "Heap for every cell (-Xms and -Xmx), e.g. 10g; several (2g,10g) make a column each, side by"
                    + " side, with a verdict on whether the bigger heap changes the answer. Default: the article's per"
                    + " strategy.")
    List<String> heaps;

    @Option(names = "--variant", paramLabel = "NAME=FLAGS|NAME=JDK",
            // the example first, so that picocli's wrapping never breaks the flag at its colon
            description = "compact=-XX:+UseCompactObjectHeaders (JVM flags, space-separated) or jdk26=/opt/jdk-26 (another"
                    + " JDK's home folder): a named JVM configuration run beside the default one, interleaved with it,"
                    + " with tables of its own and a verdict on whether it changes the answer (repeatable). A JDK that"
                    + " cannot run a strategy (no FFM before 22; allocpool is compiled for 25) has its cells skipped,"
                    + " with the reason.")
    List<String> variants;

    @Option(names = "--packet-size", paramLabel = "BYTES", split = ",",
            description = "Passed to every cell: bytes per packet, 64 to 65536; several (256,4096) make a set of cells"
                    + " each, side by side. Default: 1024, the article's.")
    List<Integer> packetSizes;

    @Option(names = "--keep-one-in", paramLabel = "N", split = ",",
            description = "Passed to every cell: one packet in N is kept (TCP, stored), a power of two, 1 to 128;"
                    + " several make a set of cells each. Default: 16, the article's.")
    List<Integer> keepOneIns;

    @Option(names = "--jvm-arg", paramLabel = "ARG",
            description = "A JVM argument appended for every cell (repeatable), e.g. --jvm-arg=-XX:+UseCompactObjectHeaders (every"
                    + " Java cell already runs with -XX:+AlwaysPreTouch).")
    List<String> jvmArgs;

    @Mixin
    LabFolders folders;

    @Option(names = "--cell-timeout", paramLabel = "DURATION",
            description = "Kill and record as failed a fork running longer, e.g. 90s, 10m. Default: 3m quick, 45m full;"
                    + " realtime 10m quick, 25m full.")
    String cellTimeout;

    @Option(names = "--queue", paramLabel = "N", description = "Passed to every cell: packets kept before parsing.")
    Integer queue;

    @Option(names = "--stored", paramLabel = "N", description = "Passed to every cell: slots of the store of TCP packets.")
    Integer stored;

    @Option(names = "--pool", paramLabel = "N", description = "Passed to every cell: preallocated packets of pool strategies.")
    Integer pool;

    @Option(names = "--mix-pool", paramLabel = "N", description = "Passed to every cell: preallocated packets of mix strategies.")
    Integer mixPool;

    @Option(names = "--packets", paramLabel = "N", description = "Passed to every cell: rounds of N packets (instead of"
            + " the quick profile's rounds of half a second).")
    Long packets;

    @Option(names = "--round-time", paramLabel = "TIME", description = "Passed to every cell: rounds of this long, e.g. 2s.")
    String roundTime;

    @Option(names = "--rounds", paramLabel = "N", description = "Passed to every cell: timed rounds that count.")
    Integer rounds;

    @Option(names = "--warmup", paramLabel = "N", description = "Passed to every cell: warm-up rounds.")
    Integer warmup;

    @Option(names = "--max-rounds", paramLabel = "N",
            description = "Passed to every cell: timed rounds at most, while the last --rounds are not steady.")
    Integer maxRounds;

    @Option(names = "--prefill", negatable = true, arity = "0..1", fallbackValue = "true", paramLabel = "true|false",
            description = "Passed to every cell: --no-prefill times the climb to the steady state instead of filling the"
                    + " store and queue first (to see what the prefill saves).")
    Boolean prefill;

    @Option(names = "--duration", paramLabel = "TIME",
            description = "realtime: passed to every cell: how long each probe measures after its warm-up, e.g. 20s.")
    String duration;

    @Option(names = "--warmup-s", paramLabel = "S",
            description = "realtime: passed to every cell: seconds each probe's source runs before measuring.")
    Double warmupSeconds;

    @Option(names = "--max-delay-ms", paramLabel = "MS",
            description = "realtime: passed to every cell: time of packets the capture ring holds (default 100).")
    Integer maxDelayMs;

    @Option(names = "--pin", description = "realtime: passed to every cell: pin the source and processor threads.")
    Boolean pin;

    @Option(names = "--interval-ns", paramLabel = "NS",
            description = "realtime: measure the loss at this one interval instead of searching the smallest loss-free one.")
    Long intervalNs;

    @Override
    public Integer call() {
        String wanted = experiment.strip().toLowerCase(Locale.ROOT);
        if (!wanted.equals("analyzer")) {
            throw new IllegalArgumentException("unknown experiment '" + experiment + "'; allowed: "
                    + String.join(", ", EXPERIMENTS));
        }
        AnalyzerMode analyzerMode = AnalyzerMode.byName(mode);
        if (folders.tables != null) {
            return LabTables.print(folders.tables, System.out);
        }
        RealtimeOptions realtime = new RealtimeOptions(duration == null ? null : durationOption("--duration", duration),
                warmupSeconds, maxDelayMs, Boolean.TRUE.equals(pin) ? Boolean.TRUE : null, intervalNs);
        AnalyzerLabSettings settings = new AnalyzerLabSettings(Profile.byName(profile), gcs, strategies, cases,
                heaps == null ? null : String.join(",", heaps),
                jvmArgs, folders.javaHome, cellTimeout == null ? null : durationOption("--cell-timeout", cellTimeout),
                new WorkloadOverrides(queue, stored, pool, mixPool, packets,
                        roundTime == null ? null : durationOption("--round-time", roundTime), rounds, warmup, maxRounds,
                        prefill),
                analyzerMode, realtime, includeCpp, forks, null, packetSizes, keepOneIns,
                variants == null ? null : variants.stream().map(JvmVariant::parse).toList());
        RunOptions run = folders.runOptions();
        return new LabRunner(System.out, System.err).run(new AnalyzerExperiment(settings, AllocpoolMain.thisJvm()), run);
    }

    static Duration durationOption(String option, String text) {
        try {
            return DurationText.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + " must be a positive time such as 20s, 1m or 500ms, was '"
                    + text + "'");
        }
    }
}

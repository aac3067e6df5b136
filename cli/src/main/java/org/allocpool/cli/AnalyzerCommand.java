package org.allocpool.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.allocpool.analyzer.AnalyzerSettings;
import org.allocpool.analyzer.RoundPlan;
import org.allocpool.analyzer.Strategy;
import org.allocpool.analyzer.WorkloadCase;
import org.allocpool.analyzer.WorkloadShape;
import org.allocpool.analyzer.cpp.CppAnalyzer;
import org.allocpool.analyzer.realtime.RealtimeSettings;
import org.allocpool.lab.text.DurationText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code allocpool analyzer}: one run of the packet-analyser experiment, in this JVM
 * ({@link JavaAnalyzerRun}) or in the C++ analyser ({@link CppAnalyzerRun}). This class only turns
 * options into validated settings. Bad input ends in one line and exit code 2 (via
 * {@link OneLineErrors}); a run that fails (a pool runs dry, the heap is too small) ends in exit
 * code 1 with a failed record ({@code --json}) or one line.
 */
@Command(name = "analyzer", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Runs the packet analyser of \"To allocate or to pool?\" (Zemtsov, 2019) in this JVM: packets are "
                + "generated into 1024-byte buffers (--packet-size), queued, parsed (allocating header objects as the "
                + "article does), one in 16 (TCP, --keep-one-in) stored; the strategy decides where packets come from "
                + "and go back to.",
            "Batch mode first brings the workload to the state a long run reaches (every store slot filled, the "
                + "queue full, a full GC; --no-prefill to time the climb instead), runs --warmup untimed rounds, "
                + "then --rounds timed rounds (defaults as the article: rounds of 10,000,000 packets, 5 warm-up, "
                + "10 timed). While the timed rounds show a trend or a step they are not steady: more rounds "
                + "run, up to --max-rounds, and the last --rounds count. It reports ns per packet, whether the "
                + "rounds were steady, allocated bytes per packet, GC pauses and live objects.",
            "Real-time mode brings the workload to its steady state the same way at full speed, before its source "
                + "starts (rounds of 1 s: 2 warm-up, then until 5 in a row are steady, at most 20), then feeds it from "
                + "a native clock source (a C thread outside the JVM) and counts lost packets exactly, with the latency "
                + "of every packet; --find-interval searches the smallest loss-free interval, the article's real-time "
                + "measure, probing one interval after another on that same steady workload.",
            "Choose the collector and heap with JVM flags (the article: -Xms2g -Xmx2g). One strategy per JVM.",
            "--runtime cpp or cpp-flat runs the same workload in the C++ analyser instead (the article's C++ "
                + "baseline: parse results as objects, or inside the packet), with the same options and record.",
            ""},
        footer = {"", "Exit codes: 0 ok, 1 the run failed (a failed record with --json), 2 bad input."})
final class AnalyzerCommand implements Callable<Integer> {

    /** Exit code of a run that started and failed. */
    static final int EXIT_FAILED = 1;

    /** Real time, before its source starts: rounds of this long at full speed... */
    static final Duration REALTIME_WARMUP_ROUND = Duration.ofSeconds(1);
    /** ...this many of them warm-up... */
    static final int REALTIME_WARMUP_ROUNDS = 2;
    /** ...then until this many in a row are steady... */
    static final int REALTIME_STEADY_ROUNDS = 5;
    /** ...or this many have run: G1's adaptation to a case B or C pool takes 15 to 20 s. */
    static final int REALTIME_MAX_ROUNDS = 20;

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

    @Option(names = "--packet-size", paramLabel = "BYTES",
            description = "bytes per packet buffer (or slab slot), " + WorkloadShape.MIN_PACKET_SIZE + " to "
                    + WorkloadShape.MAX_PACKET_SIZE + ": what a packet costs in memory; the generator writes the same"
                    + " 24 bytes whatever the size (default: " + WorkloadShape.ARTICLE_PACKET_SIZE + ", the article's)")
    Long packetSize;

    @Option(names = "--keep-one-in", paramLabel = "N",
            description = "one packet in N is TCP and kept in the store, the others are freed once parsed: a power of"
                    + " two, 1 to " + WorkloadShape.MAX_KEEP_ONE_IN + " (default: " + WorkloadShape.ARTICLE_KEEP_ONE_IN
                    + ", the article's)")
    Long keepOneIn;

    @Option(names = "--packets", paramLabel = "N",
            description = "packets per round (default: " + RoundPlan.ARTICLE_PACKETS + ", the article's)")
    Long packets;

    @Option(names = "--round-time", paramLabel = "TIME",
            description = "rounds of this long instead of --packets, e.g. 1s or 500ms: whole chunks of "
                    + RoundPlan.CHUNK + " packets until the time is up (real time: 1s)")
    String roundTime;

    @Option(names = "--rounds", paramLabel = "N",
            description = "timed rounds that count, after the warm-up (default: " + RoundPlan.ARTICLE_ROUNDS
                    + "; real time: " + REALTIME_STEADY_ROUNDS + " steady ones before the source starts)")
    Integer rounds;

    @Option(names = "--warmup", paramLabel = "N",
            description = "untimed warm-up rounds, may be 0 (default: " + RoundPlan.ARTICLE_WARMUP + "; real time: "
                    + REALTIME_WARMUP_ROUNDS + ", before the source starts)")
    Integer warmup;

    @Option(names = "--max-rounds", paramLabel = "N",
            description = "timed rounds at most: while the last --rounds are not steady, one more runs "
                    + "(default: twice --rounds; real time: " + REALTIME_MAX_ROUNDS + ")")
    Integer maxRounds;

    @Option(names = "--warmup-collections", paramLabel = "N", defaultValue = "" + RoundPlan.DEFAULT_WARMUP_COLLECTIONS,
            description = "after the --warmup rounds, more warm-up rounds while the JVM has done fewer collections than"
                    + " this since the prefill (at most --max-rounds more): a collector adapts over collections, G1 to a"
                    + " case B pool over about 20; 0 for none (default: ${DEFAULT-VALUE})")
    int warmupCollections;

    @Option(names = "--prefill", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "fill every store slot and the queue and take in the live set with a full GC before "
                    + "the rounds, as a long run would have them (default: on; --no-prefill times the climb)")
    boolean prefill;

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
            description = "realtime: seconds the source runs before measuring; losses in them are forgiven, as in "
                    + "the article (default: ${DEFAULT-VALUE})")
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
            description = "realtime: find the smallest interval, to 10 ns (under 200 ns, to a twentieth of it), at which "
                    + "nothing is lost after the "
                    + "warm-up during --duration (java: every probe in this JVM, on the workload brought once to its steady "
                    + "state; cpp: a fresh process per probe); where even 1000 ns loses, "
                    + "report the loss there")
    boolean findInterval;

    @Option(names = "--hlog", paramLabel = "FILE",
            description = "realtime, java runtime: also write the latency histogram of each probe (of the run at "
                    + "--interval-ns, or of each probe of --find-interval) to FILE as an HdrHistogram log, tagged "
                    + "with the probe and its interval, for HistogramLogAnalyzer; the C++ analyser keeps no histogram")
    java.nio.file.Path hlog;

    @Option(names = "--json",
            description = "print exactly one JSON result record on stdout; round lines and progress markers "
                    + "(progress: ...) go to stderr")
    boolean json;

    @Override
    public Integer call() {
        String r = runtime.strip().toLowerCase(Locale.ROOT);
        if (!r.equals("java") && !CppAnalyzer.RUNTIMES.contains(r)) {
            throw new IllegalArgumentException("unknown runtime '" + runtime + "'; allowed: java, cpp, cpp-flat");
        }
        AnalyzerSettings settings = settings();
        RealtimeSettings realtime = isRealtime() ? realtimeSettings(settings) : null;
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (hlog != null && realtime == null) {
            throw new IllegalArgumentException("--hlog needs --mode realtime (batch mode measures no latency)");
        }
        if (hlog != null && !r.equals("java")) {
            throw new IllegalArgumentException("--hlog is for the java runtime; the C++ analyser keeps no histogram");
        }
        if (!r.equals("java")) {
            return CppAnalyzerRun.run(CppAnalyzer.arguments(r, settings, realtime, findInterval, json), out, err);
        }
        return new JavaAnalyzerRun(out, err, json).run(settings, realtime, findInterval, hlog);
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
        WorkloadShape shape = new WorkloadShape(
                packetSize == null ? WorkloadShape.ARTICLE_PACKET_SIZE : WorkloadShape.checkPacketSize(packetSize),
                keepOneIn == null ? WorkloadShape.ARTICLE_KEEP_ONE_IN : WorkloadShape.checkKeepOneIn(keepOneIn));
        return new AnalyzerSettings(s, c, queue != null ? queue : c.queue(), stored != null ? stored : c.stored(),
                pool, mixPool, plan(), shape);
    }

    /**
     * The rounds: as given, else the article's in batch; in real time, by default rounds of a second
     * at full speed before the source starts, until steady.
     */
    private RoundPlan plan() {
        boolean realtime = isRealtime();
        Duration time = roundTime != null ? durationOption("--round-time", roundTime)
                : realtime && packets == null ? REALTIME_WARMUP_ROUND : null;
        long perRound = packets != null ? packets : RoundPlan.ARTICLE_PACKETS;
        int timed = rounds != null ? rounds : realtime ? REALTIME_STEADY_ROUNDS : RoundPlan.ARTICLE_ROUNDS;
        int untimed = warmup != null ? warmup : realtime ? REALTIME_WARMUP_ROUNDS : RoundPlan.ARTICLE_WARMUP;
        int most = maxRounds != null ? maxRounds : realtime && rounds == null ? REALTIME_MAX_ROUNDS : 2 * Math.max(1, timed);
        return new RoundPlan(perRound, time, untimed, timed, most, prefill, warmupCollections);
    }

    private boolean isRealtime() {
        return mode.strip().equalsIgnoreCase("realtime");
    }

    /** The real-time settings; {@link IllegalArgumentException} names the bad value. */
    RealtimeSettings realtimeSettings(AnalyzerSettings workload) {
        if (!(warmupSeconds >= 0) || Double.isInfinite(warmupSeconds)) {
            throw new IllegalArgumentException("--warmup-s must be 0 or more, was " + warmupSeconds);
        }
        return new RealtimeSettings(workload, intervalNs, durationOption("--duration", duration),
                Duration.ofMillis(Math.round(warmupSeconds * 1000)), maxDelayMs, pin);
    }

    private static Duration durationOption(String option, String text) {
        try {
            return DurationText.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + " must be a positive time such as 60s, 5m or 500ms, was '"
                    + text + "'");
        }
    }
}

package org.allocpool.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.allocpool.analyzer.AnalyzerSettings;
import org.allocpool.analyzer.WorkloadCase;
import org.allocpool.analyzer.parallel.ParallelRun;
import org.allocpool.analyzer.parallel.ParallelSettings;
import org.allocpool.analyzer.parallel.ParallelStrategy;
import org.allocpool.metrics.env.Environment;
import org.allocpool.metrics.result.RecordJson;
import org.allocpool.metrics.result.ResultRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code allocpool analyzer-mt}: the multi-threaded analyser in this JVM, one run, its record on
 * stdout with {@code --json}. Runs on the main thread (the source) and N processor threads; picocli
 * creates one instance per invocation.
 */
@Command(name = "analyzer-mt", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "The packet analyser of \"To allocate or to pool?\" on several threads, as the article promised: one source"
                + " thread makes every packet (the same generator as 'allocpool analyzer') and hands packet i to processor"
                + " i mod N through a ring of that processor's own; each processor does the single-threaded analyser's work"
                + " on its packets (queue, parse allocating the header objects, store TCP ones, free the rest). The case's"
                + " queue and store are split among the processors, so every N holds the same live set.",
            "",
            "Strategies: alloc (a new packet each, the collector frees), pool-shared (one lock-free pool: the source takes,"
                + " the processors give back), pool-per-thread (each processor's packets come back to the source through"
                + " a ring of its own), flat (one off-heap slab, slots by index, given back as pool-per-thread's).",
            "",
            "Batch: prefill, --warmup rounds, then rounds of --round-time until the last --rounds are steady: packets/s"
                + " in all and per processor, GC, bytes allocated per packet by the source and the processors. Real time"
                + " (--mode realtime): after the batch warm-up, the source ticks every --interval-ns; each processor's"
                + " ring holds its share of --max-delay-ms of ticks and a tick that finds it full is lost.",
            "",
            "The source is a thread too: on a 2-core machine N = 1 already uses both cores, and N = 2 or more"
                + " oversubscribes them.",
            ""},
        footer = {"", "Exit codes: 0 ok, 1 the run failed (a failed record with --json), 2 bad input."})
final class AnalyzerMtCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--strategy", defaultValue = "pool-per-thread", paramLabel = "NAME",
            description = "alloc, pool-shared, pool-per-thread or flat (default: ${DEFAULT-VALUE})")
    String strategy;

    @Option(names = "--threads", defaultValue = "1", paramLabel = "N",
            description = "processor threads, besides the source (default: ${DEFAULT-VALUE})")
    int threads;

    @Option(names = "--case", defaultValue = "A", paramLabel = "A|B|C",
            description = "the article's case: queue and store sizes (default: ${DEFAULT-VALUE})")
    String workloadCase;

    @Option(names = "--queue", paramLabel = "N", description = "packets queued before parsing, in all (default: the case's)")
    Integer queue;

    @Option(names = "--stored", paramLabel = "N", description = "store slots, in all (default: the case's)")
    Integer stored;

    @Option(names = "--pool", paramLabel = "N", defaultValue = "" + AnalyzerSettings.DEFAULT_POOL,
            description = "packets (flat: slots) made up front, in all; per thread each gets 1/N (default: ${DEFAULT-VALUE})")
    int pool;

    @Option(names = "--ring", paramLabel = "N", defaultValue = "" + ParallelSettings.DEFAULT_RING,
            description = "entries of each processor's ring in batch (default: ${DEFAULT-VALUE})")
    int ring;

    @Option(names = "--round-time", paramLabel = "TIME", defaultValue = "1s",
            description = "one round, e.g. 500ms (default: ${DEFAULT-VALUE})")
    String roundTime;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "3", description = "untimed rounds (default: ${DEFAULT-VALUE})")
    int warmup;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "5",
            description = "timed rounds that count (default: ${DEFAULT-VALUE})")
    int rounds;

    @Option(names = "--max-rounds", paramLabel = "N", description = "timed rounds at most while not steady (default: twice --rounds)")
    Integer maxRounds;

    @Option(names = "--prefill", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "fill every store slot and queue first (default: on)")
    boolean prefill;

    @Option(names = "--mode", defaultValue = "batch", paramLabel = "batch|realtime", description = "(default: ${DEFAULT-VALUE})")
    String mode;

    @Option(names = "--interval-ns", paramLabel = "NS", defaultValue = "1000",
            description = "realtime: ns between two ticks of the source (default: ${DEFAULT-VALUE})")
    long intervalNs;

    @Option(names = "--duration", paramLabel = "TIME", defaultValue = "10s",
            description = "realtime: measured time after the warm-up (default: ${DEFAULT-VALUE})")
    String duration;

    @Option(names = "--warmup-s", paramLabel = "S", defaultValue = "2",
            description = "realtime: paced seconds whose losses are forgiven (default: ${DEFAULT-VALUE})")
    double warmupSeconds;

    @Option(names = "--max-delay-ms", paramLabel = "MS", defaultValue = "100",
            description = "realtime: time of ticks the rings hold in all (default: ${DEFAULT-VALUE})")
    int maxDelayMs;

    @Option(names = "--json", description = "print the result record on stdout; progress goes to stderr")
    boolean json;

    @Override
    public Integer call() {
        ParallelSettings settings = settings();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        PrintStream human = new PrintStream(new LineWriterStream(json ? err : out), true, StandardCharsets.UTF_8);
        ResultRecord record;
        try {
            record = ParallelRun.run(settings, human);
        } catch (RuntimeException | OutOfMemoryError e) {
            String reason = JavaAnalyzerRun.reason(e);
            if (json) {
                out.println(RecordJson.toLine(ResultRecord.failed(ParallelRun.EXPERIMENT, ParallelRun.cell(settings),
                        Environment.current(), reason)));
                out.flush();
            } else {
                err.println("allocpool: analyzer-mt failed: " + reason);
                err.flush();
            }
            return AnalyzerCommand.EXIT_FAILED;
        }
        if (json) {
            out.println(RecordJson.toLine(record));
            out.flush();
        }
        return 0;
    }

    ParallelSettings settings() {
        WorkloadCase c = WorkloadCase.parse(workloadCase);
        String m = mode.strip().toLowerCase(Locale.ROOT);
        if (!m.equals("batch") && !m.equals("realtime")) {
            throw new IllegalArgumentException("unknown mode '" + mode + "'; allowed: batch, realtime");
        }
        if (!(warmupSeconds >= 0)) {
            throw new IllegalArgumentException("--warmup-s must not be negative, was " + warmupSeconds);
        }
        ParallelSettings.Realtime rt = m.equals("realtime")
                ? new ParallelSettings.Realtime(intervalNs, LabCommand.durationOption("--duration", duration),
                        Duration.ofNanos(Math.round(warmupSeconds * 1e9)), maxDelayMs)
                : null;
        return new ParallelSettings(ParallelStrategy.parse(strategy), c, threads, queue == null ? c.queue() : queue,
                stored == null ? c.stored() : stored, pool, ring, LabCommand.durationOption("--round-time", roundTime),
                warmup, rounds, maxRounds == null ? 2 * rounds : maxRounds, prefill, rt);
    }
}

package org.allocpool.lab.analyzermt;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.analyzer.AnalyzerCell;
import org.allocpool.lab.analyzer.Collector;
import org.allocpool.lab.run.JvmFileFlags;
import org.allocpool.lab.run.LabCell;

/**
 * One cell of the {@code analyzer-mt} lab: a JVM under {@code collector} running
 * {@code allocpool analyzer-mt} with one strategy, case and number of processors, in batch or paced
 * at {@code intervalNs}. Immutable.
 *
 * @param collector  the collector
 * @param mode       batch or realtime
 * @param workloadCase A, B or C
 * @param strategy   alloc, pool-shared, pool-per-thread or flat
 * @param threads    processor threads
 * @param intervalNs real time: the source's interval; 0 in batch
 * @param profile    the profile's timings
 */
public record AnalyzerMtCell(Collector collector, String mode, String workloadCase, String strategy, int threads,
                             long intervalNs, AnalyzerMtProfile profile) implements LabCell<AnalyzerMtCellFields> {

    /** Time of ticks the rings hold in all, in real time: the article's MAX_CAPTURING_DELAY_MS. */
    static final int MAX_DELAY_MS = 100;

    @Override
    public AnalyzerMtCellFields fields() {
        return new AnalyzerMtCellFields(strategy, workloadCase, threads, mode, collector.label(), heap(),
                isRealtime() ? intervalNs : null);
    }

    @Override
    public String id() {
        return collector.label() + "-" + mode + "-" + workloadCase + "-" + strategy + "-x" + threads
                + (isRealtime() ? "-" + intervalNs + "ns" : "");
    }

    @Override
    public String label() {
        return fields().label();
    }

    boolean isRealtime() {
        return mode.equals("realtime");
    }

    /** The article's heaps: 2 GB for heap packets, 1 GB for flat. */
    String heap() {
        return strategy.equals("flat") ? "1g" : "2g";
    }

    /** The collector's flags (G1 with the article's pause goal), the fixed heap, pre-touched, and the GC log. */
    List<String> jvmFlags(Path gcLog) {
        List<String> flags = new ArrayList<>(collector.flags());
        flags.addAll(List.of("-Xms" + heap(), "-Xmx" + heap(), AnalyzerCell.PRE_TOUCH, JvmFileFlags.gcLog(gcLog)));
        return flags;
    }

    /** {@code analyzer-mt --strategy S --case C --threads N --pool P ... --json}. */
    List<String> programArgs() {
        int queue = workloadCase.equals("A") ? 1_000 : workloadCase.equals("B") ? 100_000 : 495_000;
        long ring = isRealtime() ? Math.max(1, MAX_DELAY_MS * 1_000_000L / intervalNs / threads) : 1024;
        long pool = profile.pool() > 0 ? profile.pool() : 2L * queue + threads * (ring + 1) + 40_000;
        List<String> args = new ArrayList<>(List.of("analyzer-mt", "--strategy", strategy, "--case", workloadCase,
                "--threads", Integer.toString(threads), "--pool", Long.toString(pool),
                "--round-time", profile.roundMs() + "ms", "--warmup", Integer.toString(profile.warmup()),
                "--rounds", Integer.toString(profile.rounds()), "--max-rounds", Integer.toString(profile.rounds() + 3)));
        if (isRealtime()) {
            args.addAll(List.of("--mode", "realtime", "--interval-ns", Long.toString(intervalNs), "--duration",
                    profile.duration().toMillis() + "ms", "--warmup-s", Double.toString(profile.warmupS()),
                    "--max-delay-ms", Integer.toString(MAX_DELAY_MS)));
        }
        args.add("--json");
        return List.copyOf(args);
    }
}

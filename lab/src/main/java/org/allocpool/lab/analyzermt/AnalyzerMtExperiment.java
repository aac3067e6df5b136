package org.allocpool.lab.analyzermt;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.analyzer.Collector;
import org.allocpool.lab.run.CellFiles;
import org.allocpool.lab.run.CellLaunch;
import org.allocpool.lab.run.Experiment;
import org.allocpool.lab.run.Report;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.process.JvmCommand;

/**
 * The multi-threaded analyser as the lab runs it: collector x case x strategy x processors, in batch
 * or paced, each fork a JVM of {@code allocpool analyzer-mt}; {@link AnalyzerMtReport} for its tables
 * and verdict. Knows the analyser only by its command line and record. Immutable.
 */
public final class AnalyzerMtExperiment implements Experiment<AnalyzerMtCell, AnalyzerMtCellFields, AnalyzerMtMetricsView> {

    /** The experiment's name in records. */
    public static final String NAME = "analyzer-mt";
    /** Every strategy, in table order. */
    public static final List<String> STRATEGIES = List.of("alloc", "pool-shared", "pool-per-thread", "flat");
    /** The interval the quick real-time cells are paced at: the article's reference interval. */
    public static final long DEFAULT_INTERVAL_NS = 1000;

    private final AnalyzerMtProfile profile;
    private final String mode;
    private final List<Collector> gcs;
    private final List<String> strategies;
    private final List<String> cases;
    private final List<Integer> threads;
    private final long intervalNs;
    private final int forks;
    private final List<String> jvmArgs;
    private final JvmCommand jvm;

    /**
     * @param profile    quick or full
     * @param mode       batch or realtime
     * @param gcs        collectors, or empty for the profile's
     * @param strategies strategies, or empty for all
     * @param cases      cases, or empty for the profile's
     * @param threads    processor counts, or empty for the profile's
     * @param intervalNs real time: the interval, or {@code null} for {@link #DEFAULT_INTERVAL_NS}
     * @param forks      JVMs per cell, or {@code null} for 1
     * @param jvmArgs    JVM arguments added to every cell
     * @param jvm        how to start this program again
     * @throws IllegalArgumentException naming a bad value
     */
    public AnalyzerMtExperiment(AnalyzerMtProfile profile, String mode, List<String> gcs, List<String> strategies,
                                List<String> cases, List<Integer> threads, Long intervalNs, Integer forks,
                                List<String> jvmArgs, JvmCommand jvm) {
        this.profile = profile;
        if (!mode.equals("batch") && !mode.equals("realtime")) {
            throw new IllegalArgumentException("unknown mode '" + mode + "'; allowed: batch, realtime");
        }
        this.mode = mode;
        this.gcs = (gcs == null || gcs.isEmpty() ? profile.gcs() : gcs).stream().map(Collector::byName).toList();
        this.strategies = strategies == null || strategies.isEmpty() ? STRATEGIES : strategies.stream().map(s -> {
            if (!STRATEGIES.contains(s.strip())) {
                throw new IllegalArgumentException("unknown strategy '" + s + "'; allowed: " + String.join(", ", STRATEGIES));
            }
            return s.strip();
        }).toList();
        this.cases = (cases == null || cases.isEmpty() ? profile.cases() : cases).stream().map(c -> {
            String upper = c.strip().toUpperCase(java.util.Locale.ROOT);
            if (!List.of("A", "B", "C").contains(upper)) {
                throw new IllegalArgumentException("unknown case '" + c + "'; allowed: A, B, C");
            }
            return upper;
        }).toList();
        this.threads = threads == null || threads.isEmpty() ? profile.threads() : threads;
        for (int n : this.threads) {
            if (n < 1 || n > 64) {
                throw new IllegalArgumentException("--threads must be 1 to 64, was " + n);
            }
        }
        this.intervalNs = intervalNs == null ? DEFAULT_INTERVAL_NS : intervalNs;
        if (this.intervalNs < 10) {
            throw new IllegalArgumentException("--interval-ns must be at least 10, was " + intervalNs);
        }
        this.forks = forks == null ? 1 : forks;
        if (this.forks < 1) {
            throw new IllegalArgumentException("--forks must be at least 1, was " + forks);
        }
        this.jvmArgs = jvmArgs == null ? List.of() : List.copyOf(jvmArgs);
        this.jvm = jvm;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public RunInfo describe() {
        return new RunInfo(NAME, profile.label(), List.of("--mode", mode), jvmArgs, mode);
    }

    @Override
    public List<AnalyzerMtCell> cells() {
        List<AnalyzerMtCell> cells = new ArrayList<>();
        for (Collector gc : gcs) {
            for (String c : cases) {
                for (String s : strategies) {
                    for (int n : threads) {
                        cells.add(new AnalyzerMtCell(gc, mode, c, s, n, mode.equals("realtime") ? intervalNs : 0, profile));
                    }
                }
            }
        }
        return List.copyOf(cells);
    }

    @Override
    public int forks() {
        return forks;
    }

    @Override
    public Duration timeout(AnalyzerMtCell cell) {
        return profile.timeout();
    }

    @Override
    public CellLaunch launch(AnalyzerMtCell cell, CellFiles files) {
        List<String> flags = new ArrayList<>(cell.jvmFlags(files.gcLog()));
        flags.addAll(files.jfrFlags());
        return CellLaunch.of(jvm.command(flags, jvmArgs, cell.programArgs()));
    }

    @Override
    public Report<AnalyzerMtCellFields, AnalyzerMtMetricsView> report() {
        return new AnalyzerMtReport();
    }
}

package org.allocpool.lab.analyzer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.analyzer.tables.AnalyzerReport;
import org.allocpool.lab.run.CellFiles;
import org.allocpool.lab.run.CellLaunch;
import org.allocpool.lab.run.Experiment;
import org.allocpool.lab.run.Report;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.process.JvmCommand;

/**
 * The packet-analyser experiment as the lab runs it: the cells of {@link AnalyzerLabSettings}
 * (variant × collector × strategy × heap × case × packet shape, then the C++ cells), each fork a child JVM
 * of this very program (a variant's with its flags, or its JDK's {@code java})
 * ({@code allocpool analyzer ... --json}; for a C++ cell one that execs the C++ analyser), and
 * {@link AnalyzerReport} for its tables and verdict. Immutable.
 */
public final class AnalyzerExperiment implements Experiment<AnalyzerCell, AnalyzerCellFields, AnalyzerMetricsView> {

    /** The experiment's name in records. */
    public static final String NAME = "analyzer";

    private final AnalyzerLabSettings settings;
    private final JvmCommand jvm;

    /**
     * @param settings what to run
     * @param jvm      how to start this program again ({@code --java} already applied)
     */
    public AnalyzerExperiment(AnalyzerLabSettings settings, JvmCommand jvm) {
        this.settings = settings;
        this.jvm = settings.javaHome() == null ? jvm : jvm.withJavaHome(settings.javaHome());
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public RunInfo describe() {
        return new RunInfo(NAME, settings.profile().label(), settings.childArgs(), settings.jvmArgs(),
                settings.mode().label());
    }

    @Override
    public List<AnalyzerCell> cells() {
        return AnalyzerMatrix.expand(settings);
    }

    @Override
    public int forks() {
        return settings.forks();
    }

    /**
     * The profile's, in batch when every cell runs the profile's passes; otherwise (real time, or
     * {@code --forks} asked for another count) exactly {@link #forks()} passes.
     */
    @Override
    public int maxForks() {
        return budget() == null ? forks() : Math.max(forks(), settings.profile().maxForks());
    }

    @Override
    public Duration budget() {
        return settings.mode() == AnalyzerMode.BATCH && settings.forks() == settings.profile().forks()
                ? settings.profile().budget() : null;
    }

    @Override
    public Duration timeout(AnalyzerCell cell) {
        return settings.cellTimeout();
    }

    /**
     * The cell's child. A Java cell keeps its GC log, with {@code --keep-jfr} its flight recording, and
     * in real time its probes' latency histograms ({@code --hlog}, the cell's {@code .hlog}); a C++
     * cell's JVM only execs the C++ analyser, which has no histogram log: it keeps none of them.
     */
    @Override
    public CellLaunch launch(AnalyzerCell cell, CellFiles files) {
        List<String> flags = new ArrayList<>(cell.jvmFlags(files.gcLog()));
        List<String> args = new ArrayList<>(cell.programArgs());
        if (!cell.isCpp()) {
            flags.addAll(files.jfrFlags());
            if (cell.mode() == AnalyzerMode.REALTIME) {
                args.addAll(args.size() - 1, List.of("--hlog", files.hlog().toString())); // before the closing --json
            }
        }
        JvmCommand java = cell.variant() != null && cell.variant().isJdk() ? jvm.withJavaHome(cell.variant().javaHome()) : jvm;
        return CellLaunch.of(java.command(flags, cell.userJvmArgs(settings.jvmArgs()), args));
    }

    @Override
    public Report<AnalyzerCellFields, AnalyzerMetricsView> report() {
        return new AnalyzerReport();
    }
}

package org.allocpool.lab.allocrate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.allocrate.tables.AllocRateReport;
import org.allocpool.lab.run.CellFiles;
import org.allocpool.lab.run.CellLaunch;
import org.allocpool.lab.run.Experiment;
import org.allocpool.lab.run.Report;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.process.JvmCommand;

/**
 * The alloc-rate experiment as the lab runs it: the cells of {@link AllocRateLabSettings} (thread count
 * × collector × loop × escape analysis), each fork one JVM of this very program running
 * {@code allocpool alloc-rate ... --json} under the cell's flags; {@link AllocRateReport} for its tables,
 * verdict and charts. The lab never imports the allocrate module: it knows the experiment by that
 * command line and the record. Immutable.
 */
public final class AllocRateExperiment implements Experiment<AllocRateCell, AllocRateCellFields, AllocRateMetricsView> {

    /** The experiment's name in records. */
    public static final String NAME = "alloc-rate";

    private final AllocRateLabSettings settings;
    private final JvmCommand jvm;

    /**
     * @param settings what to run
     * @param jvm      how to start this program again ({@code --java} is applied here)
     */
    public AllocRateExperiment(AllocRateLabSettings settings, JvmCommand jvm) {
        this.settings = settings;
        this.jvm = settings.javaHome() == null ? jvm : jvm.withJavaHome(settings.javaHome());
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public RunInfo describe() {
        return new RunInfo(NAME, settings.profile().label(), settings.childArgs(), settings.jvmArgs());
    }

    @Override
    public List<AllocRateCell> cells() {
        return settings.cells();
    }

    @Override
    public int forks() {
        return settings.forks();
    }

    @Override
    public Duration timeout(AllocRateCell cell) {
        return settings.cellTimeout();
    }

    /** The cell's flags, its GC log, with {@code --keep-jfr} its flight recording, the user's {@code --jvm-arg}s last. */
    @Override
    public CellLaunch launch(AllocRateCell cell, CellFiles files) {
        List<String> flags = new ArrayList<>(cell.jvmFlags(files.gcLog()));
        flags.addAll(files.jfrFlags());
        return CellLaunch.of(jvm.command(flags, settings.jvmArgs(), cell.programArgs()));
    }

    @Override
    public Report<AllocRateCellFields, AllocRateMetricsView> report() {
        return new AllocRateReport();
    }
}

package org.allocpool.lab.kv;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.kv.tables.KvReport;
import org.allocpool.lab.run.CellFiles;
import org.allocpool.lab.run.CellLaunch;
import org.allocpool.lab.run.Experiment;
import org.allocpool.lab.run.JvmFileFlags;
import org.allocpool.lab.run.Report;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.process.JvmCommand;

/**
 * The kv experiment as the lab runs it: one cell per store contender (the on-heap HashMap, the
 * allocpool store and its peers) and one for the codecs, each fork a JVM of the contenders' main
 * ({@link ContendersJar}) with the flags its contender needs on JDK 25 and a data folder of its own,
 * deleted once the fork ended; {@link KvReport} for its tables and verdict. Immutable.
 */
public final class KvExperiment implements Experiment<KvCell, KvCellFields, KvMetricsView> {

    /** The experiment's name in records. */
    public static final String NAME = "kv";

    private final KvLabSettings settings;
    private final JvmCommand contenders;

    /**
     * @param settings   what to run
     * @param contenders how to start the contenders' main ({@link ContendersJar#command}); {@code --java} is applied here
     */
    public KvExperiment(KvLabSettings settings, JvmCommand contenders) {
        this.settings = settings;
        this.contenders = settings.javaHome() == null ? contenders : contenders.withJavaHome(settings.javaHome());
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
    public List<KvCell> cells() {
        return settings.cells().stream().map(contender -> new KvCell(contender, settings.users())).toList();
    }

    @Override
    public int forks() {
        return settings.forks();
    }

    @Override
    public Duration timeout(KvCell cell) {
        return settings.cellTimeout();
    }

    /**
     * The contenders' main with the cell's flags, its GC log and, with {@code --keep-jfr}, its flight
     * recording; a store writes into {@code <stem>-data}, deleted afterwards. No {@code .hlog}: the
     * contenders time rounds of operations, not the latency of each.
     */
    @Override
    public CellLaunch launch(KvCell cell, CellFiles files) {
        Path data = files.file("-data");
        List<String> flags = new ArrayList<>(cell.contender().jvmFlags(cell.users()));
        flags.add(JvmFileFlags.gcLog(files.gcLog()));
        flags.addAll(files.jfrFlags());
        List<String> command = contenders.command(flags, settings.jvmArgs(), cell.programArgs(data, settings.childArgs()));
        return CellLaunch.of(command).cleaningUp(data);
    }

    @Override
    public Report<KvCellFields, KvMetricsView> report() {
        return new KvReport();
    }
}

package org.allocpool.lab.firstalloc;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.firstalloc.tables.FirstAllocReport;
import org.allocpool.lab.run.CellFiles;
import org.allocpool.lab.run.CellLaunch;
import org.allocpool.lab.run.Experiment;
import org.allocpool.lab.run.Report;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.process.JvmCommand;

/**
 * The first-alloc experiment as the lab runs it: one cell per allocator, each fork a fresh JVM of this
 * very program running {@code first-alloc --allocator A --json}, so that its first buffer really is the
 * first (class loading, static initialisation, arenas and caches all count); many forks per allocator,
 * run pass by pass by the runner so that a noisy spell falls on all allocators alike; and {@link
 * FirstAllocReport} for the tables and verdict. The lab never imports the firstalloc module: it knows the
 * experiment by that command line and its record. Immutable.
 */
public final class FirstAllocExperiment implements Experiment<FirstAllocCell, FirstAllocCellFields, FirstAllocMetricsView> {

    /** The experiment's name in records. */
    public static final String NAME = "first-alloc";

    private final FirstAllocLabSettings settings;
    private final JvmCommand jvm;

    /**
     * @param settings what to run
     * @param jvm      how to start this program again ({@code --java} is applied here)
     */
    public FirstAllocExperiment(FirstAllocLabSettings settings, JvmCommand jvm) {
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
    public List<FirstAllocCell> cells() {
        return settings.cells();
    }

    @Override
    public int forks() {
        return settings.forks();
    }

    @Override
    public Duration timeout(FirstAllocCell cell) {
        return settings.cellTimeout();
    }

    /**
     * The child: {@link FirstAllocCell#JVM_FLAGS}, the user's {@code --jvm-arg}s after the launcher's, and
     * a flight recording with {@code --keep-jfr}. No GC log: nothing in a fork of a quarter second collects,
     * and the child should start as any program does.
     */
    @Override
    public CellLaunch launch(FirstAllocCell cell, CellFiles files) {
        List<String> flags = new ArrayList<>(FirstAllocCell.JVM_FLAGS);
        flags.addAll(files.jfrFlags());
        return CellLaunch.of(jvm.command(flags, settings.jvmArgs(), cell.args()));
    }

    @Override
    public Report<FirstAllocCellFields, FirstAllocMetricsView> report() {
        return new FirstAllocReport();
    }
}

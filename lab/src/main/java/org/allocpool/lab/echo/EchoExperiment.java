package org.allocpool.lab.echo;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.allocpool.lab.echo.tables.EchoReport;
import org.allocpool.lab.run.CellFiles;
import org.allocpool.lab.run.CellLaunch;
import org.allocpool.lab.run.Experiment;
import org.allocpool.lab.run.Report;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.process.JvmCommand;
import org.allocpool.process.ReadyLine;

/**
 * The echo experiment as the lab runs it: the cells of {@link EchoLabSettings} (collector × event ×
 * clients × buffer strategy × copy-per-event off and on), each fork two JVMs of this very program,
 * an {@code echo serve} under the cell's collector, awaited until it prints its ready line, and an
 * {@code echo bench} against it whose record the lab keeps; and {@link EchoReport} for its tables
 * and verdict. The lab never imports the echo module: it knows the experiment by those command lines
 * and the record. Immutable.
 */
public final class EchoExperiment implements Experiment<EchoCell, EchoCellFields, EchoMetricsView> {

    /** The experiment's name in records. */
    public static final String NAME = "echo";
    /** The longest a server may take to listen: a JVM start and 1 GB pre-touched, on a busy machine, with room. */
    static final Duration LISTEN_TIMEOUT = Duration.ofSeconds(30);
    /** How long a server may take to exit after its stdin closes, and again after SIGTERM, before it is killed. */
    static final Duration STOP_GRACE = Duration.ofSeconds(10);

    private final EchoLabSettings settings;
    private final JvmCommand jvm;
    private final Duration stopGrace;

    /**
     * @param settings what to run
     * @param jvm      how to start this program again ({@code --java} is applied here)
     */
    public EchoExperiment(EchoLabSettings settings, JvmCommand jvm) {
        this(settings, jvm, STOP_GRACE);
    }

    EchoExperiment(EchoLabSettings settings, JvmCommand jvm, Duration stopGrace) {
        this.settings = settings;
        this.jvm = settings.javaHome() == null ? jvm : jvm.withJavaHome(settings.javaHome());
        this.stopGrace = stopGrace;
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
    public List<EchoCell> cells() {
        return EchoMatrix.expand(settings);
    }

    @Override
    public int forks() {
        return settings.forks();
    }

    /** The profile's while every cell runs the profile's passes; with {@code --forks}, exactly that many. */
    @Override
    public int maxForks() {
        return budget() == null ? forks() : Math.max(forks(), settings.profile().maxForks());
    }

    /**
     * The quick profile's 12 minutes, in which passes are added for the cells of copy questions still
     * undecided ({@link org.allocpool.lab.echo.tables.EchoReport#questions}); none with {@code --forks}.
     */
    @Override
    public Duration budget() {
        return settings.forks() == settings.profile().forks() ? settings.profile().budget() : null;
    }

    @Override
    public Duration timeout(EchoCell cell) {
        return settings.cellTimeout();
    }

    /**
     * The cell's server ({@code the server}, the user's {@code --jvm-arg}s after the cell's flags), then
     * the bench against it; each JVM with its GC log (and flight recording with {@code --keep-jfr}),
     * the bench keeping its rounds' latency histograms in the cell's {@code .hlog}.
     */
    @Override
    public CellLaunch launch(EchoCell cell, CellFiles files) {
        List<String> serverFlags = new ArrayList<>(cell.serverJvmFlags(files.serverGcLog()));
        serverFlags.addAll(files.serverJfrFlags());
        CellLaunch.Server server = new CellLaunch.Server("the server",
                jvm.command(serverFlags, settings.jvmArgs(), cell.serverArgs()),
                ReadyLine.pattern(EchoCell.SERVICE), LISTEN_TIMEOUT, stopGrace);
        List<String> clientFlags = new ArrayList<>(EchoCell.benchJvmFlags(files.gcLog()));
        clientFlags.addAll(files.jfrFlags());
        return new CellLaunch(server, address -> jvm.command(clientFlags, List.of(), cell.benchArgs(address, files.hlog())),
                List.of());
    }

    @Override
    public Report<EchoCellFields, EchoMetricsView> report() {
        return new EchoReport();
    }
}

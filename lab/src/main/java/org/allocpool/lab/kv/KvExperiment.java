package org.allocpool.lab.kv;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.allocpool.lab.kv.tables.KvReport;
import org.allocpool.lab.run.CellFiles;
import org.allocpool.lab.run.CellLaunch;
import org.allocpool.lab.run.Experiment;
import org.allocpool.lab.run.JvmFileFlags;
import org.allocpool.lab.run.NettySelectorFlags;
import org.allocpool.lab.run.Report;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.process.JvmCommand;

/**
 * The kv experiment as the lab runs it: one cell per store contender (the on-heap HashMap, the
 * allocpool store and its peers), one for the codecs and, with {@code --contender servers}, one per
 * {@link KvServerSetup} (Redis and {@code kv serve} under {@code redis-benchmark}), each fork a JVM of the contenders' main
 * ({@link ContendersJar}) with the flags its contender needs on JDK 25 and a data folder of its own,
 * deleted once the fork ended; {@link KvReport} for its tables and verdict. Immutable.
 */
public final class KvExperiment implements Experiment<KvCell, KvCellFields, KvMetricsView> {

    /** The experiment's name in records. */
    public static final String NAME = "kv";

    /** What {@code kv serve} prints once it listens; groups 1 and 2 are where it answers RESP. */
    static final Pattern KV_SERVE_READY = Pattern.compile("^kv serve: .*, RESP on (\\S+):(\\d+);.*$");

    private static final Duration LISTEN_TIMEOUT = Duration.ofSeconds(60);
    // kv serve stops on SIGTERM (its Ctrl-C: the store closed cleanly), not when its stdin closes: wait little for that
    private static final Duration STOP_GRACE = Duration.ofSeconds(2);

    private final KvLabSettings settings;
    private final JvmCommand contenders;
    private final JvmCommand allocpool;

    /**
     * A kv lab without the servers section's {@code kv serve}.
     *
     * @param settings   what to run
     * @param contenders how to start the contenders' main ({@link ContendersJar#command}); {@code --java} is applied here
     * @throws IllegalArgumentException when the settings name the servers
     */
    public KvExperiment(KvLabSettings settings, JvmCommand contenders) {
        this(settings, contenders, null);
    }

    /**
     * @param settings   what to run
     * @param contenders how to start the contenders' main ({@link ContendersJar#command}); {@code --java} is applied here
     * @param allocpool  how to start allocpool itself, for the servers section's {@code kv serve}; {@code null} without it
     * @throws IllegalArgumentException when the settings name the servers and there is no {@code allocpool}
     */
    public KvExperiment(KvLabSettings settings, JvmCommand contenders, JvmCommand allocpool) {
        if (allocpool == null && settings.cells().contains(KvContender.SERVERS)) {
            throw new IllegalArgumentException("the servers section needs allocpool's own command to start kv serve");
        }
        this.settings = settings;
        this.contenders = settings.javaHome() == null ? contenders : contenders.withJavaHome(settings.javaHome());
        this.allocpool = allocpool == null || settings.javaHome() == null ? allocpool : allocpool.withJavaHome(settings.javaHome());
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
        List<KvCell> cells = new ArrayList<>();
        for (KvContender contender : settings.cells()) {
            if (contender.isServers()) {
                for (KvServerSetup setup : KvServerSetup.values()) {
                    cells.add(new KvCell(contender, settings.users(), setup));
                }
            } else {
                cells.add(new KvCell(contender, settings.users()));
            }
        }
        return List.copyOf(cells);
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
        if (cell.server() != null) {
            return launchServers(cell, files);
        }
        Path data = files.file("-data");
        List<String> flags = new ArrayList<>(cell.contender().jvmFlags(cell.users()));
        flags.add(JvmFileFlags.gcLog(files.gcLog()));
        flags.addAll(files.jfrFlags());
        List<String> command = contenders.command(flags, settings.jvmArgs(), cell.programArgs(data, settings.childArgs()));
        return CellLaunch.of(command).cleaningUp(data);
    }

    /**
     * A servers cell: for {@code kv serve}, the lab starts it first ({@code the kv serve}, its store in
     * {@code <stem>-data}, 256 MB of heap, G1, {@code sun.misc.Unsafe} denied) and awaits its ready line,
     * then the contenders' main drives {@code redis-benchmark} against it; for Redis, the contenders' main
     * starts {@code redis-server} itself on a free loopback port, its AOF in {@code <stem>-data}. Either
     * folder is deleted afterwards.
     */
    private CellLaunch launchServers(KvCell cell, CellFiles files) {
        Path data = files.file("-data");
        List<String> driverFlags = new ArrayList<>(cell.contender().jvmFlags(cell.users()));
        driverFlags.add(JvmFileFlags.gcLog(files.gcLog()));
        if (!cell.server().isKvServe()) {
            return CellLaunch.of(contenders.command(driverFlags, List.of(),
                    cell.serverArgs(null, data, settings.profile(), settings.childArgs()))).cleaningUp(data);
        }
        List<String> serverFlags = new ArrayList<>(cell.contender().jvmFlags(cell.users()));
        serverFlags.add(JvmFileFlags.gcLog(files.serverGcLog()));
        serverFlags.addAll(NettySelectorFlags.flags()); // as ./allocpool kv serve starts it
        serverFlags.addAll(files.serverJfrFlags());
        CellLaunch.Server server = new CellLaunch.Server("the kv serve",
                allocpool.command(serverFlags, settings.jvmArgs(), cell.kvServeArgs(data)), KV_SERVE_READY,
                LISTEN_TIMEOUT, STOP_GRACE);
        return new CellLaunch(server, address -> contenders.command(driverFlags, List.of(),
                cell.serverArgs(address.getHostString() + ":" + address.getPort(), data, settings.profile(),
                        settings.childArgs())), List.of(data));
    }

    @Override
    public Report<KvCellFields, KvMetricsView> report() {
        return new KvReport();
    }
}

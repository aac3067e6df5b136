package org.allocpool.lab.messaging;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.allocpool.lab.messaging.tables.MessagingReport;
import org.allocpool.lab.run.CellFiles;
import org.allocpool.lab.run.CellLaunch;
import org.allocpool.lab.run.Experiment;
import org.allocpool.lab.run.JvmFileFlags;
import org.allocpool.lab.run.Report;
import org.allocpool.lab.store.RunInfo;
import org.allocpool.process.JvmCommand;
import org.allocpool.process.ReadyLine;

/**
 * The messaging experiment as the lab runs it: per codec a throughput cell (a subscriber JVM, awaited
 * until its ready line, then a publisher JVM over Aeron UDP on loopback whose record counts, or over
 * IPC joining the subscriber's media driver in a folder the lab names ({@link IpcFolder}); the
 * subscriber hands its report over in {@code <stem>.subscriber.json}), and per transport and rate a
 * ping-pong cell (a pong, then a ping): Java over Aeron, Java over a {@code DatagramChannel}, and the C
 * program over UDP sockets. The Java children are the messaging module's jar ({@link MessagingJar}),
 * run on the class path with the flags Aeron, Fory and Kryo need; the lab never links them.
 * {@link MessagingReport} makes the tables and verdict. Immutable.
 */
public final class MessagingExperiment implements Experiment<MessagingCell, MessagingCellFields, MessagingMetricsView> {

    /** The experiment's name in records. */
    public static final String NAME = "messaging";
    static final Duration READY_TIMEOUT = Duration.ofSeconds(30);
    static final Duration STOP_GRACE = Duration.ofSeconds(5);

    private final MessagingLabSettings settings;
    private final JvmCommand jvm;
    private final Supplier<Path> cProgram;

    /**
     * @param settings what to run
     * @param jvm      how to start the messaging children ({@link MessagingJar#command}); {@code --java} is applied here
     * @param cProgram where the C program is ({@link UdpPingPongProgram#locate}); asked only when a C cell runs
     */
    public MessagingExperiment(MessagingLabSettings settings, JvmCommand jvm, Supplier<Path> cProgram) {
        this.settings = settings;
        this.jvm = settings.javaHome() == null ? jvm : jvm.withJavaHome(settings.javaHome());
        this.cProgram = cProgram;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public RunInfo describe() {
        List<String> args = new ArrayList<>(settings.timingArgs());
        args.addAll(List.of("--channel", settings.channel()));
        return new RunInfo(NAME, settings.profile().label(), args, settings.jvmArgs());
    }

    @Override
    public List<MessagingCell> cells() {
        List<MessagingCell> cells = new ArrayList<>();
        for (String codec : settings.codecs()) {
            cells.add(MessagingCell.throughput(codec, settings));
        }
        for (String transport : settings.transports()) {
            for (long rate : settings.rates()) {
                cells.add(MessagingCell.pingPong(transport, rate, settings));
            }
        }
        return List.copyOf(cells);
    }

    @Override
    public int forks() {
        return settings.forks();
    }

    @Override
    public Duration timeout(MessagingCell cell) {
        return settings.cellTimeout();
    }

    @Override
    public CellLaunch launch(MessagingCell cell, CellFiles files) {
        Path report = files.file(".subscriber.json");
        // a fork run again (the host gauge moved) must not hand its publisher the last attempt's report
        try {
            Files.deleteIfExists(report);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the last attempt's subscriber report " + report, e);
        }
        String service = cell.isThroughput() ? "messaging-subscriber" : "messaging-pong";
        List<String> serverCommand;
        List<String> clientFlags = new ArrayList<>(MessagingJar.JVM_FLAGS);
        clientFlags.add(JvmFileFlags.gcLog(files.gcLog()));
        clientFlags.addAll(files.jfrFlags());
        if (cell.isNative()) {
            Path program;
            try {
                program = cProgram.get();
            } catch (IllegalStateException missing) {
                return CellLaunch.of(List.of("/bin/sh", "-c", "echo \"$0\" >&2; exit 3", missing.getMessage()));
            }
            serverCommand = prefixed(program, cell.serverArgs(report, null));
            CellLaunch.Server server = new CellLaunch.Server("the C pong", serverCommand, ReadyLine.pattern(service),
                    READY_TIMEOUT, STOP_GRACE);
            return new CellLaunch(server, address -> prefixed(program, cell.clientArgs(address, report, null)), List.of());
        }
        Path aeronDir = cell.isIpc() ? IpcFolder.forFork(files.stem()) : null;
        List<String> serverFlags = new ArrayList<>(MessagingJar.JVM_FLAGS);
        serverFlags.add(JvmFileFlags.gcLog(files.serverGcLog()));
        serverFlags.addAll(files.serverJfrFlags());
        serverCommand = jvm.command(serverFlags, settings.jvmArgs(), cell.serverArgs(report, aeronDir));
        CellLaunch.Server server = new CellLaunch.Server(cell.isThroughput() ? "the subscriber" : "the pong", serverCommand,
                ReadyLine.pattern(service), READY_TIMEOUT, STOP_GRACE);
        CellLaunch launch = new CellLaunch(server,
                address -> jvm.command(clientFlags, settings.jvmArgs(), cell.clientArgs(address, report, aeronDir)), List.of());
        // the subscriber's driver deletes its folder when it closes; not when it was killed
        return aeronDir == null ? launch : launch.cleaningUp(aeronDir);
    }

    private static List<String> prefixed(Path program, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(program.toString());
        command.addAll(args);
        return List.copyOf(command);
    }

    @Override
    public Report<MessagingCellFields, MessagingMetricsView> report() {
        return new MessagingReport();
    }
}

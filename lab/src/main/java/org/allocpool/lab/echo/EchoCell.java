package org.allocpool.lab.echo;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.allocpool.lab.analyzer.AnalyzerCell;
import org.allocpool.lab.analyzer.Collector;
import org.allocpool.lab.run.JvmFileFlags;
import org.allocpool.lab.run.LabCell;
import org.allocpool.lab.run.NettySelectorFlags;

/**
 * One cell of the echo matrix: a server JVM under {@code collector} with one buffer strategy, with or
 * without one copy per event, and a bench JVM whose {@code clients} send {@code event}s to it, timed
 * as {@code plan} says. Says the JVM flags and program arguments of both and the cell fields the
 * records should carry. Only the server varies between cells: every bench JVM gets the same collector
 * and heap. Immutable; safe to share.
 *
 * @param collector    the server's garbage collector
 * @param buffers      the server's buffer strategy, one of {@link EchoMatrix#BUFFERS}
 * @param copyPerEvent whether the server allocates one copy of every event ({@code --copy-per-event})
 * @param event        what clients send, one of {@link EchoMatrix#EVENTS}
 * @param clients      how many clients send at once
 * @param plan         how the bench is timed
 */
public record EchoCell(Collector collector, String buffers, boolean copyPerEvent, String event, int clients,
                       BenchPlan plan) implements LabCell<EchoCellFields> {

    /** The server's heap: fixed ({@code -Xms} = {@code -Xmx}) so that no cell measures heap resizing. */
    public static final String SERVER_HEAP = "1g";
    /** The bench JVM's flags, the same in every cell: G1 and a fixed heap ample for 16 clients' histograms. */
    public static final List<String> BENCH_JVM_FLAGS = List.of("-XX:+UseG1GC", "-Xms512m", "-Xmx512m");
    /** The address the server binds: loopback, as both articles' single-host runs. */
    public static final String HOST = "127.0.0.1";
    /** The service name of the server's ready line, {@code echo: listening on <host>:<port>} (the echo contract). */
    public static final String SERVICE = "echo";

    public EchoCell {
        Objects.requireNonNull(collector, "collector");
        Objects.requireNonNull(buffers, "buffers");
        Objects.requireNonNull(event, "event");
        Objects.requireNonNull(plan, "plan");
        if (clients < 1) {
            throw new IllegalArgumentException("a cell needs at least one client, not " + clients);
        }
    }

    /** A name for files: {@code G1-top-of-book-16c-thread-local-copy} ({@code -reuse} without copy-per-event). */
    @Override
    public String id() {
        return collector.label() + "-" + event + "-" + clients + "c-" + buffers + "-" + (copyPerEvent ? "copy" : "reuse");
    }

    /** A name for progress lines: {@code G1 top-of-book, 16 clients, thread-local, copy-per-event}. */
    @Override
    public String label() {
        return fields().label();
    }

    /**
     * The cell fields a record of this cell should carry, as far as the lab knows them; the bench's
     * own (its settings, and the server's from its STATS answer) take precedence, these fill what it
     * left out.
     */
    @Override
    public EchoCellFields fields() {
        return new EchoCellFields(event, buffers, copyPerEvent, clients, collector.label(), null, null,
                seconds(plan.duration().toMillis()), seconds(plan.warmup().toMillis()),
                seconds(plan.roundTime().toMillis()), plan.rounds(), plan.maxRounds(), SERVER_HEAP);
    }

    /**
     * The server's flags the user cannot override: its collector (with the collector's defaults, as
     * the articles ran), the fixed heap, {@link AnalyzerCell#PRE_TOUCH} (a first write to a page of a
     * virtual machine's memory can stall for microseconds: that is the machine, not the collector),
     * the selector flags ({@link NettySelectorFlags}), and the unified GC log into {@code gcLog}.
     */
    public List<String> serverJvmFlags(Path gcLog) {
        List<String> flags = new ArrayList<>(List.of(collector.selectingFlag(), "-Xms" + SERVER_HEAP, "-Xmx" + SERVER_HEAP,
                AnalyzerCell.PRE_TOUCH));
        flags.addAll(NettySelectorFlags.flags());
        flags.add(JvmFileFlags.gcLog(gcLog));
        return List.copyOf(flags);
    }

    /**
     * {@code echo serve --host 127.0.0.1 --port 0 --buffers B [--copy-per-event] --stop-on-stdin-eof}:
     * an ephemeral port, and a server that ends with the lab's pipe to its stdin.
     */
    public List<String> serverArgs() {
        List<String> args = new ArrayList<>(List.of("echo", "serve", "--host", HOST, "--port", "0", "--buffers", buffers));
        if (copyPerEvent) {
            args.add("--copy-per-event");
        }
        args.add("--stop-on-stdin-eof");
        return List.copyOf(args);
    }

    /**
     * The bench client's JVM flags: {@link #BENCH_JVM_FLAGS}, then its unified GC log into {@code gcLog}
     * (the client's collections show there when its latency has a tail the server's log does not explain).
     */
    public static List<String> benchJvmFlags(Path gcLog) {
        List<String> flags = new ArrayList<>(BENCH_JVM_FLAGS);
        flags.add(JvmFileFlags.gcLog(gcLog));
        return List.copyOf(flags);
    }

    /**
     * {@code echo bench --host H --port P --clients N --event E --duration D --warmup W --round-time R
     * --max-rounds M --json} against the server at {@code server}.
     */
    public List<String> benchArgs(InetSocketAddress server) {
        return benchArgs(server, null);
    }

    /**
     * {@link #benchArgs(InetSocketAddress)}, with {@code --hlog hlog} before {@code --json} when
     * {@code hlog} is not {@code null}: the bench then keeps each round's latency histogram there.
     */
    public List<String> benchArgs(InetSocketAddress server, Path hlog) {
        List<String> args = new ArrayList<>(List.of("echo", "bench", "--host", server.getHostString(),
                "--port", Integer.toString(server.getPort()), "--clients", Integer.toString(clients), "--event", event));
        args.addAll(plan.toArgs());
        if (hlog != null) {
            args.addAll(List.of("--hlog", hlog.toString()));
        }
        args.add("--json");
        return List.copyOf(args);
    }

    private static double seconds(long ms) {
        return ms / 1000.0;
    }
}

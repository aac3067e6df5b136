package org.allocpool.lab.echo;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.allocpool.lab.analyzer.AnalyzerCell;
import org.allocpool.lab.analyzer.Collector;

/**
 * One cell of the echo matrix: a server JVM under {@code collector} with one buffer strategy, with or
 * without one copy per event, and a bench JVM whose {@code clients} send {@code event}s to it. Says
 * the JVM flags and program arguments of both and the identity the record should carry. Only the
 * server varies between cells: every bench JVM gets the same collector and heap. Immutable; safe to share.
 *
 * @param collector    the server's garbage collector
 * @param buffers      the server's buffer strategy, one of {@link EchoMatrix#BUFFERS}
 * @param copyPerEvent whether the server allocates one copy of every event ({@code --copy-per-event})
 * @param event        what clients send, one of {@link EchoMatrix#EVENTS}
 * @param clients      how many clients send at once
 */
public record EchoCell(Collector collector, String buffers, boolean copyPerEvent, String event, int clients) {

    /** The server's heap: fixed ({@code -Xms} = {@code -Xmx}) so that no cell measures heap resizing. */
    public static final String SERVER_HEAP = "1g";
    /** The bench JVM's flags, the same in every cell: G1 and a fixed heap ample for 16 clients' histograms. */
    public static final List<String> BENCH_JVM_FLAGS = List.of("-XX:+UseG1GC", "-Xms512m", "-Xmx512m");
    /** The address the server binds and the bench connects to: loopback, as both articles' single-host runs. */
    public static final String HOST = "127.0.0.1";

    public EchoCell {
        Objects.requireNonNull(collector, "collector");
        Objects.requireNonNull(buffers, "buffers");
        Objects.requireNonNull(event, "event");
        if (clients < 1) {
            throw new IllegalArgumentException("a cell needs at least one client, not " + clients);
        }
    }

    /** A name for files: {@code G1-top-of-book-16c-thread-local-copy} ({@code -reuse} without copy-per-event). */
    public String id() {
        return collector.label() + "-" + event + "-" + clients + "c-" + buffers + "-" + (copyPerEvent ? "copy" : "reuse");
    }

    /** A name for progress lines: {@code G1 top-of-book, 16 clients, thread-local, copy-per-event}. */
    public String label() {
        return collector.label() + " " + event + ", " + clients + (clients == 1 ? " client, " : " clients, ") + buffers
                + ", " + (copyPerEvent ? "copy-per-event" : "reuse");
    }

    /** What identifies this cell among records (for resuming and tables). */
    public EchoCellKey key() {
        return new EchoCellKey(collector.label(), buffers, copyPerEvent, event, clients);
    }

    /**
     * The server's flags the user cannot override: its collector (with the collector's defaults, as
     * the articles ran), the fixed heap, {@link AnalyzerCell#PRE_TOUCH} (a first write to a page of a
     * virtual machine's memory can stall for microseconds: that is the machine, not the collector),
     * and the unified GC log into {@code gcLog}.
     */
    public List<String> serverJvmFlags(Path gcLog) {
        List<String> flags = new ArrayList<>(List.of(collector.selectingFlag(), "-Xms" + SERVER_HEAP, "-Xmx" + SERVER_HEAP,
                AnalyzerCell.PRE_TOUCH));
        String file = gcLog.toString();
        // -Xlog splits its argument at colons: a path holding one (or a comma) must be quoted
        flags.add("-Xlog:gc*:file=" + (file.contains(":") || file.contains(",") ? "\"" + file + "\"" : file));
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

    /** {@code echo bench --host H --port P --clients N --event E --duration D --warmup W --json}. */
    public List<String> benchArgs(String host, int port, Duration duration, Duration warmup) {
        return List.of("echo", "bench", "--host", host, "--port", Integer.toString(port),
                "--clients", Integer.toString(clients), "--event", event,
                "--duration", durationArg(duration), "--warmup", durationArg(warmup), "--json");
    }

    /**
     * The cell fields a record of this cell should carry, as far as the lab knows them; the bench's
     * own (read from the server) take precedence, these fill what it left out.
     */
    public Map<String, Object> intendedCell(Duration duration, Duration warmup) {
        Map<String, Object> cell = new LinkedHashMap<>();
        cell.put("event", event);
        cell.put("buffers", buffers);
        cell.put("copyPerEvent", copyPerEvent);
        cell.put("clients", clients);
        cell.put("gc", collector.label());
        cell.put("durationS", duration.toMillis() / 1000.0);
        cell.put("warmupS", warmup.toMillis() / 1000.0);
        cell.put("heap", SERVER_HEAP);
        return cell;
    }

    /** {@code 5s}, or {@code 1500ms} when not a whole number of seconds; {@code 0s} for none. */
    static String durationArg(Duration duration) {
        long ms = duration.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms";
    }
}
